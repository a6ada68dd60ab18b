// SPDX-License-Identifier: Apache-2.0
// A second result that no stage binds.
// expect: accy::pipeline: no stage writes a result; bind it to a parameter a kernel writes, or remove it
// expect: accy::diagnostic::report<accy::problem::result_never_written
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::result, 1, accy::shape<accy::dtype::f32, accy::forward<0>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, shape<dtype::f32, n>>;  // mistake: result 1 is never written
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
