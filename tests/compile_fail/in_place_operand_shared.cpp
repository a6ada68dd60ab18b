// SPDX-License-Identifier: Apache-2.0
// Two results declared in place over operand 0.
// expect: accy::pipeline: two results are in_place<i, ...> over the same operand i, and would write the same memory
// expect: accy::diagnostic::report<accy::problem::in_place_operand_shared
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::result, 1, accy::in_place<0, accy::shape<accy::dtype::f32, accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::f32, n>>, in_place<0, shape<dtype::f32, n>>>;  // mistake
    using intermediates = accy::intermediates<accy_test::f32_blocks>;
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, result<1>, intermediate<0>, ceil_div<n, 64>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(2);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
