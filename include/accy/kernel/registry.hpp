// SPDX-License-Identifier: Apache-2.0
// Defines `accy::registry`, the kernel entries a program knows, looked up by target, version and
// format; `make_registry` and `join_registries` make one.
#pragma once

#include <accy/kernel/kernel_entry.hpp>

#include <array>
#include <cstddef>

namespace accy {

template <std::size_t N>
struct registry {
    std::array<kernel_entry, N> entries;
};

/// The registry of `entries`, in order.
template <class... Entries>
constexpr registry<sizeof...(Entries)> make_registry(const Entries&... entries) {
    return {{entries...}};
}

/// One registry of every entry of `parts`, in order: a program's kernels declared in several places
/// (one registry per format, per element type or per library) looked up as one.
template <std::size_t... Sizes>
constexpr registry<(Sizes + ... + 0)> join_registries(const registry<Sizes>&... parts) {
    registry<(Sizes + ... + 0)> joined{};
    std::size_t next = 0;
    [[maybe_unused]] const auto append = [&](const auto& part) {  // unused when joining no registry
        for (const kernel_entry& entry : part.entries) joined.entries[next++] = entry;
    };
    (append(parts), ...);
    return joined;
}

}  // namespace accy
