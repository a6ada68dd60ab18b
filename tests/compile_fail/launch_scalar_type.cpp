// SPDX-License-Identifier: Apache-2.0
// A launch passes its runtime scalar n as an int (std::tuple{1000} deduces int); the pipeline declares a std::uint32_t.
// expect: accy: a runtime scalar's type differs from the type P declares for it; runtime scalars are not converted: build them with P::runtime_scalars(values...)
// expect: accy::diagnostic::in_scalar<0, accy::diagnostic::text<'n'>
#include <support/scan_pipeline.hpp>

#include <array>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    const std::tuple runtime_scalars{1000};  // mistake: an int
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
