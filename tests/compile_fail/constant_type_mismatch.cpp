// SPDX-License-Identifier: Apache-2.0
// A stage binds constant<5>, an int, to add_base's u32 n.
// expect: accy::pipeline: a stage binds constant<v> to a parameter whose type does not hold every value of v's C++ type
// expect: accy::diagnostic::report<accy::problem::constant_type_mismatch
// expect: in_stage<2, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>
// expect: accy::diagnostic::at_parameter<2, accy::diagnostic::text<'n'>, accy::constant<5>
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
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, constant<5>>>;  // mistake: 5u
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
