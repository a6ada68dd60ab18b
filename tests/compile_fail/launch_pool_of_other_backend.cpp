// SPDX-License-Identifier: Apache-2.0
// A launch on one backend type uses a pool loaded on another backend type.
// expect: accy::launch_pipeline: the artifact pool was loaded on another backend type
// expect: accy::artifact_pool<accy::pipeline<accy_test::device_scan_definition>, other_backend>
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

struct other_backend : testing::recording_backend {};

int main() {
    other_backend other;
    const auto other_pool = load_artifacts<accy_test::device_scan>(other, formats::cuda_ptx);
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars,
                                            use_pool(other_pool));  // mistake
}
