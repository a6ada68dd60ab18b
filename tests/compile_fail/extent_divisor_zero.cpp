// SPDX-License-Identifier: Apache-2.0
// An intermediate's extent divides by zero.
// expect: accy::pipeline: a derivation is ceil_div<D, 0>, a division by zero
// expect: accy::diagnostic::report<accy::problem::divisor_zero
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::intermediate, 0, accy::shape<accy::dtype::f32, accy::ceil_div<accy::forward<0>, 0>
// expect: accy::diagnostic::reads_scalar<0, accy::diagnostic::text<'n'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, ceil_div<n, 0>>,  // mistake
                                              shape<dtype::f32, ceil_div<n, 64>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
