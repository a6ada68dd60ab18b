// SPDX-License-Identifier: Apache-2.0
// The split scan's own CUDA kernels, f32 and i32 (signatures in split_config.hpp): a slice's total,
// and the carry from the devices before added to a slice's tile bases. Both touch one value per
// tile of the slice, not its elements: the elements go through the scan example's kernels.
#include "common/cuda/tile_rows.cuh"
#include "split_scan/split_config.hpp"

#include <cstdint>

namespace {

using accy_examples::cuda::plus;
using accy_examples::split::carry_tile;

template <class T>
__device__ void slice_total(T* total, const T* tile_bases, const T* tile_sums, std::uint32_t tiles) {
    *total = plus(tile_bases[tiles - 1], tile_sums[tiles - 1]);
}

template <class T>
__device__ void add_carry(T* carried_bases, const T* tile_bases, const T* totals, std::uint32_t predecessors,
                          std::uint32_t tiles) {
    T carry{};
    for (std::uint32_t i = 0; i < predecessors; ++i) carry = plus(carry, totals[i]);
    const std::uint32_t tile = blockIdx.x * carry_tile::elements + threadIdx.x;
    if (tile < tiles) carried_bases[tile] = plus(tile_bases[tile], carry);
}

}  // namespace

extern "C" {

__global__ void accy_examples_split_slice_total_f32(float* total, const float* tile_bases, const float* tile_sums,
                                                    std::uint32_t tiles) {
    slice_total(total, tile_bases, tile_sums, tiles);
}
__global__ void accy_examples_split_slice_total_i32(std::int32_t* total, const std::int32_t* tile_bases,
                                                    const std::int32_t* tile_sums, std::uint32_t tiles) {
    slice_total(total, tile_bases, tile_sums, tiles);
}

__global__ void __launch_bounds__(carry_tile::block_threads)
    accy_examples_split_add_carry_f32(float* carried_bases, const float* tile_bases, const float* totals,
                                      std::uint32_t predecessors, std::uint32_t tiles) {
    add_carry(carried_bases, tile_bases, totals, predecessors, tiles);
}
__global__ void __launch_bounds__(carry_tile::block_threads)
    accy_examples_split_add_carry_i32(std::int32_t* carried_bases, const std::int32_t* tile_bases,
                                      const std::int32_t* totals, std::uint32_t predecessors, std::uint32_t tiles) {
    add_carry(carried_bases, tile_bases, totals, predecessors, tiles);
}

}  // extern "C"
