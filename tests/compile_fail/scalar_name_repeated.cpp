// SPDX-License-Identifier: Apache-2.0
// Two runtime scalars named n.
// expect: accy::runtime_scalars<...>: two runtime scalars have the same name
// expect: accy::diagnostic::report<accy::problem::scalar_name_repeated
// expect: accy::diagnostic::in_scalar<1, accy::diagnostic::text<'n'>, accy::scalar<
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"n", std::uint32_t>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, std::uint32_t>{1000, 1000});
}
