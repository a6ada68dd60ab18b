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

    /// The entry for `(target, version, format)`, or null.
    constexpr const kernel_entry* find(std::string_view target, std::uint32_t version, format fmt) const noexcept {
        for (const kernel_entry& entry : entries)
            if (entry.target == target && entry.version == version && entry.format == fmt) return &entry;
        return nullptr;
    }

    /// Whether any format has an entry for `(target, version)`.
    constexpr bool knows(std::string_view target, std::uint32_t version) const noexcept {
        for (const kernel_entry& entry : entries)
            if (entry.target == target && entry.version == version) return true;
        return false;
    }
};

template <class... Entries>
constexpr registry<sizeof...(Entries)> make_registry(const Entries&... entries) {
    return {{entries...}};
}

}  // namespace accy
