// SPDX-License-Identifier: Apache-2.0
// A launch asks for host kernels at compile time; the registry has only cuda_ptx entries.
// expect: accy: a stage has no kernel entry in the format given at compile time
// expect: accy::diagnostic::report<accy::problem::no_entry_for_format
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>
// expect: in_format<accy::format::host>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::host, operands, results, runtime_scalars);  // mistake
}
