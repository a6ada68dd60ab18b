// SPDX-License-Identifier: Apache-2.0
// An operand declared in_place, which only a result may be.
// expect: accy::pipeline: in_place<i, ...> declares a result that may share an operand's memory; it applies to results only
// expect: accy::diagnostic::report<accy::problem::in_place_outside_results
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::operand, 0, accy::in_place<0, accy::shape<accy::dtype::f32, accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using operands = accy::operands<in_place<0, shape<dtype::f32, n>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
