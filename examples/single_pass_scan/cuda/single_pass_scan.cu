// SPDX-License-Identifier: Apache-2.0
// Single-pass inclusive scan with decoupled look-back: one read and one write of each element.
// A launch's tiles are held in registers (up to register_tiles_at_most of them) or staged in shared
// memory (common/cuda/staged_tile.cuh), which the grid says (single_pass_config.hpp): a staged tile
// waits for its look-back without holding registers, so more elements are in flight at large n,
// and a register tile takes a shorter path from its load to its store, which small n is made of.
// `status` is a kept_zero workspace, a word per tile that the launch's last tile sets back to zero
// for the next launch.
#include "common/cuda/look_back.cuh"
#include "common/cuda/staged_tile.cuh"
#include "single_pass_scan/single_pass_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
using accy_examples::flag_prefix;
using accy_examples::single_pass::block_threads;
using accy_examples::single_pass::blocks_per_multiprocessor;
using accy_examples::single_pass::register_tile;
using accy_examples::single_pass::register_tiles_cover;
using accy_examples::single_pass::staged_tile;

/// The exclusive prefix of this block's tile, whose elements sum to `total`, in every thread: warp 0
/// looks back for it.
template <class T>
__device__ __forceinline__ T tile_exclusive_prefix(unsigned long long* status, T total) {
    __shared__ T prefix;
    if (threadIdx.x < warp_size) {
        const T exclusive = exclusive_prefix(status, blockIdx.x, total);
        if (threadIdx.x == 0) prefix = exclusive;
    }
    __syncthreads();
    return prefix;
}

template <class T>
__device__ __forceinline__ void scan_register_tile(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = tile_rows<T, block_threads, register_tile::items_per_thread>;
    __shared__ T warp_totals[tile::warps];
    const bool whole = tile::whole(blockIdx.x, n, input, result);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, input, blockIdx.x, n, whole);
    const auto totals = tile::combine(tile::scan_warp(items), warp_totals);
    tile::add(items, plus(tile_exclusive_prefix(status, totals.total), totals.before));
    tile::store(items, result, blockIdx.x, n, whole);
}

template <class T>
__device__ __forceinline__ void scan_staged_tile(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = accy_examples::cuda::staged_tile<T, block_threads, staged_tile::items_per_thread>;
    if (std::uint64_t{blockIdx.x} * tile::tile >= n) {
        // Past n, as are all tiles after it: none that reads its word has elements, so it publishes an
        // empty prefix without looking back (looking back, 284 such tiles cost up to 2 us at 2^22 + 1).
        if (threadIdx.x == 0) publish(status, blockIdx.x, flag_prefix, 0);
        return;
    }
    extern __shared__ __align__(128) unsigned char dynamic_shared[];  // the staged tile (single_pass_entries.hpp)
    auto* staged = reinterpret_cast<typename tile::vector*>(dynamic_shared);
    __shared__ std::uint64_t arrived;
    __shared__ T warp_totals[tile::warps];
    const bool whole = tile::whole(blockIdx.x, n, input, result);
    tile::stage(staged, &arrived, input, blockIdx.x, n);
    const auto totals = tile::combine(warp_sum(tile::staged_sum(staged)), warp_totals);
    tile::scan_and_store(staged, plus(tile_exclusive_prefix(status, totals.total), totals.before), result, blockIdx.x, n, whole);
}

template <class T>
__device__ void single_pass_scan(T* result, const T* input, unsigned long long* status, std::uint32_t n, std::uint32_t tiles) {
    if (register_tiles_cover(tiles, n)) scan_register_tile(result, input, status, n);
    else scan_staged_tile(result, input, status, n);
    if (blockIdx.x == gridDim.x - 1) clear_status(status, gridDim.x);
}

}  // namespace

extern "C" __global__ void __launch_bounds__(block_threads, blocks_per_multiprocessor)
    accy_single_pass_scan_f32(float* result, const float* input, unsigned long long* status, std::uint32_t n, std::uint32_t tiles) {
    single_pass_scan(result, input, status, n, tiles);
}

extern "C" __global__ void __launch_bounds__(block_threads, blocks_per_multiprocessor)
    accy_single_pass_scan_i32(std::int32_t* result, const std::int32_t* input, unsigned long long* status, std::uint32_t n,
                              std::uint32_t tiles) {
    single_pass_scan(result, input, status, n, tiles);
}
