// SPDX-License-Identifier: Apache-2.0
// A launch passes use_pool(...) something that is not an artifact pool.
// expect: accy::use_pool(pool): pool must be an accy::artifact_pool
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    const std::array<buffer, 3> kernels{};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars,
                                            use_pool(kernels));  // mistake
}
