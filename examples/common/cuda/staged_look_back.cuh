// SPDX-License-Identifier: Apache-2.0
// Defines what the examples' single-pass kernels do with the tiles of common/look_back_tiles.hpp
// beyond one tile's work: `tile_exclusive_prefix`, a tile's look-back for its whole block, and
// `work_through_staged_tiles`, the loop of a block that claims staged tiles and finishes each once
// its prefix is known, two in flight.
#pragma once

#include "common/cuda/look_back.cuh"
#include "common/cuda/staged_tile.cuh"
#include "common/look_back_tiles.hpp"

#include <cstdint>

namespace accy_examples::cuda {

/// The register tile and the staged tile of T: common/look_back_tiles.hpp's shapes, held as
/// tile_rows.cuh and staged_tile.cuh hold them.
template <class T>
using register_tile_of = tile_rows<T, look_back_tiles::block_threads, look_back_tiles::register_tile<T>::items_per_thread>;
template <class T>
using staged_tile_of = staged_tile<T, look_back_tiles::block_threads, look_back_tiles::staged_tile<T>::items_per_thread>;

/// The block's dynamic shared memory as `Vector`s: where a block keeps its staged tiles (the kernels'
/// geometry asks for their bytes).
template <class Vector>
__device__ __forceinline__ Vector* dynamic_shared_as() {
    extern __shared__ __align__(128) unsigned char dynamic_shared[];
    return reinterpret_cast<Vector*>(dynamic_shared);
}

/// The exclusive prefix of tile `tile_index`, whose aggregate `total` is published, in every thread:
/// warp 0 looks back for it.
template <class T>
__device__ __forceinline__ T tile_exclusive_prefix(unsigned long long* status, std::uint32_t tile_index, T total) {
    __shared__ T prefix;
    if (threadIdx.x < warp_size) {
        const T exclusive = look_back(status, tile_index, total);
        if (threadIdx.x == 0) prefix = exclusive;
    }
    __syncthreads();
    return prefix;
}

/// Called by every thread of a block that works through the `look_back_tiles::staged_tiles<T>(n)` staged
/// tiles of `input`, claimed in order (claim_tile) from the count after their status, two in
/// flight: while the block finishes the tile in one buffer of dynamic shared memory, the next is in
/// the other, its copy started when that buffer was last free. Per tile, once its copy has arrived,
/// `aggregate(staged, tile_index)` returns the block's offsets (tile_rows::warp_offsets: `before`
/// what the thread works on, and the tile's `total`, which this loop publishes); once its exclusive
/// prefix is known, `finish(staged, tile_index, offsets, prefix)` writes the tile's output. Buffers are
/// `BufferElements` apart. The next tile is aggregated and published before the block looks back
/// for the current one, so that every tile a block holds has published its aggregate: otherwise
/// look-backs wait on tiles whose blocks wait in look-backs of their own (the H200's scan of 2^28
/// elements took 0.90-1.33 ms so, against 0.59). The block of the last tile clears the status words.
template <std::uint32_t BufferElements, class T, class Aggregate, class Finish>
__device__ __forceinline__ void work_through_staged_tiles(const T* input, unsigned long long* status, std::uint32_t n,
                                                          Aggregate&& aggregate, Finish&& finish) {
    using tile = staged_tile_of<T>;
    constexpr unsigned buffers_count = look_back_tiles::staged_buffers;
    static_assert(buffers_count == 2, "the tile being finished and the next");
    static_assert(BufferElements >= tile::tile && BufferElements % tile::per_vector == 0, "whole tiles, whole vectors");
    constexpr unsigned buffer_vectors = BufferElements / tile::per_vector;
    auto* const buffers = dynamic_shared_as<typename tile::vector>();
    __shared__ std::uint64_t arrived[buffers_count];  // each buffer's barrier
    __shared__ std::uint32_t tile_in[buffers_count];  // each buffer's tile, or no_tile
    const std::uint32_t tiles = look_back_tiles::staged_tiles<T>(n);
    // The sums the tiles publish, and with them the words of each tile's status.
    using sum = decltype(aggregate(static_cast<typename tile::vector*>(nullptr), 0u).total);
    unsigned long long* const claimed = status + std::uint64_t{tiles} * tile_status_words<sum>;
    bool claimed_all = false;  // thread 0's: whether it was told that no tile is left (it claims no more)
    const auto claim = [&] {
        const std::uint32_t tile_index = claimed_all ? no_tile : claim_tile(claimed, tiles);
        claimed_all = tile_index == no_tile;
        return tile_index;
    };
    const auto stage_into = [&](unsigned b, std::uint32_t tile_index) {
        tile_in[b] = tile_index;
        if (tile_index != no_tile) tile::start_copy(buffers + b * buffer_vectors, &arrived[b], input, tile_index, n);
    };
    // The tile of the `use`-th use of buffer `use % 2` (from 0) aggregated and published.
    const auto aggregate_of = [&](unsigned use, std::uint32_t tile_index) {
        auto* const staged = buffers + use % buffers_count * buffer_vectors;
        tile::finish_copy(staged, &arrived[use % buffers_count], use / buffers_count, input, tile_index, n);
        const auto offsets = aggregate(staged, tile_index);
        if (threadIdx.x == 0) publish_aggregate(status, tile_index, offsets.total);
        return offsets;
    };
    if (threadIdx.x == 0) {
        for (unsigned b = 0; b < buffers_count; ++b) tile::init(&arrived[b]);
        for (unsigned b = 0; b < buffers_count; ++b) stage_into(b, claim());
    }
    __syncthreads();
    if (tile_in[0] == no_tile) return;
    auto offsets = aggregate_of(0, tile_in[0]);
    __syncthreads();  // the offsets read by every thread before the next aggregate writes them
#pragma unroll 1
    for (unsigned use = 0;; ++use) {
        const unsigned b = use % buffers_count;
        const std::uint32_t tile_index = tile_in[b], next = tile_in[1 - b];
        // Claimed now, staged once buffer b is free: the claim's round trip overlaps the work between.
        const std::uint32_t after_next = threadIdx.x == 0 ? claim() : no_tile;
        const auto next_offsets = next != no_tile ? aggregate_of(use + 1, next) : offsets;
        const auto prefix = tile_exclusive_prefix(status, tile_index, offsets.total);
        finish(buffers + b * buffer_vectors, tile_index, offsets, prefix);
        if (tile_index == tiles - 1) clear_status<sum>(status, tiles);
        if (next == no_tile) return;
        __syncthreads();  // buffer b read by every thread before the next copy into it
        if (threadIdx.x == 0) stage_into(b, after_next);
        __syncthreads();  // tile_in[b] written before any thread reads it
        offsets = next_offsets;
    }
}

}  // namespace accy_examples::cuda
