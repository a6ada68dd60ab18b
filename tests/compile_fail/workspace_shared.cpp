// SPDX-License-Identifier: Apache-2.0
// block_scan's tile sums as a workspace that sums_scan reads too: a workspace read as an intermediate by another stage.
// expect: accy::pipeline: a workspace is bound by two stages; a workspace belongs to one stage, pass data between stages in an intermediate
// expect: accy::diagnostic::report<accy::problem::workspace_shared
// expect: in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<1, accy::diagnostic::text<'t', 'i', 'l', 'e', '_', 's', 'u', 'm', 's'>, accy::workspace<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, ceil_div<n, 64>>>;
    using workspaces = accy::workspaces<shape<dtype::f32, ceil_div<n, 64>>>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, workspace<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<0>, workspace<0>, ceil_div<n, 64>>,  // mistake
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
