// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::exclusive_prefix`, the decoupled look-back of the examples' host kernels
// over the status words of common/tile_status.hpp: what common/cuda/look_back.cuh does on the GPU,
// with std::atomic_ref on the words.
#pragma once

#include "common/tile_status.hpp"
#include "common/wrapping_add.hpp"

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <thread>

namespace accy_examples {

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

}  // namespace accy_examples
