// SPDX-License-Identifier: Apache-2.0
// A workspace that no stage binds.
// expect: accy::pipeline: a workspace is declared but no stage binds it; remove it
// expect: accy::diagnostic::report<accy::problem::workspace_unused
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::workspace, 0, accy::zero_filled<accy::shape<accy::dtype::i32, accy::constant<1>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using workspaces = accy::workspaces<zero_filled<shape<dtype::i32, constant<1>>>>;  // mistake: no stage binds it
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
