// SPDX-License-Identifier: Apache-2.0
// A stage's argument is ceil_div of a float runtime scalar.
// expect: accy::pipeline: ceil_div, sum, product, min_of and max_of take integer derivations
// expect: accy::diagnostic::report<accy::problem::arithmetic_on_non_integer
// expect: in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<2, accy::diagnostic::text<'c', 'o', 'u', 'n', 't'>, accy::ceil_div<accy::forward<1>, 64>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'a', 'l', 'p', 'h', 'a'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float>>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<forward<1>, 64>>,  // mistake
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, float>{1000, 2.0f});
}
