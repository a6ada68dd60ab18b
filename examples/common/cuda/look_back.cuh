// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::cuda::exclusive_prefix` (`publish_aggregate`, then `look_back`), the
// decoupled look-back of the examples' single-pass kernels (Merrill and Garland, "Single-pass Parallel
// Prefix Scan with Decoupled Look-back", 2016) over the status words of common/tile_status.hpp;
// `claim_tile`, which hands tiles out in order to blocks that work through several; and
// `clear_status`, which leaves the words zeroed for the next launch.
#pragma once

#include "common/cuda/tile_rows.cuh"
#include "common/tile_status.hpp"

#include <cstdint>
#include <type_traits>

namespace accy_examples::cuda {

/// The bits of a sum (sum_type), and back: 4 bytes, or 8 for f64.
template <class T>
__device__ __forceinline__ auto to_bits(T value) {
    if constexpr (std::is_same_v<T, float>) return __float_as_uint(value);
    else if constexpr (std::is_same_v<T, double>) return static_cast<std::uint64_t>(__double_as_longlong(value));
    else return static_cast<std::uint32_t>(value);
}
template <class T>
__device__ __forceinline__ T from_bits(std::uint64_t bits) {
    if constexpr (std::is_same_v<T, float>) return __uint_as_float(static_cast<std::uint32_t>(bits));
    else if constexpr (std::is_same_v<T, double>) return __longlong_as_double(static_cast<long long>(bits));
    else return static_cast<T>(bits);
}

/// One status word, read past the caches of the multiprocessor.
__device__ __forceinline__ std::uint64_t load_word(const unsigned long long* word) {
    return *reinterpret_cast<const volatile unsigned long long*>(word);
}

/// Publishes `value` as tile `tile`'s `flag` (common/tile_status.hpp): its words in one store.
template <class T>
__device__ __forceinline__ void publish(unsigned long long* status, std::uint32_t tile, std::uint64_t flag, T value) {
    unsigned long long* const words = status + std::uint64_t{tile} * tile_status_words<T>;
    const std::uint64_t bits = to_bits(value);
    if constexpr (tile_status_words<T> == 1) {
        *reinterpret_cast<volatile unsigned long long*>(words) = status_word(flag, static_cast<std::uint32_t>(bits));
    } else {
        asm volatile("st.volatile.v2.u64 [%0], {%1, %2};" ::"l"(words), "l"(status_word(flag, static_cast<std::uint32_t>(bits))),
                     "l"(status_word(flag, static_cast<std::uint32_t>(bits >> 32)))
                     : "memory");
    }
}

/// The longest a waiting lane sleeps between two reads of a status word.
inline constexpr unsigned max_delay_ns = 256;

/// Tile `tile`'s status for sums of T, its words read at once; before tile 0 (`tile` < 0), an
/// inclusive prefix of 0.
template <class T>
__device__ __forceinline__ tile_status read_status(const unsigned long long* status, long tile) {
    if constexpr (tile_status_words<T> == 1) {
        return status_of(tile >= 0 ? load_word(status + tile) : status_word(flag_prefix, 0));
    } else {
        std::uint64_t low = status_word(flag_prefix, 0), high = low;
        if (tile >= 0)
            asm volatile("ld.volatile.v2.u64 {%0, %1}, [%2];" : "=l"(low), "=l"(high) : "l"(status + tile * tile_status_words<T>) : "memory");
        return status_of(low, high);
    }
}

/// Publishes tile `tile`'s `aggregate`: for tile 0, which has no predecessors, as its inclusive prefix.
template <class T>
__device__ __forceinline__ void publish_aggregate(unsigned long long* status, std::uint32_t tile, T aggregate) {
    publish(status, tile, tile == 0 ? flag_prefix : flag_aggregate, aggregate);
}

/// Called by every lane of one warp once tile `tile`'s `aggregate` is published (publish_aggregate):
/// finds the sum of all tiles before it by looking back over their status words 32 at a time,
/// publishes its inclusive prefix and returns the exclusive one (in every lane). Tile 0 returns 0.
template <class T>
__device__ T look_back(unsigned long long* status, std::uint32_t tile, T aggregate) {
    const unsigned lane = threadIdx.x % warp_size;
    if (tile == 0) return T{};
    if (lane == 0) {
        // Wait for the nearest predecessor first, one lane backing off: a warp that polls a whole
        // window of words it must wait for anyway slows every tile's look-back in L2 (measured on
        // the H200: 2 % of the scan's time at 2^28 elements).
        for (unsigned delay = 32; read_status<T>(status, static_cast<long>(tile) - 1).flag == 0;
             delay = delay < max_delay_ns ? 2 * delay : max_delay_ns)
            __nanosleep(delay);
    }
    __syncwarp();
    T exclusive{};
    long window_end = static_cast<long>(tile) - 1;  // the nearest predecessor not yet summed, read by lane 0
    while (true) {
        tile_status read;
        unsigned prefix_lanes;
        // Wait until every predecessor up to the nearest published prefix has published something.
        while (true) {
            read = read_status<T>(status, window_end - static_cast<long>(lane));
            prefix_lanes = __ballot_sync(all_lanes, read.flag == flag_prefix);
            const unsigned nearest = prefix_lanes != 0 ? __ffs(prefix_lanes) - 1 : warp_size - 1;
            if (!__any_sync(all_lanes, lane <= nearest && read.flag == 0)) break;
        }
        const unsigned nearest = prefix_lanes != 0 ? __ffs(prefix_lanes) - 1 : warp_size - 1;
        exclusive = plus(exclusive, warp_sum(lane <= nearest ? from_bits<T>(read.bits) : T{}));
        if (prefix_lanes != 0) break;
        window_end -= warp_size;
    }
    if (lane == 0) publish(status, tile, flag_prefix, plus(exclusive, aggregate));
    return exclusive;
}

/// Called by every lane of one warp: publishes tile `tile`'s `aggregate`, then looks back (look_back)
/// and returns its exclusive prefix.
template <class T>
__device__ T exclusive_prefix(unsigned long long* status, std::uint32_t tile, T aggregate) {
    if (threadIdx.x % warp_size == 0) publish_aggregate(status, tile, aggregate);
    return look_back(status, tile, aggregate);
}

/// Called by one thread of a block that works through tiles until none is left: the next unclaimed of
/// `tiles` tiles, counted by `*claimed` (a zeroed word after the tiles' status), or `no_tile`
/// (common/tile_status.hpp). Tiles are claimed in increasing order by blocks that are running, so a
/// tile's predecessors are finished or being worked on and its look-back ends whatever blocks the
/// device runs at once. Every block claims until it gets `no_tile`, once, so the launch claims exactly
/// `tiles + gridDim.x` times; the last of them, after which no block reads the count, sets it back to
/// zero for the next launch.
__device__ __forceinline__ std::uint32_t claim_tile(unsigned long long* claimed, std::uint32_t tiles) {
    const unsigned long long claim = atomicAdd(claimed, 1ull);
    if (claim < tiles) return static_cast<std::uint32_t>(claim);
    if (claim == std::uint64_t{tiles} + gridDim.x - 1) *claimed = 0;
    return no_tile;
}

/// Called by every thread of the launch's last tile (`blockIdx.x == gridDim.x - 1`) once its own
/// look-back is over: waits until every word of the `tiles` tiles' status (tile_status_words<T> each)
/// holds an inclusive prefix, then sets them all back to zero, leaving the kept_zero workspace as the
/// launch found it. A tile's prefix is its last write to its words and comes at the end of its
/// look-back, so once every word holds one, no tile reads or writes a word again. Only this tile
/// waits: the others count nothing and fence nothing (a fence and an atomic per tile cost 7 % of the
/// H200's scan of 2^28 elements). Each thread reads `batch` words at a time, all in flight at once:
/// read one by one, the 32768 words of that scan took longer than a memset.
template <class T>
__device__ __forceinline__ void clear_status(unsigned long long* status, std::uint32_t tiles) {
    constexpr unsigned batch = 16;
    const std::uint32_t words = tiles * tile_status_words<T>;
    for (std::uint32_t first = 0; first < words; first += batch * blockDim.x) {
        for (unsigned delay = 32;; delay = delay < max_delay_ns ? 2 * delay : max_delay_ns) {
            std::uint64_t read[batch];
#pragma unroll
            for (unsigned k = 0; k < batch; ++k) {
                const std::uint32_t i = first + k * blockDim.x + threadIdx.x;
                read[k] = i < words ? load_word(status + i) : status_word(flag_prefix, 0);
            }
            bool published = true;
#pragma unroll
            for (unsigned k = 0; k < batch; ++k) published = published && status_flag(read[k]) == flag_prefix;
            if (__syncthreads_and(published)) break;
            __nanosleep(delay);
        }
    }
    // Every word holds its prefix (the last __syncthreads_and saw to it) before any is cleared.
    for (std::uint32_t i = threadIdx.x; i < words; i += blockDim.x) status[i] = 0;
}

}  // namespace accy_examples::cuda
