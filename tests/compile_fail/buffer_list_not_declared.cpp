// SPDX-License-Identifier: Apache-2.0
// The definition declares `workspace`, not `workspaces`, and a stage binds workspace<0>.
// expect: accy::pipeline: a stage binds intermediate<i> or workspace<i>, and the definition declares no such list
// expect: accy::diagnostic::report<accy::problem::buffer_list_not_declared
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<2, accy::diagnostic::text<'t', 'i', 'l', 'e', '_', 's', 'u', 'm', 's'>, accy::workspace<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using workspace = accy::workspaces<accy_test::f32_blocks>;  // mistake: the member is `workspaces`
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, accy::workspace<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
