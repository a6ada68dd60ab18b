// SPDX-License-Identifier: Apache-2.0
// The compaction's own CUDA kernels, f32 and i32 (signatures in compact_config.hpp): flag and scatter,
// each block over one tile of compact_tile elements, 4 consecutive ones per thread with 16-byte accesses.
#include "compact/compact_config.hpp"

#include <cstdint>

namespace {

using accy_examples::compact::compact_block_threads;
using accy_examples::compact::compact_tile;

static_assert(compact_tile == 4 * compact_block_threads, "the kernels move one 16-byte vector of 4 elements per thread");

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

/// Elements 4t to 4t + 3 of the tile starting at `tile`, for thread t; `count` of the tile are valid.
/// Full, 16-byte aligned tiles load as one vector per thread; others element by element, `fill` past `count`.
template <class T>
__device__ __forceinline__ void load4(T (&items)[4], const T* tile, std::uint32_t count, T fill) {
    const std::uint32_t first = threadIdx.x * 4;
    if (count == compact_tile && reinterpret_cast<std::uintptr_t>(tile) % 16 == 0) {
        const auto v = reinterpret_cast<const typename vector4<T>::type*>(tile)[threadIdx.x];
        items[0] = v.x, items[1] = v.y, items[2] = v.z, items[3] = v.w;
    } else {
#pragma unroll
        for (std::uint32_t k = 0; k < 4; ++k) items[k] = first + k < count ? tile[first + k] : fill;
    }
}

__device__ __forceinline__ std::uint32_t tile_count(std::uint32_t n) {
    const std::uint64_t first = std::uint64_t{blockIdx.x} * compact_tile;
    return first + compact_tile <= n ? compact_tile : static_cast<std::uint32_t>(n - first);
}

template <class T>
__device__ void flag(std::int32_t* flags, const T* in, std::uint32_t n, T threshold) {
    const std::uint64_t first = std::uint64_t{blockIdx.x} * compact_tile;
    const std::uint32_t count = tile_count(n);
    T items[4];
    load4(items, in + first, count, T{});
    int4 kept;
    kept.x = items[0] > threshold, kept.y = items[1] > threshold, kept.z = items[2] > threshold, kept.w = items[3] > threshold;
    std::int32_t* tile = flags + first;
    if (count == compact_tile && reinterpret_cast<std::uintptr_t>(tile) % 16 == 0) {
        reinterpret_cast<int4*>(tile)[threadIdx.x] = kept;
    } else {
        const std::int32_t values[4] = {kept.x, kept.y, kept.z, kept.w};
#pragma unroll
        for (std::uint32_t k = 0; k < 4; ++k)
            if (threadIdx.x * 4 + k < count) tile[threadIdx.x * 4 + k] = values[k];
    }
}

template <class T>
__device__ void scatter(T* out, std::uint32_t* count_out, const T* in, const std::int32_t* positions, std::uint32_t n) {
    const std::uint64_t first = std::uint64_t{blockIdx.x} * compact_tile;
    const std::uint32_t count = tile_count(n);
    std::int32_t position[4];
    load4(position, positions + first, count, 0);
    // The position before this thread's first element: the previous lane's last, or memory for lane 0.
    std::int32_t before = __shfl_up_sync(0xffffffffu, position[3], 1);
    const std::uint64_t mine = first + threadIdx.x * 4;
    if (threadIdx.x % 32 == 0) before = mine > 0 && mine - 1 < n ? positions[mine - 1] : 0;
    T items[4];
    load4(items, in + first, count, T{});
#pragma unroll
    for (std::uint32_t k = 0; k < 4; ++k) {
        if (threadIdx.x * 4 + k < count && position[k] > before) out[before] = items[k];
        before = position[k];
    }
    if (mine <= n - 1 && n - 1 < mine + 4) *count_out = static_cast<std::uint32_t>(position[n - 1 - mine]);
}

}  // namespace

extern "C" {

__global__ void __launch_bounds__(compact_block_threads)
    accy_examples_compact_flag_f32(std::int32_t* flags, const float* in, std::uint32_t n, float threshold) {
    flag(flags, in, n, threshold);
}
__global__ void __launch_bounds__(compact_block_threads)
    accy_examples_compact_flag_i32(std::int32_t* flags, const std::int32_t* in, std::uint32_t n, std::int32_t threshold) {
    flag(flags, in, n, threshold);
}

__global__ void __launch_bounds__(compact_block_threads)
    accy_examples_compact_scatter_f32(float* out, std::uint32_t* count, const float* in, const std::int32_t* positions,
                                      std::uint32_t n) {
    scatter(out, count, in, positions, n);
}
__global__ void __launch_bounds__(compact_block_threads)
    accy_examples_compact_scatter_i32(std::int32_t* out, std::uint32_t* count, const std::int32_t* in,
                                      const std::int32_t* positions, std::uint32_t n) {
    scatter(out, count, in, positions, n);
}

}  // extern "C"
