// SPDX-License-Identifier: Apache-2.0
// allocate_scratch gets its runtime scalar n as a std::uint64_t; the pipeline declares a std::uint32_t.
// expect: accy: a runtime scalar's type differs from the type P declares for it
// expect: accy::diagnostic::in_scalar<0, accy::diagnostic::text<'n'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const auto scratch = allocate_scratch<accy_test::device_scan>(backend, std::tuple<std::uint64_t>{1000});  // mistake
    return static_cast<int>(scratch.size);
}
