// SPDX-License-Identifier: Apache-2.0
// Defines `accy::registry`, the kernel entries a program knows, looked up by target, version and format.
#pragma once

#include <accy/kernel/kernel_entry.hpp>

#include <array>
#include <cstddef>

namespace accy {

template <std::size_t N>
struct registry {
    std::array<kernel_entry, N> entries;
};

template <class... Entries>
constexpr registry<sizeof...(Entries)> make_registry(const Entries&... entries) {
    return {{entries...}};
}

}  // namespace accy
