// SPDX-License-Identifier: Apache-2.0
// A u32 result declared in place over the f32 operand 0.
// expect: accy::pipeline: a result in_place<i, Shape> must have operand i's dtype
// expect: accy::diagnostic::report<accy::problem::in_place_dtype_mismatch
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::result, 0, accy::in_place<0, accy::shape<accy::dtype::u32, accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::u32, n>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
