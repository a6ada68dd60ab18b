// SPDX-License-Identifier: Apache-2.0
// Single-pass inclusive scan with decoupled look-back: one read and one write of each element.
// A launch's tiles are held in registers, one per block (up to register_tiles_at_most blocks), or
// staged in shared memory (common/cuda/staged_tile.cuh) by blocks that work through several, which
// the grid says (single_pass_config.hpp). A block of staged tiles copies its next tile while it scans
// the one before, so that the loads never wait for a look-back, and a register tile takes a shorter
// path from its load to its store, which small n is made of.
// `status` is a kept_zero workspace, a word per tile, then the count of staged tiles claimed, which
// the launch sets back to zero for the next one.
#include "common/cuda/look_back.cuh"
#include "common/cuda/staged_tile.cuh"
#include "single_pass_scan/single_pass_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
using accy_examples::no_tile;
using accy_examples::single_pass::block_threads;
using accy_examples::single_pass::blocks_per_multiprocessor;
using accy_examples::single_pass::register_tile;
using accy_examples::single_pass::register_tiles_cover;
using accy_examples::single_pass::staged_buffers;
using accy_examples::single_pass::staged_tile;
using accy_examples::single_pass::staged_tiles;

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

template <class T>
__device__ __forceinline__ void scan_register_tile(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = tile_rows<T, block_threads, register_tile::items_per_thread>;
    __shared__ typename tile::shared_warp_totals warp_totals;
    const bool whole = tile::whole(blockIdx.x, n, input, result);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, input, blockIdx.x, n, whole);
    const auto totals = tile::combine(tile::scan_warp(items), warp_totals);
    if (threadIdx.x == 0) publish_aggregate(status, blockIdx.x, totals.total);
    tile::add(items, plus(tile_exclusive_prefix(status, blockIdx.x, totals.total), totals.before));
    tile::store(items, result, blockIdx.x, n, whole);
    if (blockIdx.x == gridDim.x - 1) clear_status(status, gridDim.x);
}

/// Works through staged tiles claimed in order, two in flight: while the block scans the tile in one
/// buffer, the next is in the other, its copy started when that buffer was last free. The next tile
/// is summed and its aggregate published before the block looks back for the current one, so that
/// every tile a block holds has published its aggregate: otherwise look-backs wait on tiles whose
/// blocks wait in look-backs of their own (the H200's scan of 2^28 elements took 0.90-1.33 ms so, against 0.59).
template <class T>
__device__ __forceinline__ void scan_staged_tiles(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = accy_examples::cuda::staged_tile<T, block_threads, staged_tile::items_per_thread>;
    static_assert(staged_buffers == 2, "the tile being scanned and the next");
    extern __shared__ __align__(128) unsigned char dynamic_shared[];  // the staged tiles (single_pass_entries.hpp)
    auto* const buffers = reinterpret_cast<typename tile::vector*>(dynamic_shared);
    __shared__ std::uint64_t arrived[staged_buffers];    // each buffer's barrier
    __shared__ std::uint32_t tile_in[staged_buffers];    // each buffer's tile, or no_tile
    __shared__ typename tile::shared_warp_totals warp_totals;
    const std::uint32_t tiles = staged_tiles(n);
    unsigned long long* const claimed = status + tiles;
    bool claimed_all = false;  // thread 0's: whether it was told that no tile is left (it claims no more)
    const auto claim = [&] {
        const std::uint32_t tile_index = claimed_all ? no_tile : claim_tile(claimed, tiles);
        claimed_all = tile_index == no_tile;
        return tile_index;
    };
    const auto stage_into = [&](unsigned b, std::uint32_t tile_index) {
        tile_in[b] = tile_index;
        if (tile_index != no_tile) tile::start_copy(buffers + b * tile::vectors, &arrived[b], input, tile_index, n);
    };
    // The tile of the `use`-th use of buffer `use % 2` (from 0) summed and its aggregate published;
    // returns the offsets of the block's warps and the tile's total.
    const auto aggregate = [&](unsigned use, std::uint32_t tile_index) {
        auto* const staged = buffers + use % staged_buffers * tile::vectors;
        tile::finish_copy(staged, &arrived[use % staged_buffers], use / staged_buffers, input, tile_index, n);
        const auto totals = tile::combine(warp_sum(tile::staged_sum(staged)), warp_totals);
        if (threadIdx.x == 0) publish_aggregate(status, tile_index, totals.total);
        return totals;
    };
    if (threadIdx.x == 0) {
        for (unsigned b = 0; b < staged_buffers; ++b) tile::init(&arrived[b]);
        for (unsigned b = 0; b < staged_buffers; ++b) stage_into(b, claim());
    }
    __syncthreads();
    if (tile_in[0] == no_tile) return;
    auto totals = aggregate(0, tile_in[0]);
    __syncthreads();  // warp_totals read by every thread before the next aggregate writes them
#pragma unroll 1
    for (unsigned use = 0;; ++use) {
        const unsigned b = use % staged_buffers;
        const std::uint32_t tile_index = tile_in[b], next = tile_in[1 - b];
        // Claimed now, staged once buffer b is free: the claim's round trip overlaps the work between.
        const std::uint32_t after_next = threadIdx.x == 0 ? claim() : no_tile;
        const auto next_totals = next != no_tile ? aggregate(use + 1, next) : totals;
        const T prefix = tile_exclusive_prefix(status, tile_index, totals.total);
        tile::scan_and_store(buffers + b * tile::vectors, plus(prefix, totals.before), result, tile_index, n,
                             tile::whole(tile_index, n, input, result));
        if (tile_index == tiles - 1) clear_status(status, tiles);
        if (next == no_tile) return;
        __syncthreads();  // buffer b read by every thread before the next copy into it
        if (threadIdx.x == 0) stage_into(b, after_next);
        __syncthreads();  // tile_in[b] written before any thread reads it
        totals = next_totals;
    }
}

template <class T>
__device__ void single_pass_scan(T* result, const T* input, unsigned long long* status, std::uint32_t n, std::uint32_t blocks) {
    if (register_tiles_cover(blocks, n)) scan_register_tile(result, input, status, n);
    else scan_staged_tiles(result, input, status, n);
}

}  // namespace

extern "C" __global__ void __launch_bounds__(block_threads, blocks_per_multiprocessor)
    accy_single_pass_scan_f32(float* result, const float* input, unsigned long long* status, std::uint32_t n, std::uint32_t blocks) {
    single_pass_scan(result, input, status, n, blocks);
}

extern "C" __global__ void __launch_bounds__(block_threads, blocks_per_multiprocessor)
    accy_single_pass_scan_i32(std::int32_t* result, const std::int32_t* input, unsigned long long* status, std::uint32_t n,
                              std::uint32_t blocks) {
    single_pass_scan(result, input, status, n, blocks);
}
