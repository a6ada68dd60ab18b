// SPDX-License-Identifier: Apache-2.0
// An intermediate declared zero_filled, which only a workspace may be.
// expect: accy::pipeline: zero_filled<...> and kept_zero<...> apply to workspaces only (a kernel's own scratch); accy zeroes no operand, result or intermediate
// expect: accy::diagnostic::report<accy::problem::zeroing_outside_workspaces
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::intermediate, 1, accy::zero_filled<accy::shape<accy::dtype::f32, accy::ceil_div<accy::forward<0>, 64>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, ceil_div<n, 64>>,
                                              zero_filled<shape<dtype::f32, ceil_div<n, 64>>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
