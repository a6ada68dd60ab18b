// SPDX-License-Identifier: Apache-2.0
// Control: the scan pipeline, launched with every option on the recording backend, compiles; with
// fixed-size containers of the right counts, runtime scalars of the declared types and a format
// every stage has an entry in.
// expect: nothing: this file must compile (the control that rejects a success reads this line)
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{testing::recording_backend::buffer_for(1001, 20000)};
    const std::array<buffer, 1> results{testing::recording_backend::buffer_for(1002, 20000)};
    const std::tuple<std::uint32_t> runtime_scalars{5000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);

    const auto pool = load_artifacts<accy_test::bounded_scan>(backend, formats::cuda_ptx);
    const auto scratch = allocate_scratch<accy_test::bounded_scan>(backend, runtime_scalars);
    launch_pipeline<accy_test::bounded_scan>(backend, format::cuda_ptx, std::vector<buffer>(operands.begin(), operands.end()),
                                             results, accy_test::bounded_scan::scalar_values{5000}, use_pool(pool),
                                             use_scratch(scratch), on_stream(std::uint32_t{7}),
                                             label("control"));
    launch_pipeline<accy_test::bounded_scan>(backend, formats::cuda_ptx, operands, results, std::array<std::uint32_t, 1>{64});
    return backend.launch_count == 9 ? 0 : 1;
}
