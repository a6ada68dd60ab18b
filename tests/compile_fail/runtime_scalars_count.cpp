// SPDX-License-Identifier: Apache-2.0
// P::runtime_scalars gets two values for a pipeline of one runtime scalar.
// expect: accy: P::runtime_scalars(values...) takes one value per runtime scalar of P, in their order
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>

int main() {
    const auto runtime_scalars = accy_test::device_scan::runtime_scalars(std::uint32_t{1000}, std::uint32_t{64});  // mistake
    return static_cast<int>(std::get<0>(runtime_scalars));
}
