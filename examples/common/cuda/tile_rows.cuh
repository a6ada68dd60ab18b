// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::cuda::tile_rows`, the tile layout of the examples' CUDA kernels, and the
// wrapping arithmetic and warp scans they share. A tile is rows of 16-byte vectors: warp w owns
// rows * 128 consecutive elements and lane l the vector (row * 32 + l) of each row, so that every row
// is one coalesced 512-byte access per warp and a warp scans its elements row by row, in order.
#pragma once

#include <cstdint>

namespace accy_examples::cuda {

inline constexpr unsigned warp_size = 32;
inline constexpr unsigned all_lanes = 0xffffffffu;

// i32 sums wrap around (two's complement), as the host kernels' wrapping_add does.
__device__ __forceinline__ float plus(float a, float b) { return a + b; }
__device__ __forceinline__ std::int32_t plus(std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}
__device__ __forceinline__ std::uint32_t plus(std::uint32_t a, std::uint32_t b) { return a + b; }
__device__ __forceinline__ float minus(float a, float b) { return a - b; }
__device__ __forceinline__ std::int32_t minus(std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) - static_cast<std::uint32_t>(b));
}
__device__ __forceinline__ std::uint32_t minus(std::uint32_t a, std::uint32_t b) { return a - b; }

template <class T>
__device__ __forceinline__ T warp_inclusive_scan(T value, unsigned lane) {
#pragma unroll
    for (unsigned offset = 1; offset < warp_size; offset *= 2) {
        const T lower = __shfl_up_sync(all_lanes, value, offset);
        if (lane >= offset) value = plus(lower, value);
    }
    return value;
}

template <class T>
__device__ __forceinline__ T warp_sum(T value) {
#pragma unroll
    for (unsigned offset = warp_size / 2; offset > 0; offset /= 2) value = plus(value, __shfl_xor_sync(all_lanes, value, offset));
    return value;
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
template <>
struct vector4<std::uint32_t> {
    using type = uint4;
};

/// How a tile's elements are cached: `keep` where they are read again soon (a later stage or the
/// same kernel), `stream` where this is their last use (evict first, so that status words and
/// small buffers stay in L2).
enum class caching { keep, stream };

template <class T, unsigned BlockThreads, unsigned ItemsPerThread>
struct tile_rows {
    static_assert(BlockThreads % warp_size == 0 && ItemsPerThread % 4 == 0, "whole warps, whole vectors");
    using vector = typename vector4<T>::type;
    static constexpr unsigned rows = ItemsPerThread / 4;
    static constexpr unsigned warps = BlockThreads / warp_size;
    static constexpr std::uint32_t tile = BlockThreads * ItemsPerThread;

    /// The index of the first of the 4 elements that this thread holds in row `row` of tile `tile_index`.
    static __device__ __forceinline__ std::uint64_t first(std::uint32_t tile_index, unsigned row) {
        const unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
        return std::uint64_t{tile_index} * tile + warp * (rows * warp_size * 4) + (row * warp_size + lane) * 4;
    }

    /// Whether tile `tile_index` of `n` elements is full and both buffers are 16-byte aligned, so that
    /// it moves as vectors; other tiles move element by element.
    static __device__ __forceinline__ bool whole(std::uint32_t tile_index, std::uint64_t n, const void* a, const void* b) {
        const auto alignment = (reinterpret_cast<std::uintptr_t>(a) | reinterpret_cast<std::uintptr_t>(b)) % 16;
        return alignment == 0 && (std::uint64_t{tile_index} + 1) * tile <= n;
    }

    /// Loads this thread's rows of tile `tile_index`, `fill` past `n`.
    template <caching Caching>
    static __device__ __forceinline__ void load(vector (&items)[rows], const T* in, std::uint32_t tile_index, std::uint64_t n,
                                                bool whole_tile, T fill = T{}) {
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) {
            const std::uint64_t at = first(tile_index, row);
            if (whole_tile) {
                const auto* source = reinterpret_cast<const vector*>(in + at);
                items[row] = Caching == caching::stream ? __ldcs(source) : *source;
            } else {
                items[row].x = at + 0 < n ? in[at + 0] : fill;
                items[row].y = at + 1 < n ? in[at + 1] : fill;
                items[row].z = at + 2 < n ? in[at + 2] : fill;
                items[row].w = at + 3 < n ? in[at + 3] : fill;
            }
        }
    }

    /// Stores row `row` of this thread's rows of tile `tile_index`, the elements below `n`; the output
    /// is not read again here.
    static __device__ __forceinline__ void store_row(const vector& v, T* out, std::uint32_t tile_index, unsigned row, std::uint64_t n,
                                                     bool whole_tile) {
        const std::uint64_t at = first(tile_index, row);
        if (whole_tile) {
            __stcs(reinterpret_cast<vector*>(out + at), v);
        } else {
            if (at + 0 < n) out[at + 0] = v.x;
            if (at + 1 < n) out[at + 1] = v.y;
            if (at + 2 < n) out[at + 2] = v.z;
            if (at + 3 < n) out[at + 3] = v.w;
        }
    }

    /// Stores this thread's rows of tile `tile_index`, those below `n`.
    static __device__ __forceinline__ void store(const vector (&items)[rows], T* out, std::uint32_t tile_index, std::uint64_t n,
                                                 bool whole_tile) {
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) store_row(items[row], out, tile_index, row, n, whole_tile);
    }

    /// The sum of this thread's elements.
    static __device__ __forceinline__ T thread_sum(const vector (&items)[rows]) {
        T sum{};
#pragma unroll
        for (unsigned row = 0; row < rows; ++row)
            sum = plus(sum, plus(plus(items[row].x, items[row].y), plus(items[row].z, items[row].w)));
        return sum;
    }

    /// Scans one row of the warp inclusively in place, in element order, after `carry` (the sum of the
    /// warp's rows before it), which it advances past the row.
    static __device__ __forceinline__ void scan_row(vector& v, T& carry) {
        const unsigned lane = threadIdx.x % warp_size;
        v.y = plus(v.y, v.x);
        v.z = plus(v.z, v.y);
        v.w = plus(v.w, v.z);
        const T inclusive = warp_inclusive_scan(v.w, lane);
        const T before = plus(carry, minus(inclusive, v.w));
        v.x = plus(v.x, before);
        v.y = plus(v.y, before);
        v.z = plus(v.z, before);
        v.w = plus(v.w, before);
        carry = plus(carry, __shfl_sync(all_lanes, inclusive, warp_size - 1));
    }

    /// Scans the warp's elements inclusively in place, in element order; returns the warp's total.
    static __device__ __forceinline__ T scan_warp(vector (&items)[rows]) {
        T carry{};
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) scan_row(items[row], carry);
        return carry;
    }

    /// The sum of the warps before this thread's and of all the block's.
    struct warp_offsets {
        T before;
        T total;
    };

    /// Where `combine` gathers the warps' totals: a `__shared__` variable of the block. 16-byte aligned,
    /// so that the totals are read with 16-byte loads of their own: less aligned, ptxas may widen the
    /// loads to take in the shared variable before them (its bytes unused), a read that racecheck
    /// reports as a race with that variable's writes (it did, with nvcc 13 on the H200).
    struct alignas(16) shared_warp_totals {
        T of_warp[warps];
    };

    /// Each warp's `warp_total` (the same in all its lanes) through `totals`. Syncs the block; the
    /// caller syncs again before `totals` is written anew.
    static __device__ __forceinline__ warp_offsets combine(T warp_total, shared_warp_totals& totals) {
        const unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
        if (lane == 0) totals.of_warp[warp] = warp_total;
        __syncthreads();
        warp_offsets offsets{T{}, T{}};
#pragma unroll
        for (unsigned w = 0; w < warps; ++w) {
            const T total = totals.of_warp[w];
            if (w < warp) offsets.before = plus(offsets.before, total);
            offsets.total = plus(offsets.total, total);
        }
        return offsets;
    }

    static __device__ __forceinline__ void add(vector (&items)[rows], T offset) {
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) {
            items[row].x = plus(items[row].x, offset);
            items[row].y = plus(items[row].y, offset);
            items[row].z = plus(items[row].z, offset);
            items[row].w = plus(items[row].w, offset);
        }
    }
};

}  // namespace accy_examples::cuda
