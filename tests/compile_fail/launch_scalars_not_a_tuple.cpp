// SPDX-License-Identifier: Apache-2.0
// A launch passes its runtime scalars in a std::vector, as accy took them before they were typed.
// expect: accy: the runtime scalars of pipeline P are passed as a tuple, P::runtime_scalars(...)
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <vector>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::vector<std::uint32_t> runtime_scalars{1000};  // mistake
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
