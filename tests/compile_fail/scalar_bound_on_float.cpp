// SPDX-License-Identifier: Apache-2.0
// A float runtime scalar with a bound: bounds apply to integer scalars only.
// expect: accy::scalar<Name, T, Bounds>: bounds apply to integer scalars, with min <= max
// expect: accy::diagnostic::report<accy::problem::scalar_bounds_invalid
// expect: in_scalar<1, accy::diagnostic::text<'a', 'l', 'p', 'h', 'a'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float, at_most<1>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, float>{1000, 0.5f});
}
