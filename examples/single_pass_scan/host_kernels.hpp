// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's host kernels: the same decoupled look-back as the CUDA kernels,
// one call per tile, with std::atomic_ref on the tile status words.
#pragma once

#include "common/tile_status.hpp"
#include "common/tiled_kernel.hpp"
#include "common/wrapping_add.hpp"
#include "single_pass_scan/single_pass_config.hpp"

#include <accy/kernel/host_kernel.hpp>

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <thread>

namespace accy_examples::single_pass::host {

template <class T>
std::uint32_t to_bits(T value) {
    return std::bit_cast<std::uint32_t>(value);
}
template <class T>
T from_bits(std::uint64_t word) {
    return std::bit_cast<T>(status_bits(word));
}

/// (T* result, const T* input, std::uint64_t* status, std::uint32_t n): scans one tile, publishes
/// its aggregate, then walks back over its predecessors until one has published its inclusive
/// prefix. `status` starts all zero (accy fills the workspace before the stage). Tiles are claimed
/// in increasing order by the host backend's workers, so every predecessor is finished or being
/// worked on: the wait ends.
template <class T>
void scan_tile(const accy::host_block& block) {
    const std::span<T> result = block.buffer_as<T>(0);
    const std::span<const T> input = block.buffer_as<const T>(1);
    const std::span<std::uint64_t> status = block.buffer_as<std::uint64_t>(2);
    const auto n = block.scalar_as<std::uint32_t>(3);
    const std::uint32_t tile_index = block.block_index.x;
    const tile_range<tile> range(tile_index, n);

    T running{};
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = running = wrapping_add(running, input[i]);
    const T aggregate = running;

    T exclusive{};
    if (tile_index > 0) {
        std::atomic_ref(status[tile_index]).store(status_word(flag_aggregate, to_bits(aggregate)), std::memory_order_release);
        for (std::int64_t predecessor = tile_index - 1; predecessor >= 0; --predecessor) {
            std::uint64_t word;
            while (status_flag(word = std::atomic_ref(status[predecessor]).load(std::memory_order_acquire)) == 0)
                std::this_thread::yield();
            exclusive = wrapping_add(exclusive, from_bits<T>(word));
            if (status_flag(word) == flag_prefix) break;
        }
        for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = wrapping_add(result[i], exclusive);
    }
    std::atomic_ref(status[tile_index]).store(status_word(flag_prefix, to_bits(wrapping_add(exclusive, aggregate))),
                                              std::memory_order_release);
}

}  // namespace accy_examples::single_pass::host
