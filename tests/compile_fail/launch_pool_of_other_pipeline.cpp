// SPDX-License-Identifier: Apache-2.0
// A launch of the scan pipeline uses a pool loaded for another pipeline (same kernels, another target).
// expect: accy::launch_pipeline<P>: the artifact pool was loaded for another pipeline
// expect: accy::artifact_pool<accy::pipeline<other_definition>, accy::testing::recording_backend>
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>
#include <string_view>

using namespace accy;

struct other_definition : accy_test::device_scan_definition {
    static constexpr std::string_view target = "compile_fail.other_scan";
};

int main() {
    testing::recording_backend backend;
    const auto other_pool = load_artifacts<pipeline<other_definition>>(backend, formats::cuda_ptx);
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars,
                                            use_pool(other_pool));  // mistake
}
