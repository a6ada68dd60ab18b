// SPDX-License-Identifier: Apache-2.0
// A stage binds five arguments to a kernel of four parameters: too many arguments.
// expect: accy::pipeline: a stage binds a different number of arguments than its kernel entry declares parameters; bind every parameter, in order
// expect: accy::diagnostic::report<accy::problem::argument_count_mismatch
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::in_entry<accy::format::cuda_ptx, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>, 4>
// expect: accy::diagnostic::first_extra_argument<4, accy::ceil_div<accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n, ceil_div<n, 64>>,  // mistake
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
