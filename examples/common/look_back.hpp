// SPDX-License-Identifier: Apache-2.0
// Defines the decoupled look-back of the examples' host kernels over the status words of
// common/tile_status.hpp, `accy_examples::exclusive_prefix` and `finish_look_back`, and the workspace
// that holds the words, `look_back_status`: what common/cuda/look_back.cuh does on the GPU, with
// std::atomic_ref on the words.
#pragma once

#include "common/look_back_tile.hpp"
#include "common/tile_status.hpp"
#include "common/wrapping_add.hpp"

#include <accy/accy.hpp>

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <thread>

namespace accy_examples {

/// The workspace of a look-back kernel over `N` elements, kept zeroed by the kernel: word 0 counts
/// the tiles whose look-back is over, word 1 + t is tile t's status word, and the launch's last tile
/// sets them all back to zero, so that no launch spends a memset on them.
template <accy::derivation N>
using look_back_status =
    accy::kept_zero<accy::shape<accy::dtype::u64, accy::sum<accy::ceil_div<N, look_back_tile::elements>, accy::constant<1u>>>>;

/// Publishes tile `tile_index`'s `aggregate` (a 4-byte T), finds the sum of all tiles before it by
/// walking back over their status words until one holds an inclusive prefix, publishes its own
/// inclusive prefix and returns the exclusive one. Each predecessor's word is waited for: the host
/// backend's workers claim tiles in increasing order, so every predecessor is finished or being
/// worked on, and the wait ends.
template <class T>
T exclusive_prefix(std::span<std::uint64_t> status, std::uint32_t tile_index, T aggregate) {
    const auto publish = [&](std::uint64_t flag, T value) {
        std::atomic_ref(status[tile_index]).store(status_word(flag, std::bit_cast<std::uint32_t>(value)), std::memory_order_release);
    };
    publish(flag_aggregate, aggregate);
    T exclusive{};
    for (std::int64_t predecessor = std::int64_t{tile_index} - 1; predecessor >= 0; --predecessor) {
        std::uint64_t word;
        while (status_flag(word = std::atomic_ref(status[predecessor]).load(std::memory_order_acquire)) == 0)
            std::this_thread::yield();
        exclusive = wrapping_add(exclusive, std::bit_cast<T>(status_bits(word)));
        if (status_flag(word) == flag_prefix) break;
    }
    publish(flag_prefix, wrapping_add(exclusive, aggregate));
    return exclusive;
}

/// Called by each tile once its look-back is over, with the whole workspace (`look_back_status`):
/// counts the tile in word 0, and the launch's last tile of `tiles` sets the count and the status
/// words back to zero. No tile reads a word by then.
inline void finish_look_back(std::span<std::uint64_t> status, std::uint32_t tiles) {
    if (std::atomic_ref(status[0]).fetch_add(1, std::memory_order_acq_rel) + 1 != tiles) return;
    for (std::uint64_t& word : status.first(std::size_t{tiles} + 1)) std::atomic_ref(word).store(0, std::memory_order_relaxed);
}

}  // namespace accy_examples
