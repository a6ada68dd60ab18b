// SPDX-License-Identifier: Apache-2.0
// A launch passes a std::array of one intermediate to a pipeline of two.
// expect: accy::launch_pipeline<P>: use_scratch got a fixed-size container whose count differs from P's intermediates and workspaces
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    const std::array<buffer, 1> intermediates{};  // mistake
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars,
                                            use_scratch(intermediates));
}
