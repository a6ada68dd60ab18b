// SPDX-License-Identifier: Apache-2.0
// A stage names version 2 of a kernel the registry has only in version 1.
// expect: accy::pipeline: a stage names a version of its target that the registry has no entry for; the nearest_entry<target, version> in the context is that target's entry
// expect: accy::diagnostic::report<accy::problem::stage_version_without_entry
// expect: in_stage<2, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>
// expect: accy::diagnostic::nearest_entry<accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>, 1>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 2, result<0>, intermediate<1>, n>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
