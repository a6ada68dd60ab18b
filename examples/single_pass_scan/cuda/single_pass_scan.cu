// SPDX-License-Identifier: Apache-2.0
// Single-pass inclusive scan with decoupled look-back: one read and one write of each element; f32,
// i32, f16 and bf16 (summed in f32, each result rounded once), i8 (wrapping, as its sums in i32
// truncated) and f64 (its tiles' sums in words of their own, common/tile_status.hpp).
// A launch's tiles are held in registers, one per block (up to register_tiles_at_most blocks), or
// staged in shared memory by blocks that work through several (common/cuda/staged_look_back.cuh),
// which the grid says (common/look_back_tiles.hpp). A block of staged tiles copies its next tile
// while it scans the one before, so that the loads never wait for a look-back, and a register tile
// takes a shorter path from its load to its store, which small n is made of.
// `status` is a kept_zero workspace, a tile's status per tile (common/tile_status.hpp), then the count
// of staged tiles claimed, which the launch sets back to zero for the next one.
#include "common/cuda/staged_look_back.cuh"
#include "single_pass_scan/single_pass_config.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
namespace look_back_tiles = accy_examples::look_back_tiles;
using look_back_tiles::block_threads;

/// The register tile scanned, then its prefix added; or, where that would round twice
/// (prefix_added_after_scan), summed, then scanned after its prefix.
template <class T>
__device__ __forceinline__ void scan_register_tile(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = register_tile_of<T>;
    __shared__ typename tile::shared_warp_totals warp_totals;
    const bool whole = tile::whole(blockIdx.x, n, input, result);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, input, blockIdx.x, n, whole);
    if constexpr (tile::prefix_added_after_scan) {
        const auto totals = tile::combine(tile::scan_warp(items), warp_totals);
        if (threadIdx.x == 0) publish_aggregate(status, blockIdx.x, totals.total);
        tile::add(items, plus(tile_exclusive_prefix(status, blockIdx.x, totals.total), totals.before));
        tile::store(items, result, blockIdx.x, n, whole);
    } else {
        const auto totals = tile::combine(warp_sum(tile::thread_sum(items)), warp_totals);
        if (threadIdx.x == 0) publish_aggregate(status, blockIdx.x, totals.total);
        auto carry = plus(tile_exclusive_prefix(status, blockIdx.x, totals.total), totals.before);
#pragma unroll
        for (unsigned row = 0; row < tile::rows; ++row) {
            tile::scan_row(items[row], carry);
            tile::store_row(items[row], result, blockIdx.x, row, n, whole);
        }
    }
    if (blockIdx.x == gridDim.x - 1) clear_status<typename tile::sum>(status, gridDim.x);
}

/// Each staged tile summed, then scanned in shared memory after its prefix and stored.
template <class T>
__device__ __forceinline__ void scan_staged_tiles(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = staged_tile_of<T>;
    __shared__ typename tile::shared_warp_totals warp_totals;
    work_through_staged_tiles<tile::tile>(
        input, status, n, [&](typename tile::vector* staged, std::uint32_t) { return tile::thread_offsets(staged, warp_totals); },
        [&](typename tile::vector* staged, std::uint32_t tile_index, const auto& totals, typename tile::sum prefix) {
            tile::scan_and_store(staged, plus(prefix, totals.before), result, tile_index, n, tile::whole(tile_index, n, input, result));
        });
}

template <class T>
__device__ void single_pass_scan(T* result, const T* input, unsigned long long* status, std::uint32_t n, std::uint32_t blocks) {
    if (look_back_tiles::register_tiles_cover<T>(blocks, n)) scan_register_tile(result, input, status, n);
    else scan_staged_tiles(result, input, status, n);
}

}  // namespace

// The kernel of element type T, `t` its dtype: extern "C", so that the entries find it by name
// (single_pass_cuda.hpp), and so not a template.
#define ACCY_EXAMPLES_SINGLE_PASS_SCAN(t, T)                                                                          \
    __global__ void __launch_bounds__(block_threads, look_back_tiles::blocks_per_multiprocessor)                      \
        accy_single_pass_scan_##t(T* result, const T* input, unsigned long long* status, std::uint32_t n,             \
                                  std::uint32_t blocks) {                                                             \
        single_pass_scan(result, input, status, n, blocks);                                                           \
    }

extern "C" {
ACCY_EXAMPLES_SINGLE_PASS_SCAN(f32, float)
ACCY_EXAMPLES_SINGLE_PASS_SCAN(i32, std::int32_t)
ACCY_EXAMPLES_SINGLE_PASS_SCAN(f16, __half)
ACCY_EXAMPLES_SINGLE_PASS_SCAN(bf16, __nv_bfloat16)
ACCY_EXAMPLES_SINGLE_PASS_SCAN(i8, std::int8_t)
ACCY_EXAMPLES_SINGLE_PASS_SCAN(f64, double)
}
