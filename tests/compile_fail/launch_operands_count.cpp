// SPDX-License-Identifier: Apache-2.0
// A launch passes a std::array of two operands to a pipeline of one operand.
// expect: accy::launch_pipeline<P>: the operands container has a fixed size that differs from P's operand_count
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 2> operands{};  // mistake
    const std::array<buffer, 1> results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
