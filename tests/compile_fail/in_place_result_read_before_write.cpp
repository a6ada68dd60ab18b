// SPDX-License-Identifier: Apache-2.0
// add_base adds to result<1>, declared in place over operand 0, which no earlier stage writes: it
// holds operand 0's elements only when the caller passes one buffer as both.
// expect: accy::pipeline: a stage reads a result in_place<i, ...> that no earlier stage writes
// expect: accy::diagnostic::report<accy::problem::in_place_result_read_before_write
// expect: in_stage<2, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>
// expect: accy::diagnostic::at_parameter<0, accy::diagnostic::text<'o', 'u', 't'>, accy::result<1>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, in_place<0, shape<dtype::f32, n>>>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<1>, intermediate<1>, n>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(2);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
