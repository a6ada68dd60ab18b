// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's host kernel (`accy_examples::compact::host`) and its `host`-format
// entries: the CUDA kernel's one pass and decoupled look-back, a tile per call.
#pragma once

#include "common/look_back.hpp"
#include "common/tiled_kernel.hpp"
#include "compact/compact_config.hpp"
#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>

#include <algorithm>
#include <array>
#include <cstdint>

namespace accy_examples::compact::host {

// (T* out, std::uint32_t* count, const T* in, std::uint64_t* status, std::uint32_t n, T threshold)
// Branch-free, as a random predicate would mispredict half the time: every element is copied to the
// tile's next free slot, which only a kept element advances; the kept ones then go to their place.
template <class T>
void select(const accy::host_block& block) {
    const auto out = block.buffer_as<T>(0);
    const auto count = block.buffer_as<std::uint32_t>(1);
    const auto in = block.buffer_as<const T>(2);
    const auto status = block.buffer_as<std::uint64_t>(3);
    const auto n = block.scalar_as<std::uint32_t>(4);
    const T threshold = block.scalar_as<T>(5);
    const std::uint32_t tile_index = block.block_index.x;
    const tile_range<look_back_tile> range(tile_index, n);
    std::array<T, look_back_tile::elements> slots;
    std::uint32_t kept = 0;
    for (std::uint64_t i = range.first; i < range.last; ++i) {
        slots[kept] = in[i];
        kept += in[i] > threshold ? 1 : 0;
    }
    const std::uint32_t before = exclusive_prefix(block, status, tile_index, kept);
    finish_look_back(block, status, tile_index, block.grid_dim.x);
    std::copy_n(slots.begin(), kept, out.begin() + before);
    if (range.last == n) count[0] = before + kept;
}

}  // namespace accy_examples::compact::host

namespace accy_examples::compact {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr auto registry = accy::make_registry(select<T>.host_entry(&host::select<T>));
};

}  // namespace accy_examples::compact
