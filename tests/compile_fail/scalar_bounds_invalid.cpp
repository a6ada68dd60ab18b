// SPDX-License-Identifier: Apache-2.0
// A runtime scalar's bounds have their minimum above their maximum. (Bounds now live on accy::scalar,
// so a bound can no longer name a runtime scalar that does not exist: this replaces bound_index_out_of_range.)
// expect: accy::scalar<Name, T, Bounds>: bounds apply to integer scalars, with min <= max
// expect: accy::diagnostic::report<accy::problem::scalar_bounds_invalid
// expect: in_scalar<0, accy::diagnostic::text<'n'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t, within<5000, 64>>>;  // mistake: 5000 > 64
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
