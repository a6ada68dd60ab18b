// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's host kernels (`accy_examples::compact::host`) and their `host`-format entries.
#pragma once

#include "compact/compact_config.hpp"
#include "compact/compact_entries.hpp"
#include "scan/host_kernels.hpp"

#include <accy/accy.hpp>

#include <algorithm>
#include <array>
#include <cstdint>

namespace accy_examples::compact::host {

using scan::host::tile_range;

// (std::int32_t* flags, const T* in, std::uint32_t n, T threshold)
template <class T>
void flag(const accy::host_block& block) {
    const auto flags = block.buffer_as<std::int32_t>(0);
    const auto in = block.buffer_as<const T>(1);
    const tile_range tile(block.block_index.x, block.scalar_as<std::uint32_t>(2));
    const T threshold = block.scalar_as<T>(3);
    for (std::uint64_t i = tile.first; i < tile.last; ++i) flags[i] = in[i] > threshold ? 1 : 0;
}

// (T* out, std::uint32_t* count, const T* in, const std::int32_t* positions, std::uint32_t n)
// Branch-free, as a random predicate would mispredict half the time: every element is copied to
// the tile's next free slot, which only a kept element advances; the kept ones then go to their place.
template <class T>
void scatter(const accy::host_block& block) {
    const auto out = block.buffer_as<T>(0);
    const auto count = block.buffer_as<std::uint32_t>(1);
    const auto in = block.buffer_as<const T>(2);
    const auto positions = block.buffer_as<const std::int32_t>(3);
    const auto n = block.scalar_as<std::uint32_t>(4);
    const tile_range tile(block.block_index.x, n);
    const std::int32_t base = tile.first > 0 ? positions[tile.first - 1] : 0;
    std::array<T, compact_tile> slots;
    std::int32_t kept = 0;
    for (std::uint64_t i = tile.first; i < tile.last; ++i) {
        slots[static_cast<std::uint32_t>(kept)] = in[i];
        kept = positions[i] - base;
    }
    std::copy_n(slots.begin(), kept, out.begin() + base);
    if (tile.last == n) count[0] = static_cast<std::uint32_t>(positions[n - 1]);
}

/// The `host`-format entries of the compaction's own kernels for `T`.
template <class T>
constexpr std::array<accy::kernel_entry, 2> entries() {
    return compact::entries<T>(accy::format::host, {targets<T>::flag.view(), targets<T>::scatter.view()},
                               {accy::payload::from_host(&flag<T>), accy::payload::from_host(&scatter<T>)});
}

}  // namespace accy_examples::compact::host
