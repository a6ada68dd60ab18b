// SPDX-License-Identifier: Apache-2.0
// A stage reads operand<0> after an earlier stage wrote result<0>, declared in place over it: the
// exclusive scan plus the operand, an inclusive scan, adds result 0 to itself when the caller passes
// one buffer as both.
// expect: accy::pipeline: a stage reads an operand after an earlier stage wrote a result in_place<i, ...> over it
// expect: accy::diagnostic::report<accy::problem::operand_read_after_in_place_write
// expect: in_stage<3, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>
// expect: accy::diagnostic::at_parameter<1, accy::diagnostic::text<'b', 'a', 's', 'e', 's'>, accy::operand<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::f32, n>>>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>,
        stage<"accy.kernel.test.add_base", 1, result<0>, operand<0>, n>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
