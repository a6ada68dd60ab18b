// SPDX-License-Identifier: Apache-2.0
// The scan's CUDA kernels, f32 and i32 (signatures in scan_config.hpp): reduce each tile, scan the
// tile sums in one block, scan each tile from its base. Tiles move as rows of 16-byte vectors
// (common/cuda/tile_rows.cuh); the input is read twice, the output written once.
#include "common/cuda/tile_rows.cuh"
#include "scan/scan_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
using scan_tile = accy_examples::scan::tile;
using accy_examples::scan::sums_block_threads;

template <class T>
using scan_tile_rows = tile_rows<T, scan_tile::block_threads, scan_tile::items_per_thread>;

template <class T>
__device__ void reduce_tiles(T* tile_sums, const T* in, std::uint32_t n) {
    using tile = scan_tile_rows<T>;
    __shared__ typename tile::shared_warp_totals warp_totals;
    typename tile::vector items[tile::rows];
    // Kept in L2 where it fits: scan_tiles reads the same input next.
    tile::template load<caching::keep>(items, in, blockIdx.x, n, tile::whole(blockIdx.x, n, in, in));
    const auto totals = tile::combine(warp_sum(tile::thread_sum(items)), warp_totals);
    if (threadIdx.x == 0) tile_sums[blockIdx.x] = totals.total;
}

template <class T>
__device__ void scan_sums(T* tile_bases, const T* tile_sums, std::uint32_t tiles) {
    using chunk = tile_rows<T, sums_block_threads, 4>;  // 4 consecutive sums per thread
    __shared__ typename chunk::shared_warp_totals warp_totals;
    const unsigned lane = threadIdx.x % warp_size;
    T carry{};
    for (std::uint32_t first = 0; first < tiles; first += chunk::tile) {
        const std::uint32_t mine = first + threadIdx.x * 4;
        T sums[4];
#pragma unroll
        for (unsigned k = 0; k < 4; ++k) sums[k] = mine + k < tiles ? tile_sums[mine + k] : T{};
        const T local = plus(plus(sums[0], sums[1]), plus(sums[2], sums[3]));
        const T inclusive = warp_inclusive_scan(local, lane);
        const auto totals = chunk::combine(__shfl_sync(all_lanes, inclusive, warp_size - 1), warp_totals);
        T base = plus(carry, plus(totals.before, minus(inclusive, local)));
#pragma unroll
        for (unsigned k = 0; k < 4; ++k) {
            if (mine + k < tiles) tile_bases[mine + k] = base;
            base = plus(base, sums[k]);
        }
        carry = plus(carry, totals.total);
        __syncthreads();  // warp_totals is written again by the next chunk
    }
}

template <class T>
__device__ void scan_tiles(T* out, const T* in, const T* tile_bases, std::uint32_t n) {
    using tile = scan_tile_rows<T>;
    __shared__ typename tile::shared_warp_totals warp_totals;
    const bool whole = tile::whole(blockIdx.x, n, in, out);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, in, blockIdx.x, n, whole);
    const T base = tile_bases[blockIdx.x];
    const auto totals = tile::combine(tile::scan_warp(items), warp_totals);
    tile::add(items, plus(base, totals.before));
    tile::store(items, out, blockIdx.x, n, whole);
}

}  // namespace

// The three kernels of element type T, `t` its dtype: extern "C", so that the entries find them by
// name (scan_cuda.hpp), and so not templates.
#define ACCY_EXAMPLES_SCAN_KERNELS(t, T)                                                                 \
    __global__ void __launch_bounds__(scan_tile::block_threads)                                         \
        accy_examples_scan_reduce_tiles_##t(T* tile_sums, const T* in, std::uint32_t n) {                \
        reduce_tiles(tile_sums, in, n);                                                                  \
    }                                                                                                    \
    __global__ void __launch_bounds__(sums_block_threads)                                                \
        accy_examples_scan_scan_sums_##t(T* tile_bases, const T* tile_sums, std::uint32_t tiles) {       \
        scan_sums(tile_bases, tile_sums, tiles);                                                         \
    }                                                                                                    \
    __global__ void __launch_bounds__(scan_tile::block_threads)                                         \
        accy_examples_scan_scan_tiles_##t(T* out, const T* in, const T* tile_bases, std::uint32_t n) {   \
        scan_tiles(out, in, tile_bases, n);                                                              \
    }

extern "C" {
ACCY_EXAMPLES_SCAN_KERNELS(f32, float)
ACCY_EXAMPLES_SCAN_KERNELS(i32, std::int32_t)
}
