// SPDX-License-Identifier: Apache-2.0
// A launch passes something that is not a launch option.
// expect: accy::launch_pipeline: an option is use_pool(...), use_scratch(...), on_stream(...), use_communicator(...) or label(...)
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars,
                                            "fast");  // mistake
}
