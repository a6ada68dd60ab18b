// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::definition`, the start of a test pipeline's definition.
#pragma once

#include <accy/core/fixed_string.hpp>

#include <cstdint>
#include <string_view>

namespace accy_test {

/// The start of a test pipeline's definition, `struct d : definition<"test.name", kernels> { ... }`: its target,
/// version 1 and its registry.
template <accy::fixed_string Target, const auto& Registry>
struct definition {
    static constexpr std::string_view target = Target.view();
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = Registry;
};

}  // namespace accy_test
