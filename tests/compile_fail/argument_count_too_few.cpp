// SPDX-License-Identifier: Apache-2.0
// A stage binds two arguments to a kernel of three parameters (buffer, buffer, u32): too few arguments.
// expect: accy::pipeline: a stage binds a different number of arguments than its kernel entry declares parameters; bind every parameter, in order
// expect: accy::diagnostic::report<accy::problem::argument_count_mismatch
// expect: in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::in_entry<accy::format::cuda_ptx, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>, 3>
// expect: accy::diagnostic::first_unbound_parameter<2, accy::diagnostic::text<'c', 'o', 'u', 'n', 't'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, ceil_div<n, 64>>,  // mistake
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
