// SPDX-License-Identifier: Apache-2.0
// A launch passes a std::array of no results to a pipeline of one result.
// expect: accy::launch_pipeline<P>: the results container has a fixed size that differs from P's result_count
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{};
    const std::array<buffer, 0> results{};  // mistake
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
