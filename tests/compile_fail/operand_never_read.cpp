// SPDX-License-Identifier: Apache-2.0
// A second operand that no stage binds.
// expect: accy::pipeline: no stage binds an operand; bind it to the parameter that reads it, or remove it
// expect: accy::diagnostic::report<accy::problem::operand_never_read
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::operand, 1, accy::shape<accy::dtype::f32, accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using operands = accy::operands<shape<dtype::f32, n>, shape<dtype::f32, n>>;  // mistake: no stage reads operand 1
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(2), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
