// SPDX-License-Identifier: Apache-2.0
// Single-pass inclusive scan with decoupled look-back: one read and one write of each element.
// A tile waits for its look-back in shared memory (common/cuda/staged_tile.cuh), where registers
// would hold it: three tiles of 18432 elements per multiprocessor, where registers allowed four of
// 8192 (the H200's scan of 2^28 f32: 0.615-0.620 against 0.688 ms). `status` is a kept_zero
// workspace, a word per tile that the launch's last tile sets back to zero for the next launch.
#include "common/cuda/look_back.cuh"
#include "common/cuda/staged_tile.cuh"
#include "single_pass_scan/single_pass_config.hpp"

#include <cstdint>

namespace {

using namespace accy_examples::cuda;
using accy_examples::single_pass::block_threads;
using accy_examples::single_pass::blocks_per_multiprocessor;
using accy_examples::single_pass::items_per_thread;

template <class T>
__device__ void single_pass_scan(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using tile = staged_tile<T, block_threads, items_per_thread>;
    extern __shared__ __align__(128) unsigned char dynamic_shared[];  // tile::bytes
    auto* staged = reinterpret_cast<typename tile::vector*>(dynamic_shared);
    __shared__ std::uint64_t arrived;
    __shared__ T warp_totals[tile::warps];
    __shared__ T tile_prefix;
    const bool whole = tile::whole(blockIdx.x, n, input, result);
    tile::stage(staged, &arrived, input, blockIdx.x, n);
    const auto totals = tile::combine(warp_sum(tile::staged_sum(staged)), warp_totals);
    if (threadIdx.x < warp_size) {
        const T exclusive = exclusive_prefix(status, blockIdx.x, totals.total);
        if (threadIdx.x == 0) tile_prefix = exclusive;
    }
    __syncthreads();
    tile::scan_and_store(staged, plus(tile_prefix, totals.before), result, blockIdx.x, n, whole);
    if (blockIdx.x == gridDim.x - 1) clear_status(status, gridDim.x);
}

}  // namespace

extern "C" __global__ void __launch_bounds__(block_threads, blocks_per_multiprocessor)
    accy_single_pass_scan_f32(float* result, const float* input, unsigned long long* status, std::uint32_t n) {
    single_pass_scan(result, input, status, n);
}

extern "C" __global__ void __launch_bounds__(block_threads, blocks_per_multiprocessor)
    accy_single_pass_scan_i32(std::int32_t* result, const std::int32_t* input, unsigned long long* status, std::uint32_t n) {
    single_pass_scan(result, input, status, n);
}
