// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::registry_of`, which makes one registry of several arrays of kernel entries.
#pragma once

#include <accy/accy.hpp>

#include <array>
#include <cstddef>
#include <tuple>

namespace accy_examples {

/// `accy::make_registry` of every entry of `lists`, in order: an example's formats and element
/// types each bring an array of entries.
template <std::size_t... Sizes>
constexpr accy::registry<(Sizes + ...)> registry_of(const std::array<accy::kernel_entry, Sizes>&... lists) {
    return std::apply([](const auto&... entries) { return accy::make_registry(entries...); }, std::tuple_cat(lists...));
}

}  // namespace accy_examples
