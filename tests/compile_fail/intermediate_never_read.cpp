// SPDX-License-Identifier: Apache-2.0
// The last stage reads intermediate<0> instead of intermediate<1>, so no stage reads intermediate<1>.
// expect: accy::pipeline: an intermediate is not read by any stage after the first stage that writes it
// expect: accy::diagnostic::report<accy::problem::intermediate_never_read
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::intermediate, 1, accy::shape<accy::dtype::f32, accy::ceil_div<accy::forward<0>, 64>
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
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<0>, n>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
