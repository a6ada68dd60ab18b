// SPDX-License-Identifier: Apache-2.0
// A result declared in place over operand 1 of a pipeline of one operand.
// expect: accy::pipeline: a result is in_place<i, ...> over operand i at or past the number of operands
// expect: accy::diagnostic::report<accy::problem::in_place_operand_out_of_range
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::result, 0, accy::in_place<1, accy::shape<accy::dtype::f32, accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<in_place<1, shape<dtype::f32, n>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
