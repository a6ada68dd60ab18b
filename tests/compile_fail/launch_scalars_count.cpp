// SPDX-License-Identifier: Apache-2.0
// A launch passes a tuple of two runtime scalars to a pipeline of one.
// expect: accy: the runtime scalars tuple has a different count than P's runtime_scalars
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{};
    const std::array<buffer, 1> results{};
    const std::tuple<std::uint32_t, std::uint32_t> runtime_scalars{1000, 64};  // mistake
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
