// SPDX-License-Identifier: Apache-2.0
// An intermediate has the fixed extent constant<0>.
// expect: accy::pipeline: a buffer has a constant extent of 0 elements or fewer; a buffer needs one element or more
// expect: accy::diagnostic::report<accy::problem::extent_zero
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::intermediate, 1, accy::shape<accy::dtype::u32, accy::constant<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, ceil_div<n, 64>>,
                                              shape<dtype::u32, constant<0>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
