// SPDX-License-Identifier: Apache-2.0
// A launch passes the operands' addresses, not the operands as accy::buffer.
// expect: accy::launch_pipeline: the operands are a contiguous container of accy::buffer
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<std::uint64_t, 1> operands{0x1000};  // mistake
    const std::array<buffer, 1> results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
