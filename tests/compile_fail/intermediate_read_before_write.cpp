// SPDX-License-Identifier: Apache-2.0
// A stage reads intermediate<1> before any stage writes it.
// expect: accy::pipeline: a stage reads an intermediate that no earlier stage writes
// expect: accy::diagnostic::report<accy::problem::intermediate_read_before_write
// expect: in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<1, accy::diagnostic::text<'t', 'i', 'l', 'e', '_', 's', 'u', 'm', 's'>, accy::intermediate<1>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<0>, intermediate<1>, ceil_div<n, 64>>,  // mistake
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
