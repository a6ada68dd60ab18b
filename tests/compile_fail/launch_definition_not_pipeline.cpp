// SPDX-License-Identifier: Apache-2.0
// A launch names the definition instead of accy::pipeline<definition>.
// expect: accy::launch_pipeline<P>: P must be an accy::pipeline<Definition>
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan_definition>(backend, formats::cuda_ptx, operands, results,  // mistake
                                                       runtime_scalars);
}
