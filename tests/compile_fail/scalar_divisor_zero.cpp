// SPDX-License-Identifier: Apache-2.0
// A stage's argument is ceil_div<n, 0>.
// expect: accy::pipeline: a derivation is ceil_div<D, 0>, a division by zero
// expect: accy::diagnostic::report<accy::problem::divisor_zero
// expect: in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<2, accy::diagnostic::text<'c', 'o', 'u', 'n', 't'>, accy::ceil_div<accy::forward<0>, 0>
// expect: accy::diagnostic::reads_scalar<0, accy::diagnostic::text<'n'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 0>>,  // mistake
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
