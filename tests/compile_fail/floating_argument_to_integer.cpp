// SPDX-License-Identifier: Apache-2.0
// A stage binds the float scalar alpha where add_base takes its u32 n: arguments out of order.
// expect: accy::pipeline: a stage binds a floating-point derivation to an integer parameter; check the order of the stage's arguments
// expect: accy::diagnostic::report<accy::problem::floating_argument_to_integer
// expect: in_stage<2, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>
// expect: accy::diagnostic::at_parameter<2, accy::diagnostic::text<'n'>, accy::forward<1>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'a', 'l', 'p', 'h', 'a'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float>>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, forward<1>>>;  // mistake: alpha for n
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, float>{1000, 2.0f});
}
