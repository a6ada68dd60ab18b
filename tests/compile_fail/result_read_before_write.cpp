// SPDX-License-Identifier: Apache-2.0
// block_scan reads result 1, which no stage has written yet, as its input.
// expect: accy::pipeline: a stage only reads a result that no earlier stage writes, which would read the caller's old contents
// expect: accy::diagnostic::report<accy::problem::result_read_before_write
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<1, accy::diagnostic::text<'i', 'n'>, accy::result<1>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, shape<dtype::f32, n>>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, result<1>, intermediate<0>, n>,  // mistake: operand<0>
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(2);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
