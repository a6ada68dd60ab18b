// SPDX-License-Identifier: Apache-2.0
// A launch passes a stream of another type than the backend's.
// expect: accy::launch_pipeline: on_stream(s) takes a stream of the backend's stream type
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    const std::array<int, 1> not_a_stream{};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars,
                                            on_stream(not_a_stream));  // mistake
}
