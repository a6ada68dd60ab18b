// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::cuda::staged_tile`, a tile of tile_rows held in shared memory instead of
// registers, in a buffer that a block fills ahead of its use: one thread starts the copy of a whole
// tile with one bulk copy (cp.async.bulk, Hopper's copy engine) that completes on the buffer's
// mbarrier, and the block finishes the copy when it needs the tile. Before Hopper the threads copy
// the whole tile then.
#pragma once

#include "common/cuda/tile_rows.cuh"

#include <cstdint>

namespace accy_examples::cuda {

template <class T, unsigned BlockThreads, unsigned ItemsPerThread>
struct staged_tile : tile_rows<T, BlockThreads, ItemsPerThread> {
    using rows_of = tile_rows<T, BlockThreads, ItemsPerThread>;
    using typename rows_of::vector;
    using typename rows_of::sum;
    using rows_of::per_vector;
    using rows_of::rows;
    using rows_of::tile;

    /// The vectors of one staged tile: a buffer's size.
    static constexpr unsigned vectors = tile / per_vector;

    /// This thread's row `row` within the staged tile, where the vectors lie as in global memory.
    static __device__ __forceinline__ vector load_row(const vector* staged, unsigned row) {
        return rows_of::from_raw(reinterpret_cast<const uint4*>(staged)[rows_of::first(0, row) / per_vector]);
    }

    /// The elements of tile `tile_index` of `in` that its bulk copy brings: its whole vectors below `n`
    /// where `in` is 16-byte aligned (on Hopper and later), else none.
    static __device__ __forceinline__ std::uint32_t bulk_copied(const T* in, std::uint32_t tile_index, std::uint64_t n) {
#if __CUDA_ARCH__ >= 900
        const std::uint64_t base = std::uint64_t{tile_index} * tile;
        const std::uint64_t below_n = n - base < tile ? n - base : tile;
        return reinterpret_cast<std::uintptr_t>(in) % 16 == 0 ? static_cast<std::uint32_t>(below_n / per_vector * per_vector) : 0;
#else
        (void)in, (void)tile_index, (void)n;
        return 0;
#endif
    }

    /// Called by one thread before its block's first copy into the buffer whose barrier is `arrived`.
    static __device__ __forceinline__ void init(std::uint64_t* arrived) {
#if __CUDA_ARCH__ >= 900
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(static_cast<unsigned>(__cvta_generic_to_shared(arrived))) : "memory");
        // The initialised barrier visible to the copy engine before a copy signals it.
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#else
        (void)arrived;
#endif
    }

    /// Called by one thread, for a tile that starts below `n`, once no thread reads `staged` any more:
    /// starts copying what bulk_copied says of tile `tile_index` into `staged` (16-byte aligned), with
    /// a hint that leaves the L2 cache to evict its lines first (they are not read again). The buffer's
    /// barrier `arrived` completes its next phase when the copy has arrived.
    static __device__ __forceinline__ void start_copy(vector* staged, std::uint64_t* arrived, const T* in, std::uint32_t tile_index,
                                                      std::uint64_t n) {
#if __CUDA_ARCH__ >= 900
        const auto barrier = static_cast<unsigned>(__cvta_generic_to_shared(arrived));
        const unsigned bytes = bulk_copied(in, tile_index, n) * sizeof(T);
        if (bytes == 0) {
            asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(barrier) : "memory");
            return;
        }
        // The threads' earlier writes to the buffer (finish_copy's) ordered before the copy engine's.
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier), "r"(bytes) : "memory");
        std::uint64_t evict_first;
        asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(evict_first));
        asm volatile(
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
                static_cast<unsigned>(__cvta_generic_to_shared(staged))),
            "l"(in + std::uint64_t{tile_index} * tile), "r"(bytes), "r"(barrier), "l"(evict_first)
            : "memory");
#else
        (void)staged, (void)arrived, (void)in, (void)tile_index, (void)n;
#endif
    }

    /// Called by every thread of the block: waits for the copy that start_copy started into `staged`,
    /// the buffer's `use`-th (from 0), then copies the rest of tile `tile_index` below `n` (less than a
    /// vector where the bulk copy brought the whole vectors, else all) and zeroes the elements past
    /// `n`. Returns once every thread can read the tile.
    static __device__ __forceinline__ void finish_copy(vector* staged, std::uint64_t* arrived, unsigned use, const T* in,
                                                       std::uint32_t tile_index, std::uint64_t n) {
#if __CUDA_ARCH__ >= 900
        asm volatile(
            "{\n"
            ".reg .pred arrived;\n"
            "waiting:\n"
            "mbarrier.try_wait.parity.shared::cta.b64 arrived, [%0], %1;\n"
            "@!arrived bra waiting;\n"
            "}\n" ::"r"(static_cast<unsigned>(__cvta_generic_to_shared(arrived))),
            "r"(use % 2)
            : "memory");
#else
        (void)arrived, (void)use;
#endif
        const std::uint32_t copied = bulk_copied(in, tile_index, n);
        if (copied == tile) return;
        const std::uint64_t base = std::uint64_t{tile_index} * tile;
        T* elements = reinterpret_cast<T*>(staged);
#pragma unroll 4
        for (unsigned i = copied + threadIdx.x; i < tile; i += BlockThreads) elements[i] = base + i < n ? in[base + i] : T{};
        __syncthreads();
    }

    /// The vectors this thread scans (or, in the compaction, counts and gathers) in `staged`: `rows`
    /// consecutive ones, so that its elements are consecutive and a tile takes one warp scan, not one
    /// per row (nine rows of 4-byte elements took 54 shuffles per warp and tile, 108 for f64). A
    /// warp's 16-byte reads of shared memory go 8 lanes at a time, lane l at vector l * rows + r: with
    /// `rows` odd, on distinct banks. Moved as 16-byte words, as load_row's: as vectors, f16's moved
    /// element by element.
    static __device__ __forceinline__ uint4& own_vector(vector* staged, unsigned r) {
        return reinterpret_cast<uint4*>(staged)[threadIdx.x * rows + r];
    }
    static_assert(rows % 2 == 1, "conflict-free reads of consecutive vectors");

    /// The index of the first element of this thread's vector `r` (own_vector) of tile `tile_index`.
    static __device__ __forceinline__ std::uint64_t own_first(std::uint32_t tile_index, unsigned r) {
        return std::uint64_t{tile_index} * tile + (threadIdx.x * rows + r) * per_vector;
    }

    /// The sum of the elements before this thread's in `staged`, and of the whole tile, in every
    /// thread (the warps' totals gathered through `totals`, tile_rows::combine).
    static __device__ __forceinline__ typename rows_of::warp_offsets thread_offsets(vector* staged,
                                                                                    typename rows_of::shared_warp_totals& totals) {
        sum thread_total{};
#pragma unroll
        for (unsigned r = 0; r < rows; ++r)
            thread_total = plus(thread_total, rows_of::vector_sum(rows_of::from_raw(own_vector(staged, r))));
        return rows_of::thread_offsets_of(thread_total, totals);
    }

    /// Scans this thread's elements of `staged` in place after `carry` (what comes before them), then,
    /// with the block, stores the tile into tile `tile_index` of `out` row by row (coalesced), the
    /// elements below `n`. Each result is rounded once: the running sum starts from `carry`.
    static __device__ __forceinline__ void scan_and_store(vector* staged, sum carry, T* out, std::uint32_t tile_index, std::uint64_t n,
                                                          bool whole_tile) {
#pragma unroll
        for (unsigned r = 0; r < rows; ++r) {
            vector v = rows_of::from_raw(own_vector(staged, r));
#pragma unroll
            for (unsigned k = 0; k < per_vector; ++k) {
                carry = plus(carry, rows_of::to_sum(v.at[k]));
                v.at[k] = rows_of::from_sum(carry);
            }
            own_vector(staged, r) = rows_of::to_raw(v);
        }
        __syncthreads();
#pragma unroll 3
        for (unsigned row = 0; row < rows; ++row) rows_of::store_row(load_row(staged, row), out, tile_index, row, n, whole_tile);
    }
};

}  // namespace accy_examples::cuda
