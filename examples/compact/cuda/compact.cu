// SPDX-License-Identifier: Apache-2.0
// The compaction's CUDA kernel, f32 and i32 (signature in compact_config.hpp): one pass over the
// tiles of common/look_back_tiles.hpp, as the single-pass scan. A tile counts what it keeps, learns
// what the tiles before it keep by decoupled look-back, gathers its kept elements in shared memory
// and writes them out coalesced. A register tile is held in registers throughout; a block of staged
// tiles (common/cuda/staged_look_back.cuh) counts the next tile while the one before waits for its
// look-back, and gathers a tile's kept elements in the tile's own buffer, placed as they lie in the
// output, so that both sides move 16-byte vectors.
// `status` is a kept_zero workspace, a word per tile, then the count of staged tiles claimed, which
// the launch sets back to zero for the next one.
#include "common/cuda/staged_look_back.cuh"
#include "compact/compact_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
namespace look_back_tiles = accy_examples::look_back_tiles;
using look_back_tiles::block_threads;
using accy_examples::compact::buffer_elements;

/// Bit k: whether element k of `v`, element `at + k` of `n`, is kept (above `threshold`).
template <class Vector, class T>
__device__ __forceinline__ std::uint32_t kept_of(const Vector& v, std::uint64_t at, std::uint64_t n, bool whole_tile,
                                                 T threshold) {
    if (whole_tile)
        return (v.x > threshold ? 1u : 0u) | (v.y > threshold ? 2u : 0u) | (v.z > threshold ? 4u : 0u) |
               (v.w > threshold ? 8u : 0u);
    return (at + 0 < n && v.x > threshold ? 1u : 0u) | (at + 1 < n && v.y > threshold ? 2u : 0u) |
           (at + 2 < n && v.z > threshold ? 4u : 0u) | (at + 3 < n && v.w > threshold ? 8u : 0u);
}

/// Per row of this thread's `items` of tile `tile_index`: which elements are kept (`keep`, 4 bits a row)
/// and where the first of them goes among its warp's kept ones (`slot`). Returns the warp's count.
template <class Tile, class T>
__device__ __forceinline__ std::uint32_t kept_slots(const typename Tile::vector (&items)[Tile::rows], std::uint32_t tile_index,
                                                    std::uint64_t n, bool whole_tile, T threshold, std::uint64_t& keep,
                                                    std::uint32_t (&slot)[Tile::rows]) {
    static_assert(Tile::rows * 4 <= 64, "4 bits a row in one word");
    const unsigned lane = threadIdx.x % warp_size;
    std::uint32_t warp_kept = 0;
    keep = 0;
#pragma unroll
    for (unsigned row = 0; row < Tile::rows; ++row) {
        const std::uint32_t kept = kept_of(items[row], Tile::first(tile_index, row), n, whole_tile, threshold);
        keep |= std::uint64_t{kept} << (4 * row);
        const std::uint32_t count = __popc(kept);
        const std::uint32_t inclusive = warp_inclusive_scan(count, lane);
        slot[row] = warp_kept + inclusive - count;
        warp_kept += __shfl_sync(all_lanes, inclusive, warp_size - 1);
    }
    return warp_kept;
}

/// Writes this thread's kept `items` (kept_slots' `keep` and `slot`) to `gathered` from `first` on,
/// where `first` is where the thread's warp's kept elements start.
template <class Tile, class T>
__device__ __forceinline__ void gather(const typename Tile::vector (&items)[Tile::rows], std::uint64_t keep,
                                       const std::uint32_t (&slot)[Tile::rows], T* gathered, std::uint32_t first) {
#pragma unroll
    for (unsigned row = 0; row < Tile::rows; ++row) {
        const auto kept = static_cast<std::uint32_t>(keep >> (4 * row));
        std::uint32_t at = first + slot[row];
        if (kept & 1u) gathered[at++] = items[row].x;
        if (kept & 2u) gathered[at++] = items[row].y;
        if (kept & 4u) gathered[at++] = items[row].z;
        if (kept & 8u) gathered[at] = items[row].w;
    }
}

template <class T>
__device__ __forceinline__ void select_register_tile(T* out, std::uint32_t* count, const T* in, unsigned long long* status,
                                                     std::uint32_t n, T threshold) {
    using tile = tile_rows<T, block_threads, look_back_tiles::register_tile::items_per_thread>;
    using counts = tile_rows<std::uint32_t, block_threads, look_back_tiles::register_tile::items_per_thread>;
    __shared__ typename counts::shared_warp_totals warp_counts;
    T* const kept_values = dynamic_shared_as<T>();
    const std::uint32_t tile_index = blockIdx.x;
    const bool whole = tile::whole(tile_index, n, in, in);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, in, tile_index, n, whole);
    std::uint64_t keep;
    std::uint32_t slot[tile::rows];
    const auto totals = counts::combine(kept_slots<tile>(items, tile_index, n, whole, threshold, keep, slot), warp_counts);
    // Warp 0 looks back while the others gather.
    __shared__ std::uint32_t kept_before;
    if (threadIdx.x < warp_size) {
        const std::uint32_t before = exclusive_prefix(status, tile_index, totals.total);
        if (threadIdx.x == 0) kept_before = before;
    }
    gather<tile>(items, keep, slot, kept_values, totals.before);
    __syncthreads();
    const std::uint32_t before = kept_before;
    T* const destination = out + before;
    for (std::uint32_t i = threadIdx.x; i < totals.total; i += block_threads) __stcs(destination + i, kept_values[i]);
    if (threadIdx.x == 0 && tile_index == gridDim.x - 1) *count = before + totals.total;
    if (tile_index == gridDim.x - 1) clear_status(status, gridDim.x);
}

/// A staged tile's kept elements gathered in its own buffer once every thread has read its rows,
/// from `before % 4` on where `out` is 16-byte aligned: element j of the buffer then goes to
/// out[before - before % 4 + j], and whole vectors move as vectors.
template <class T>
__device__ __forceinline__ void select_staged_tiles(T* out, std::uint32_t* count, const T* in, unsigned long long* status,
                                                    std::uint32_t n, T threshold) {
    using tile = staged_tile_of<T>;
    using counts = tile_rows<std::uint32_t, block_threads, look_back_tiles::staged_tile::items_per_thread>;
    using vector = typename tile::vector;
    __shared__ typename counts::shared_warp_totals warp_counts;
    const bool vectors_out = reinterpret_cast<std::uintptr_t>(out) % 16 == 0;
    const std::uint32_t tiles = look_back_tiles::staged_tiles(n);
    const auto whole = [&](std::uint32_t tile_index) { return (std::uint64_t{tile_index} + 1) * tile::tile <= n; };
    work_through_staged_tiles<buffer_elements>(
        in, status, n,
        [&](vector* staged, std::uint32_t tile_index) {
            const bool whole_tile = whole(tile_index);
            std::uint32_t kept = 0;
#pragma unroll 3
            for (unsigned row = 0; row < tile::rows; ++row)
                kept += __popc(kept_of(tile::row_of(staged, row), tile::first(tile_index, row), n, whole_tile, threshold));
            return counts::combine(warp_sum(kept), warp_counts);
        },
        [&](vector* staged, std::uint32_t tile_index, const auto& totals, std::uint32_t before) {
            typename tile::vector items[tile::rows];
#pragma unroll
            for (unsigned row = 0; row < tile::rows; ++row) items[row] = tile::row_of(staged, row);
            std::uint64_t keep;
            std::uint32_t slot[tile::rows];
            kept_slots<tile>(items, tile_index, n, whole(tile_index), threshold, keep, slot);
            const std::uint32_t shift = vectors_out ? before % 4 : 0;
            __syncthreads();  // every element read before any is overwritten
            T* const gathered = reinterpret_cast<T*>(staged);
            gather<tile>(items, keep, slot, gathered, shift + totals.before);
            __syncthreads();
            const std::uint32_t end = shift + totals.total;
            T* const destination = out + (before - shift);
            if (vectors_out) {
                for (std::uint32_t v = threadIdx.x; v * 4 < end; v += block_threads) {
                    const std::uint32_t first = v * 4;
                    if (first >= shift && first + 4 <= end) {
                        __stcs(reinterpret_cast<vector*>(destination) + v, staged[v]);
                    } else {
                        for (std::uint32_t j = first < shift ? shift : first; j < first + 4 && j < end; ++j)
                            destination[j] = gathered[j];
                    }
                }
            } else {
                for (std::uint32_t j = threadIdx.x; j < end; j += block_threads) __stcs(destination + j, gathered[j]);
            }
            if (threadIdx.x == 0 && tile_index == tiles - 1) *count = before + totals.total;
        });
}

template <class T>
__device__ void select(T* out, std::uint32_t* count, const T* in, unsigned long long* status, std::uint32_t n, T threshold,
                       std::uint32_t blocks) {
    if (look_back_tiles::register_tiles_cover(blocks, n)) select_register_tile(out, count, in, status, n, threshold);
    else select_staged_tiles(out, count, in, status, n, threshold);
}

}  // namespace

extern "C" {

__global__ void __launch_bounds__(block_threads, look_back_tiles::blocks_per_multiprocessor)
    accy_examples_compact_select_f32(float* out, std::uint32_t* count, const float* in, unsigned long long* status,
                                     std::uint32_t n, float threshold, std::uint32_t blocks) {
    select(out, count, in, status, n, threshold, blocks);
}
__global__ void __launch_bounds__(block_threads, look_back_tiles::blocks_per_multiprocessor)
    accy_examples_compact_select_i32(std::int32_t* out, std::uint32_t* count, const std::int32_t* in,
                                     unsigned long long* status, std::uint32_t n, std::int32_t threshold, std::uint32_t blocks) {
    select(out, count, in, status, n, threshold, blocks);
}

}  // extern "C"
