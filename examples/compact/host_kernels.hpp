// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's host kernel (`accy_examples::compact::host`) and its `host`-format
// entries: the CUDA kernel's one pass and decoupled look-back, its tiles worked through as the CUDA
// kernel's blocks work through them.
#pragma once

#include "common/look_back.hpp"
#include "common/tiled_kernel.hpp"
#include "compact/compact_config.hpp"
#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>

#include <algorithm>
#include <cstdint>
#include <span>

namespace accy_examples::compact::host {

// Compacts tile `tile_index` of `tiles` of `Tile`: its elements of `in` above `threshold` go to `out`
// after those the tiles before it keep, found by look-back over `status` (common/look_back.hpp).
// Branch-free, as a random predicate would mispredict half the time: every element is copied to the
// block's next free slot in shared memory, which only a kept element advances; the kept ones then go
// to their place. The last tile writes the count.
template <class Tile, class T>
void select_tile_of(const accy::host_block& block, std::uint32_t tile_index, std::uint32_t tiles, std::span<T> out,
                    std::span<std::uint32_t> count, std::span<const T> in, std::span<std::uint64_t> status, std::uint32_t n,
                    T threshold) {
    const tile_range<Tile> range(tile_index, n);
    const std::span<T> slots = block.shared_as<T>();
    std::uint32_t kept = 0;
    for (std::uint64_t i = range.first; i < range.last; ++i) {
        slots[kept] = in[i];
        kept += is_kept(in[i], threshold) ? 1 : 0;
    }
    const std::uint32_t before = exclusive_prefix(block, status, tile_index, kept);
    finish_look_back<std::uint32_t>(block, status, tile_index, tiles);
    std::copy_n(slots.begin(), kept, out.begin() + before);
    if (range.last == n) count[0] = before + kept;
}

// (T* out, std::uint32_t* count, const T* in, std::uint64_t* status, std::uint32_t n, T threshold,
// std::uint32_t blocks): as the CUDA kernel's launch of `blocks` has them, compacts register tile
// `block_index.x`, or claims staged tiles and compacts them until none is left.
template <class T>
void select(const accy::host_block& block) {
    const auto out = block.buffer_as<T>(0);
    const auto count = block.buffer_as<std::uint32_t>(1);
    const auto in = block.buffer_as<const T>(2);
    const auto status = block.buffer_as<std::uint64_t>(3);
    const auto n = block.scalar_as<std::uint32_t>(4);
    const T threshold = block.scalar_as<T>(5);
    work_through_tiles<T, std::uint32_t>(block, status, n, [&]<class Tile>(std::uint32_t tile_index, std::uint32_t tiles) {
        select_tile_of<Tile>(block, tile_index, tiles, out, count, in, status, n, threshold);
    });
}

}  // namespace accy_examples::compact::host

namespace accy_examples::compact {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr auto registry = accy::make_registry(select<T>.host_entry(&host::select<T>));
};

}  // namespace accy_examples::compact
