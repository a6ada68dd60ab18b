// SPDX-License-Identifier: Apache-2.0
// A launch passes its results as a list, which is not contiguous.
// expect: accy::launch_pipeline: the results are a contiguous container of accy::buffer
#include <support/scan_pipeline.hpp>

#include <array>
#include <cstdint>
#include <list>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{};
    const std::list<buffer> results(1);  // mistake
    const std::tuple<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
