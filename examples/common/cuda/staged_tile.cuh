// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::cuda::staged_tile`, a tile of tile_rows held in shared memory instead of
// registers: one thread loads a whole tile with one bulk copy (cp.async.bulk, Hopper's copy engine;
// before Hopper the threads copy it) that completes on an mbarrier, so that a block needs few
// registers and shared memory alone bounds the tiles in flight on a multiprocessor.
#pragma once

#include "common/cuda/tile_rows.cuh"

#include <cstdint>

namespace accy_examples::cuda {

template <class T, unsigned BlockThreads, unsigned ItemsPerThread>
struct staged_tile : tile_rows<T, BlockThreads, ItemsPerThread> {
    using rows_of = tile_rows<T, BlockThreads, ItemsPerThread>;
    using typename rows_of::vector;
    using rows_of::rows;
    using rows_of::tile;

    /// This thread's row `row` within the staged tile: the vectors lie as in global memory.
    static __device__ __forceinline__ vector& row_of(vector* staged, unsigned row) {
        return staged[rows_of::first(0, row) / 4];
    }

    /// Called by every thread of the block, for a tile that starts below `n`: copies tile `tile_index`
    /// of `in`, its elements below `n`, into `staged` (`tile` elements, 16-byte aligned) and `fill`
    /// past `n`, and returns once every thread can read it. Where `in` is 16-byte aligned, the tile's
    /// whole vectors arrive by one bulk copy that leaves the L2 cache to evict their lines first (they
    /// are not read again); the threads copy the rest: at most 3 elements (all of them where `in` is
    /// not aligned) and the fill.
    static __device__ __forceinline__ void stage(vector* staged, std::uint64_t* arrived, const T* in, std::uint32_t tile_index,
                                                 std::uint64_t n, T fill = T{}) {
        const std::uint64_t base = std::uint64_t{tile_index} * tile;
        const std::uint64_t below_n = n - base < tile ? n - base : tile;
        const bool aligned = reinterpret_cast<std::uintptr_t>(in) % 16 == 0;
        const auto copied = static_cast<std::uint32_t>(aligned ? below_n / 4 * 4 : 0);
        T* elements = reinterpret_cast<T*>(staged);
#pragma unroll 4
        for (unsigned i = copied + threadIdx.x; i < tile; i += BlockThreads) elements[i] = base + i < n ? in[base + i] : fill;
        if (copied == 0) {
            __syncthreads();
            return;
        }
#if __CUDA_ARCH__ >= 900
        const unsigned copied_bytes = copied * sizeof(T);
        const auto barrier = static_cast<unsigned>(__cvta_generic_to_shared(arrived));
        if (threadIdx.x == 0) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barrier) : "memory");
            // The initialised barrier visible to the copy engine before the copy signals it.
            asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier), "r"(copied_bytes) : "memory");
            std::uint64_t evict_first;
            asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(evict_first));
            asm volatile(
                "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
                    static_cast<unsigned>(__cvta_generic_to_shared(staged))),
                "l"(in + base), "r"(copied_bytes), "r"(barrier), "l"(evict_first)
                : "memory");
        }
        __syncthreads();  // the threads' elements written, and no thread waits on the barrier before it is initialised
        asm volatile(
            "{\n"
            ".reg .pred arrived;\n"
            "waiting:\n"
            "mbarrier.try_wait.parity.shared::cta.b64 arrived, [%0], 0;\n"
            "@!arrived bra waiting;\n"
            "}\n" ::"r"(barrier)
            : "memory");
#else  // no copy engine before Hopper: the threads copy the whole vectors too
        (void)arrived;
        const auto* vectors = reinterpret_cast<const vector*>(in + base);
#pragma unroll 4
        for (unsigned i = threadIdx.x; i < copied / 4; i += BlockThreads) staged[i] = __ldcs(vectors + i);
        __syncthreads();
#endif
    }

    /// The sum of this thread's elements in `staged`.
    static __device__ __forceinline__ T staged_sum(vector* staged) {
        T sum{};
#pragma unroll 4
        for (unsigned row = 0; row < rows; ++row) {
            const vector v = row_of(staged, row);
            sum = plus(sum, plus(plus(v.x, v.y), plus(v.z, v.w)));
        }
        return sum;
    }

    /// Scans this thread's rows of `staged` after `carry` (what comes before the thread's warp) and
    /// stores them into tile `tile_index` of `out`, `group` rows at a time: the rows of a group side by
    /// side, their warp scans interleaved, within the registers that three blocks per multiprocessor
    /// leave (all nine rows at once spilled; a row at a time, each row's scan waits for the last one's).
    static __device__ __forceinline__ void scan_and_store(vector* staged, T carry, T* out, std::uint32_t tile_index, std::uint64_t n,
                                                          bool whole_tile) {
        constexpr unsigned group = 3;
        static_assert(rows % group == 0, "whole groups of rows");
#pragma unroll 1
        for (unsigned first = 0; first < rows; first += group) {
            vector items[group];
#pragma unroll
            for (unsigned r = 0; r < group; ++r) items[r] = row_of(staged, first + r);
#pragma unroll
            for (unsigned r = 0; r < group; ++r) rows_of::scan_row(items[r], carry);
#pragma unroll
            for (unsigned r = 0; r < group; ++r) rows_of::store_row(items[r], out, tile_index, first + r, n, whole_tile);
        }
    }
};

}  // namespace accy_examples::cuda
