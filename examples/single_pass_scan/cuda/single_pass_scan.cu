// SPDX-License-Identifier: Apache-2.0
// Single-pass inclusive scan with decoupled look-back: one read and one write of each element.
// `status`, one word per tile, is a workspace that accy zeroes before each launch.
#include "single_pass_scan/single_pass_config.hpp"

#include <cstdint>

namespace {

using accy_examples::single_pass::block_threads;
using accy_examples::single_pass::items_per_thread;
using accy_examples::single_pass::tile;
using accy_examples::single_pass::flag_aggregate;
using accy_examples::single_pass::flag_prefix;

constexpr unsigned warp_size = 32;
constexpr unsigned warps = block_threads / warp_size;
constexpr unsigned rows = items_per_thread / 4;  // each row: one 4-element vector per lane, 128 elements per warp

template <class T>
struct vector4;
template <>
struct vector4<float> {
    using type = float4;
};
template <>
struct vector4<int> {
    using type = int4;
};

template <class T>
__device__ std::uint32_t to_bits(T value) {
    return __float_as_uint(value);
}
template <>
__device__ std::uint32_t to_bits<int>(int value) {
    return static_cast<std::uint32_t>(value);
}
template <class T>
__device__ T from_bits(std::uint32_t bits) {
    return __uint_as_float(bits);
}
template <>
__device__ int from_bits<int>(std::uint32_t bits) {
    return static_cast<int>(bits);
}

template <class T>
__device__ T warp_inclusive_scan(T value, unsigned lane) {
#pragma unroll
    for (unsigned offset = 1; offset < warp_size; offset *= 2) {
        const T other = __shfl_up_sync(0xffffffffu, value, offset);
        if (lane >= offset) value += other;
    }
    return value;
}

template <class T>
__device__ T warp_sum(T value) {
#pragma unroll
    for (unsigned offset = warp_size / 2; offset > 0; offset /= 2) value += __shfl_xor_sync(0xffffffffu, value, offset);
    return value;
}

__device__ void publish(unsigned long long* status, std::uint32_t index, unsigned long long flag, std::uint32_t bits) {
    // Flag and value share one 64-bit word, so a reader never sees one without the other.
    volatile unsigned long long* word = status + index;
    *word = (flag << 32) | bits;
}

/// The sum of all tiles before `tile_index`, found by warp 0 looking back 32 tiles at a time.
template <class T>
__device__ T look_back(unsigned long long* status, std::uint32_t tile_index, unsigned lane) {
    T exclusive = T(0);
    long window_end = static_cast<long>(tile_index) - 1;  // the nearest predecessor lane 0 reads
    while (true) {
        const long predecessor = window_end - static_cast<long>(lane);
        unsigned long long word;
        std::uint32_t flag;
        do {
            word = predecessor >= 0 ? *reinterpret_cast<volatile unsigned long long*>(status + predecessor)
                                    : (flag_prefix << 32);
            flag = static_cast<std::uint32_t>(word >> 32);
        } while (__any_sync(0xffffffffu, flag == 0));
        const unsigned prefix_lanes = __ballot_sync(0xffffffffu, flag == flag_prefix);
        // Lanes up to and including the nearest published prefix contribute; lanes past it are older.
        const unsigned stop = prefix_lanes != 0 ? __ffs(prefix_lanes) - 1 : warp_size - 1;
        T value = lane <= stop ? from_bits<T>(static_cast<std::uint32_t>(word)) : T(0);
        exclusive += warp_sum(value);
        if (prefix_lanes != 0) return exclusive;
        window_end -= warp_size;
    }
}

template <class T>
__device__ void single_pass_scan(T* result, const T* input, unsigned long long* status, std::uint32_t n) {
    using vector = typename vector4<T>::type;
    __shared__ T warp_totals[warps];
    __shared__ T tile_prefix;

    const std::uint32_t tile_index = blockIdx.x;
    const unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
    // Each warp owns a contiguous chunk of rows * 128 elements; lane reads vector (row * 32 + lane).
    const std::uint64_t chunk = static_cast<std::uint64_t>(tile_index) * tile + warp * (rows * warp_size * 4);
    const bool full_tile = static_cast<std::uint64_t>(tile_index + 1) * tile <= n;

    vector values[rows];
#pragma unroll
    for (unsigned row = 0; row < rows; ++row) {
        const std::uint64_t first = chunk + (row * warp_size + lane) * 4;
        if (full_tile) {
            values[row] = reinterpret_cast<const vector*>(input + first)[0];
        } else {
            values[row].x = first + 0 < n ? input[first + 0] : T(0);
            values[row].y = first + 1 < n ? input[first + 1] : T(0);
            values[row].z = first + 2 < n ? input[first + 2] : T(0);
            values[row].w = first + 3 < n ? input[first + 3] : T(0);
        }
    }

    T carry = T(0);
#pragma unroll
    for (unsigned row = 0; row < rows; ++row) {
        vector& v = values[row];
        v.y += v.x;
        v.z += v.y;
        v.w += v.z;
        const T inclusive = warp_inclusive_scan(v.w, lane);
        const T before = inclusive - v.w + carry;
        v.x += before;
        v.y += before;
        v.z += before;
        v.w += before;
        carry += __shfl_sync(0xffffffffu, inclusive, warp_size - 1);
    }
    if (lane == 0) warp_totals[warp] = carry;
    __syncthreads();

    T warp_prefix = T(0), aggregate = T(0);
#pragma unroll
    for (unsigned w = 0; w < warps; ++w) {
        if (w < warp) warp_prefix += warp_totals[w];
        aggregate += warp_totals[w];
    }

    if (warp == 0) {
        T exclusive = T(0);
        if (tile_index == 0) {
            if (lane == 0) publish(status, 0, flag_prefix, to_bits(aggregate));
        } else {
            if (lane == 0) publish(status, tile_index, flag_aggregate, to_bits(aggregate));
            exclusive = look_back<T>(status, tile_index, lane);
            if (lane == 0) publish(status, tile_index, flag_prefix, to_bits(exclusive + aggregate));
        }
        if (lane == 0) tile_prefix = exclusive;
    }
    __syncthreads();

    const T offset = tile_prefix + warp_prefix;
#pragma unroll
    for (unsigned row = 0; row < rows; ++row) {
        vector v = values[row];
        v.x += offset;
        v.y += offset;
        v.z += offset;
        v.w += offset;
        const std::uint64_t first = chunk + (row * warp_size + lane) * 4;
        if (full_tile) {
            reinterpret_cast<vector*>(result + first)[0] = v;
        } else {
            if (first + 0 < n) result[first + 0] = v.x;
            if (first + 1 < n) result[first + 1] = v.y;
            if (first + 2 < n) result[first + 2] = v.z;
            if (first + 3 < n) result[first + 3] = v.w;
        }
    }
}

}  // namespace

extern "C" __global__ void __launch_bounds__(block_threads)
    accy_single_pass_scan_f32(float* result, const float* input, unsigned long long* status, std::uint32_t n) {
    single_pass_scan(result, input, status, n);
}

extern "C" __global__ void __launch_bounds__(block_threads)
    accy_single_pass_scan_i32(int* result, const int* input, unsigned long long* status, std::uint32_t n) {
    single_pass_scan(result, input, status, n);
}
