// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's host kernel (`accy_examples::compact::host`) and its `host`-format
// entries: the CUDA kernel's one pass, a tile per call, with std::atomic_ref on the status words.
#pragma once

#include "common/tile_status.hpp"
#include "common/tiled_kernel.hpp"
#include "compact/compact_config.hpp"
#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <thread>

namespace accy_examples::compact::host {

/// How many elements the tiles before `tile_index` keep: walks back over their status words until
/// one has published its inclusive count. The host backend's workers claim tiles in increasing
/// order, so every predecessor is finished or being worked on: the wait ends.
inline std::uint32_t kept_before(std::span<std::uint64_t> status, std::uint32_t tile_index) {
    std::uint32_t before = 0;
    for (std::int64_t predecessor = std::int64_t{tile_index} - 1; predecessor >= 0; --predecessor) {
        std::uint64_t word;
        while (status_flag(word = std::atomic_ref(status[predecessor]).load(std::memory_order_acquire)) == 0)
            std::this_thread::yield();
        before += status_bits(word);
        if (status_flag(word) == flag_prefix) break;
    }
    return before;
}

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
    const tile_range<tile> range(tile_index, n);
    std::array<T, tile::elements> slots;
    std::uint32_t kept = 0;
    for (std::uint64_t i = range.first; i < range.last; ++i) {
        slots[kept] = in[i];
        kept += in[i] > threshold ? 1 : 0;
    }
    std::atomic_ref(status[tile_index]).store(status_word(flag_aggregate, kept), std::memory_order_release);
    const std::uint32_t before = kept_before(status, tile_index);
    std::atomic_ref(status[tile_index]).store(status_word(flag_prefix, before + kept), std::memory_order_release);
    std::copy_n(slots.begin(), kept, out.begin() + before);
    if (range.last == n) count[0] = before + kept;
}

/// The `host`-format entries of the compaction's kernel for `T`.
template <class T>
constexpr std::array<accy::kernel_entry, 1> entries() {
    return {compact::entry<T>(accy::format::host, targets<T>::select.view(), accy::payload::from_host(&select<T>))};
}

}  // namespace accy_examples::compact::host
