// SPDX-License-Identifier: Apache-2.0
// Single-pass inclusive scan with decoupled look-back: one read and one write of each element.
// `status` is a kept_zero workspace, a word per tile that the launch's last tile sets back to zero
// for the next launch.
#include "common/cuda/look_back.cuh"
#include "common/cuda/tile_rows.cuh"
#include "single_pass_scan/single_pass_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
using accy_examples::single_pass::block_threads;
using accy_examples::single_pass::items_per_thread;

template <class T>
__device__ void single_pass_scan(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = tile_rows<T, block_threads, items_per_thread>;
    __shared__ T warp_totals[tile::warps];
    __shared__ T tile_prefix;
    const bool whole = tile::whole(blockIdx.x, n, input, result);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, input, blockIdx.x, n, whole);
    const auto totals = tile::combine(tile::scan_warp(items), warp_totals);
    if (threadIdx.x < warp_size) {
        const T exclusive = exclusive_prefix(status, blockIdx.x, totals.total);
        if (threadIdx.x == 0) tile_prefix = exclusive;
    }
    __syncthreads();
    tile::add(items, plus(tile_prefix, totals.before));
    tile::store(items, result, blockIdx.x, n, whole);
    if (blockIdx.x == gridDim.x - 1) clear_status(status, gridDim.x);
}

}  // namespace

extern "C" __global__ void __launch_bounds__(block_threads, look_back_blocks_per_multiprocessor)
    accy_single_pass_scan_f32(float* result, const float* input, unsigned long long* status, std::uint32_t n) {
    single_pass_scan(result, input, status, n);
}

extern "C" __global__ void __launch_bounds__(block_threads, look_back_blocks_per_multiprocessor)
    accy_single_pass_scan_i32(std::int32_t* result, const std::int32_t* input, unsigned long long* status, std::uint32_t n) {
    single_pass_scan(result, input, status, n);
}
