// SPDX-License-Identifier: Apache-2.0
// The scan's CUDA kernels, f32 and i32 (signatures in scan_config.hpp): each block scans one tile of
// scan_tile elements, scan_items_per_thread consecutive ones per thread, with 16-byte loads and warp shuffles.
#include "scan/scan_config.hpp"

#include <cstdint>

namespace {

using accy_examples::scan::scan_block_threads;
using accy_examples::scan::scan_items_per_thread;
using accy_examples::scan::scan_tile;

constexpr unsigned warp_size = 32;
constexpr unsigned warps = scan_block_threads / warp_size;
static_assert(scan_items_per_thread == 4, "the kernels move one 16-byte vector of 4 elements per thread");
static_assert(scan_block_threads % warp_size == 0 && warps <= warp_size);

/// i32 sums wrap around: unsigned arithmetic, so that overflow is defined.
__device__ __forceinline__ float plus(float a, float b) { return a + b; }
__device__ __forceinline__ std::int32_t plus(std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}

template <class T>
struct vector4;
template <>
struct vector4<float> {
    using type = float4;
};
template <>
struct vector4<std::int32_t> {
    using type = int4;
};

/// The `count` (at most scan_tile) elements of a tile that start at `tile`: thread t holds elements
/// 4t to 4t + 3, zero past `count`. A full, 16-byte aligned tile loads as one vector per thread.
template <class T>
__device__ __forceinline__ void load_tile(T (&items)[4], const T* tile, std::uint32_t count) {
    const std::uint32_t first = threadIdx.x * 4;
    if (count == scan_tile && reinterpret_cast<std::uintptr_t>(tile) % 16 == 0) {
        const auto v = reinterpret_cast<const typename vector4<T>::type*>(tile)[threadIdx.x];
        items[0] = v.x, items[1] = v.y, items[2] = v.z, items[3] = v.w;
    } else {
#pragma unroll
        for (std::uint32_t k = 0; k < 4; ++k) items[k] = first + k < count ? tile[first + k] : T{};
    }
}

template <class T>
__device__ __forceinline__ void store_tile(const T (&items)[4], T* tile, std::uint32_t count) {
    const std::uint32_t first = threadIdx.x * 4;
    if (count == scan_tile && reinterpret_cast<std::uintptr_t>(tile) % 16 == 0) {
        reinterpret_cast<typename vector4<T>::type*>(tile)[threadIdx.x] = {items[0], items[1], items[2], items[3]};
    } else {
#pragma unroll
        for (std::uint32_t k = 0; k < 4; ++k)
            if (first + k < count) tile[first + k] = items[k];
    }
}

/// Scans the block's scan_tile items inclusively in place and returns the tile's total. Reads and
/// writes `warp_totals` (shared, `warps` long); the caller syncs before using it again.
template <class T>
__device__ __forceinline__ T scan_items(T (&items)[4], T* warp_totals) {
    const unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
    items[1] = plus(items[0], items[1]);
    items[2] = plus(items[1], items[2]);
    items[3] = plus(items[2], items[3]);
    T inclusive = items[3];
#pragma unroll
    for (unsigned delta = 1; delta < warp_size; delta *= 2) {
        const T lower = __shfl_up_sync(0xffffffffu, inclusive, delta);
        if (lane >= delta) inclusive = plus(lower, inclusive);
    }
    T before = __shfl_up_sync(0xffffffffu, inclusive, 1);
    if (lane == 0) before = T{};
    if (lane == warp_size - 1) warp_totals[warp] = inclusive;
    __syncthreads();
    T total{};
#pragma unroll
    for (unsigned w = 0; w < warps; ++w) {
        if (w == warp) before = plus(total, before);
        total = plus(total, warp_totals[w]);
    }
#pragma unroll
    for (unsigned k = 0; k < 4; ++k) items[k] = plus(before, items[k]);
    return total;
}

__device__ __forceinline__ std::uint32_t tile_count(std::uint32_t tile_index, std::uint32_t n) {
    const std::uint64_t first = std::uint64_t{tile_index} * scan_tile;
    return first + scan_tile <= n ? scan_tile : static_cast<std::uint32_t>(n - first);
}

template <class T>
__device__ void block_scan(T* out, const T* in, T* tile_sums, std::uint32_t n) {
    __shared__ T warp_totals[warps];
    const std::uint64_t first = std::uint64_t{blockIdx.x} * scan_tile;
    const std::uint32_t count = tile_count(blockIdx.x, n);
    T items[4];
    load_tile(items, in + first, count);
    const T total = scan_items(items, warp_totals);
    store_tile(items, out + first, count);
    if (threadIdx.x == 0) tile_sums[blockIdx.x] = total;
}

template <class T>
__device__ void sums_scan(T* scanned_sums, const T* tile_sums, std::uint32_t tiles) {
    __shared__ T warp_totals[warps];
    T carry{};
    for (std::uint32_t chunk = 0; chunk < tiles; chunk += scan_tile) {
        const std::uint32_t count = tiles - chunk < scan_tile ? tiles - chunk : scan_tile;
        T items[4];
        load_tile(items, tile_sums + chunk, count);
        const T total = scan_items(items, warp_totals);
#pragma unroll
        for (unsigned k = 0; k < 4; ++k) items[k] = plus(carry, items[k]);
        store_tile(items, scanned_sums + chunk, count);
        carry = plus(carry, total);
        __syncthreads();  // warp_totals is written again by the next chunk
    }
}

template <class T>
__device__ void add_base(T* out, const T* scanned_sums, std::uint32_t n) {
    if (blockIdx.x == 0) return;
    const T base = scanned_sums[blockIdx.x - 1];
    const std::uint64_t first = std::uint64_t{blockIdx.x} * scan_tile;
    const std::uint32_t count = tile_count(blockIdx.x, n);
    T items[4];
    load_tile(items, out + first, count);
#pragma unroll
    for (unsigned k = 0; k < 4; ++k) items[k] = plus(base, items[k]);
    store_tile(items, out + first, count);
}

}  // namespace

extern "C" {

__global__ void __launch_bounds__(scan_block_threads)
    accy_examples_scan_block_scan_f32(float* out, const float* in, float* tile_sums, std::uint32_t n) {
    block_scan(out, in, tile_sums, n);
}
__global__ void __launch_bounds__(scan_block_threads)
    accy_examples_scan_block_scan_i32(std::int32_t* out, const std::int32_t* in, std::int32_t* tile_sums, std::uint32_t n) {
    block_scan(out, in, tile_sums, n);
}

__global__ void __launch_bounds__(scan_block_threads)
    accy_examples_scan_sums_scan_f32(float* scanned_sums, const float* tile_sums, std::uint32_t tiles) {
    sums_scan(scanned_sums, tile_sums, tiles);
}
__global__ void __launch_bounds__(scan_block_threads)
    accy_examples_scan_sums_scan_i32(std::int32_t* scanned_sums, const std::int32_t* tile_sums, std::uint32_t tiles) {
    sums_scan(scanned_sums, tile_sums, tiles);
}

__global__ void __launch_bounds__(scan_block_threads)
    accy_examples_scan_add_base_f32(float* out, const float* scanned_sums, std::uint32_t n) {
    add_base(out, scanned_sums, n);
}
__global__ void __launch_bounds__(scan_block_threads)
    accy_examples_scan_add_base_i32(std::int32_t* out, const std::int32_t* scanned_sums, std::uint32_t n) {
    add_base(out, scanned_sums, n);
}

}  // extern "C"
