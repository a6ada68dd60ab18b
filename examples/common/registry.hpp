// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::registry_of`, which makes one registry of several arrays of kernel entries.
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <array>
#include <cstddef>

namespace accy_examples {

/// A registry holding every entry of `lists`, in order: an example's formats and element types
/// each bring an array of entries.
template <std::size_t... Sizes>
constexpr accy::registry<(Sizes + ...)> registry_of(const std::array<accy::kernel_entry, Sizes>&... lists) {
    accy::registry<(Sizes + ...)> joined{};
    std::size_t next = 0;
    ((std::copy(lists.begin(), lists.end(), joined.entries.begin() + next), next += Sizes), ...);
    return joined;
}

}  // namespace accy_examples
