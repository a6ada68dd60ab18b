// SPDX-License-Identifier: Apache-2.0
// The compaction's CUDA kernel, f32 and i32 (signature in compact_config.hpp): one pass over tiles
// (common/look_back_tile.hpp). A block counts what its tile keeps, learns what the tiles before it
// keep by decoupled look-back, gathers its kept elements in shared memory and writes them out coalesced.
// `status` is a kept_zero workspace, a word per tile that the launch's last tile sets back to zero
// for the next launch.
#include "common/cuda/look_back.cuh"
#include "common/cuda/tile_rows.cuh"
#include "compact/compact_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
using accy_examples::compact::compact_block_threads;
using accy_examples::compact::compact_items_per_thread;

template <class T>
__device__ void select(T* out, std::uint32_t* count, const T* in, unsigned long long* status, std::uint32_t n, T threshold) {
    using tile = tile_rows<T, compact_block_threads, compact_items_per_thread>;
    using counts = tile_rows<std::uint32_t, compact_block_threads, compact_items_per_thread>;
    __shared__ T kept_values[tile::tile];
    __shared__ typename counts::shared_warp_totals warp_counts;
    __shared__ std::uint32_t kept_before;
    const std::uint32_t tile_index = blockIdx.x;
    const unsigned lane = threadIdx.x % warp_size;
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, in, tile_index, n, tile::whole(tile_index, n, in, in));

    // Per row, bit k says whether element k of this lane's vector is kept, and `slot` where the first
    // kept one goes among the warp's.
    std::uint32_t keep[tile::rows], slot[tile::rows];
    std::uint32_t warp_kept = 0;
#pragma unroll
    for (unsigned row = 0; row < tile::rows; ++row) {
        const std::uint64_t at = tile::first(tile_index, row);
        const typename tile::vector& v = items[row];
        keep[row] = (at + 0 < n && v.x > threshold ? 1u : 0u) | (at + 1 < n && v.y > threshold ? 2u : 0u) |
                    (at + 2 < n && v.z > threshold ? 4u : 0u) | (at + 3 < n && v.w > threshold ? 8u : 0u);
        const std::uint32_t kept = __popc(keep[row]);
        const std::uint32_t inclusive = warp_inclusive_scan(kept, lane);
        slot[row] = warp_kept + inclusive - kept;
        warp_kept += __shfl_sync(all_lanes, inclusive, warp_size - 1);
    }
    const auto totals = counts::combine(warp_kept, warp_counts);
    if (threadIdx.x < warp_size) {
        const std::uint32_t before = exclusive_prefix(status, tile_index, totals.total);
        if (threadIdx.x == 0) kept_before = before;
    }
#pragma unroll
    for (unsigned row = 0; row < tile::rows; ++row) {
        std::uint32_t at = totals.before + slot[row];
        const typename tile::vector& v = items[row];
        if (keep[row] & 1u) kept_values[at++] = v.x;
        if (keep[row] & 2u) kept_values[at++] = v.y;
        if (keep[row] & 4u) kept_values[at++] = v.z;
        if (keep[row] & 8u) kept_values[at] = v.w;
    }
    __syncthreads();
    T* const destination = out + kept_before;
    for (std::uint32_t i = threadIdx.x; i < totals.total; i += compact_block_threads) __stcs(destination + i, kept_values[i]);
    if (threadIdx.x == 0 && (std::uint64_t{tile_index} + 1) * tile::tile >= n) *count = kept_before + totals.total;
    if (tile_index == gridDim.x - 1) clear_status(status, gridDim.x);
}

}  // namespace

extern "C" {

__global__ void __launch_bounds__(compact_block_threads, look_back_blocks_per_multiprocessor)
    accy_examples_compact_select_f32(float* out, std::uint32_t* count, const float* in, unsigned long long* status,
                                     std::uint32_t n, float threshold) {
    select(out, count, in, status, n, threshold);
}
__global__ void __launch_bounds__(compact_block_threads, look_back_blocks_per_multiprocessor)
    accy_examples_compact_select_i32(std::int32_t* out, std::uint32_t* count, const std::int32_t* in,
                                     unsigned long long* status, std::uint32_t n, std::int32_t threshold) {
    select(out, count, in, status, n, threshold);
}

}  // extern "C"
