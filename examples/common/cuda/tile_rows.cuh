// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::cuda::tile_rows`, the tile layout of the examples' CUDA kernels, and the
// wrapping arithmetic and warp scans they share. A tile is rows of 16-byte vectors of v = 16 /
// sizeof(T) elements: warp w owns rows * 32 * v consecutive elements and lane l the vector
// (row * 32 + l) of each row, so that every row is one coalesced 512-byte access per warp and a warp
// scans its elements row by row, in order. Sums accumulate in common/sum_type.hpp's sum_type<T>.
#pragma once

#include "common/sum_type.hpp"

#include <cstdint>
#include <type_traits>

namespace accy_examples::cuda {

inline constexpr unsigned warp_size = 32;
inline constexpr unsigned all_lanes = 0xffffffffu;

// The arithmetic of sums (sum_type): i32 sums wrap around (two's complement), as the host kernels'
// wrapping_add does.
__device__ __forceinline__ float plus(float a, float b) { return a + b; }
__device__ __forceinline__ double plus(double a, double b) { return a + b; }
__device__ __forceinline__ std::int32_t plus(std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}
__device__ __forceinline__ std::uint32_t plus(std::uint32_t a, std::uint32_t b) { return a + b; }
__device__ __forceinline__ float minus(float a, float b) { return a - b; }
__device__ __forceinline__ double minus(double a, double b) { return a - b; }
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

/// How a tile's elements are cached: `keep` where they are read again soon (a later stage or the
/// same kernel), `stream` where this is their last use (evict first, so that status words and
/// small buffers stay in L2).
enum class caching { keep, stream };

template <class T, unsigned BlockThreads, unsigned ItemsPerThread>
struct tile_rows {
    /// What the tile's sums accumulate in (common/sum_type.hpp).
    using sum = sum_type<T>;
    /// The elements of one 16-byte vector, which a thread holds per row.
    static constexpr unsigned per_vector = 16 / sizeof(T);
    static_assert(BlockThreads % warp_size == 0 && ItemsPerThread % per_vector == 0, "whole warps, whole vectors");
    struct alignas(16) vector {
        T at[per_vector];
    };
    static constexpr unsigned rows = ItemsPerThread / per_vector;
    static constexpr unsigned warps = BlockThreads / warp_size;
    static constexpr std::uint32_t tile = BlockThreads * ItemsPerThread;
    /// Whether an element may be scanned before its prefix is known and take it after: where T is its
    /// own sum type, or an integer (truncated sums wrap as T's own do), but not f16 or bf16, which
    /// would be rounded twice.
    static constexpr bool prefix_added_after_scan = std::is_same_v<T, sum> || std::is_integral_v<T>;

    static __device__ __forceinline__ sum to_sum(T element) { return static_cast<sum>(element); }
    static __device__ __forceinline__ T from_sum(sum value) { return static_cast<T>(value); }

    /// The vector of the 16 bytes `raw`, and back: global and shared memory move 16-byte words.
    static __device__ __forceinline__ vector from_raw(const uint4& raw) {
        vector v;
        memcpy(&v, &raw, sizeof v);
        return v;
    }
    static __device__ __forceinline__ uint4 to_raw(const vector& v) {
        uint4 raw;
        memcpy(&raw, &v, sizeof raw);
        return raw;
    }

    /// The index of the first of the `per_vector` elements that this thread holds in row `row` of tile
    /// `tile_index`.
    static __device__ __forceinline__ std::uint64_t first(std::uint32_t tile_index, unsigned row) {
        const unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
        return std::uint64_t{tile_index} * tile + warp * (rows * warp_size * per_vector) + (row * warp_size + lane) * per_vector;
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
                const auto* source = reinterpret_cast<const uint4*>(in + at);
                items[row] = from_raw(Caching == caching::stream ? __ldcs(source) : *source);
            } else {
#pragma unroll
                for (unsigned k = 0; k < per_vector; ++k) items[row].at[k] = at + k < n ? in[at + k] : fill;
            }
        }
    }

    /// Stores row `row` of this thread's rows of tile `tile_index`, the elements below `n`; the output
    /// is not read again here.
    static __device__ __forceinline__ void store_row(const vector& v, T* out, std::uint32_t tile_index, unsigned row, std::uint64_t n,
                                                     bool whole_tile) {
        const std::uint64_t at = first(tile_index, row);
        if (whole_tile) {
            __stcs(reinterpret_cast<uint4*>(out + at), to_raw(v));
        } else {
#pragma unroll
            for (unsigned k = 0; k < per_vector; ++k)
                if (at + k < n) out[at + k] = v.at[k];
        }
    }

    /// Stores this thread's rows of tile `tile_index`, those below `n`.
    static __device__ __forceinline__ void store(const vector (&items)[rows], T* out, std::uint32_t tile_index, std::uint64_t n,
                                                 bool whole_tile) {
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) store_row(items[row], out, tile_index, row, n, whole_tile);
    }

    /// The sum of the `Count` elements of `v` from `First`, pairwise. A recursion, not loops over an
    /// array of partial sums: ptxas kept that array of 16 in local memory for 1-byte elements.
    template <unsigned First = 0, unsigned Count = per_vector>
    static __device__ __forceinline__ sum vector_sum(const vector& v) {
        if constexpr (Count == 1) return to_sum(v.at[First]);
        else return plus(vector_sum<First, Count / 2>(v), vector_sum<First + Count / 2, Count / 2>(v));
    }

    /// The sum of this thread's elements.
    static __device__ __forceinline__ sum thread_sum(const vector (&items)[rows]) {
        sum total{};
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) total = plus(total, vector_sum(items[row]));
        return total;
    }

    /// Scans one row of the warp inclusively in place, in element order, after `carry` (the sum of the
    /// warp's rows before it), which it advances past the row.
    static __device__ __forceinline__ void scan_row(vector& v, sum& carry) {
        const unsigned lane = threadIdx.x % warp_size;
        sum running[per_vector];  // the vector's inclusive scan
        running[0] = to_sum(v.at[0]);
#pragma unroll
        for (unsigned k = 1; k < per_vector; ++k) running[k] = plus(to_sum(v.at[k]), running[k - 1]);
        const sum last = running[per_vector - 1];
        const sum inclusive = warp_inclusive_scan(last, lane);
        const sum before = plus(carry, minus(inclusive, last));
#pragma unroll
        for (unsigned k = 0; k < per_vector; ++k) v.at[k] = from_sum(plus(running[k], before));
        carry = plus(carry, __shfl_sync(all_lanes, inclusive, warp_size - 1));
    }

    /// Scans the warp's elements inclusively in place, in element order; returns the warp's total.
    static __device__ __forceinline__ sum scan_warp(vector (&items)[rows]) {
        sum carry{};
#pragma unroll
        for (unsigned row = 0; row < rows; ++row) scan_row(items[row], carry);
        return carry;
    }

    /// The sum of the warps before this thread's and of all the block's.
    struct warp_offsets {
        sum before;
        sum total;
    };

    /// Where `combine` gathers the warps' totals: a `__shared__` variable of the block. 16-byte aligned,
    /// so that the totals are read with 16-byte loads of their own: less aligned, ptxas may widen the
    /// loads to take in the shared variable before them (its bytes unused), a read that racecheck
    /// reports as a race with that variable's writes (it did, with nvcc 13 on the H200).
    struct alignas(16) shared_warp_totals {
        sum of_warp[warps];
    };

    /// Each warp's `warp_total` (the same in all its lanes) through `totals`. Syncs the block; the
    /// caller syncs again before `totals` is written anew.
    static __device__ __forceinline__ warp_offsets combine(sum warp_total, shared_warp_totals& totals) {
        const unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
        if (lane == 0) totals.of_warp[warp] = warp_total;
        __syncthreads();
        warp_offsets offsets{sum{}, sum{}};
#pragma unroll
        for (unsigned w = 0; w < warps; ++w) {
            const sum total = totals.of_warp[w];
            if (w < warp) offsets.before = plus(offsets.before, total);
            offsets.total = plus(offsets.total, total);
        }
        return offsets;
    }

    /// The sum of the `thread_total`s of the threads before this one, and of the whole block, in every
    /// thread: a warp scan, and the warps' totals through `totals` (combine).
    static __device__ __forceinline__ warp_offsets thread_offsets_of(sum thread_total, shared_warp_totals& totals) {
        const unsigned lane = threadIdx.x % warp_size;
        const sum inclusive = warp_inclusive_scan(thread_total, lane);
        // The lane before's inclusive sum, not inclusive - thread_total: floating-point sums would round.
        const sum before_in_warp = __shfl_up_sync(all_lanes, inclusive, 1);
        warp_offsets offsets = combine(__shfl_sync(all_lanes, inclusive, warp_size - 1), totals);
        if (lane > 0) offsets.before = plus(offsets.before, before_in_warp);
        return offsets;
    }

    /// Adds `offset` to each of this thread's elements (prefix_added_after_scan says where that is exact).
    static __device__ __forceinline__ void add(vector (&items)[rows], sum offset) {
#pragma unroll
        for (unsigned row = 0; row < rows; ++row)
#pragma unroll
            for (unsigned k = 0; k < per_vector; ++k) items[row].at[k] = from_sum(plus(to_sum(items[row].at[k]), offset));
    }
};

}  // namespace accy_examples::cuda
