// SPDX-License-Identifier: Apache-2.0
// The compaction's CUDA kernel, each type of compact_entries.hpp's key_types (signature in
// compact_config.hpp): one pass over the tiles of common/look_back_tiles.hpp, as the single-pass
// scan. A tile counts what it keeps, learns what the tiles before it keep by decoupled look-back,
// gathers its kept elements in shared memory and writes them out coalesced. A register tile is held
// in registers throughout, a row of vectors per warp at a time; a block of staged tiles
// (common/cuda/staged_look_back.cuh) counts the next tile while the one before waits for its
// look-back, each thread its own consecutive elements (one warp scan places a tile's kept elements),
// and gathers a tile's kept elements in the tile's own buffer, placed as they lie in the output, so
// that both sides move 16-byte vectors.
// `status` is a kept_zero workspace, a word per tile, then the count of staged tiles claimed, which
// the launch sets back to zero for the next one.
#include "common/cuda/staged_look_back.cuh"
#include "compact/compact_config.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

namespace {

using namespace accy_examples::cuda;
namespace look_back_tiles = accy_examples::look_back_tiles;
using look_back_tiles::block_threads;
using accy_examples::compact::buffer_elements;
using accy_examples::compact::is_kept;

/// The block's sums of the warps' or the threads' counts of kept elements (tile_rows::combine,
/// thread_offsets_of).
using counts = tile_rows<std::uint32_t, block_threads, 4>;

/// Whether T's keys are compared a 32-bit word at a time (is_kept as SIMD comparisons of its bytes or
/// halves): 1- and 2-byte integers. Compared one by one, a row's 16 or 8 keys each took a register
/// of its own, live until they were gathered, and the kernel spilled (1316 bytes for u8).
template <class T>
inline constexpr bool compared_by_word = std::is_integral_v<T> && sizeof(T) < 4;

/// Bit k: whether element k of the `32 / (8 * sizeof(T))` elements of `word` is above `threshold`
/// (`threshold` in every one of them), compared as T's numbers.
template <class T>
__device__ __forceinline__ std::uint32_t word_kept(std::uint32_t word, std::uint32_t threshold) {
    if constexpr (sizeof(T) == 1) {
        const std::uint32_t greater = std::is_signed_v<T> ? __vcmpgts4(word, threshold) : __vcmpgtu4(word, threshold);
        // The top bit of each of the 4 bytes (0xff where greater) moved to bits 0-3, by one multiply:
        // no two of its partial products meet in bits 24-27.
        return ((greater >> 7 & 0x01010101u) * 0x01020408u) >> 24;
    } else {
        const std::uint32_t greater = std::is_signed_v<T> ? __vcmpgts2(word, threshold) : __vcmpgtu2(word, threshold);
        return (greater & 1u) | (greater >> 15 & 2u);
    }
}

/// Bit k: whether element k of `v`, element `at + k` of `n`, is kept (is_kept: above `threshold`).
template <class Tile, class T>
__device__ __forceinline__ std::uint32_t kept_of(const typename Tile::vector& v, std::uint64_t at, std::uint64_t n, bool whole_tile,
                                                 T threshold) {
    std::uint32_t kept = 0;
    if constexpr (compared_by_word<T>) {
        constexpr unsigned per_word = 4 / sizeof(T);
        const uint4 raw = Tile::to_raw(v);
        const std::uint32_t words[4] = {raw.x, raw.y, raw.z, raw.w};
        const std::uint32_t thresholds = static_cast<std::make_unsigned_t<T>>(threshold) * (sizeof(T) == 1 ? 0x01010101u : 0x00010001u);
#pragma unroll
        for (unsigned w = 0; w < 4; ++w) kept |= word_kept<T>(words[w], thresholds) << (w * per_word);
        if (!whole_tile) {
            const std::uint64_t below_n = n > at ? n - at : 0;
            if (below_n < Tile::per_vector) kept &= (1u << below_n) - 1;
        }
    } else {
#pragma unroll
        for (unsigned k = 0; k < Tile::per_vector; ++k) kept |= (whole_tile || at + k < n) && is_kept(v.at[k], threshold) ? 1u << k : 0u;
    }
    return kept;
}

/// Which of a thread's elements of a tile are kept, a bit each, in element order: rows of whole
/// vectors, so that no row's bits straddle two words.
template <class Tile>
struct keep_mask {
    static constexpr unsigned bits = Tile::rows * Tile::per_vector;
    std::uint64_t words[(bits + 63) / 64];

    __device__ __forceinline__ void set_row(unsigned row, std::uint32_t kept) {
        words[row * Tile::per_vector / 64] |= std::uint64_t{kept} << (row * Tile::per_vector % 64);
    }
    __device__ __forceinline__ std::uint32_t row(unsigned row) const {
        return static_cast<std::uint32_t>(words[row * Tile::per_vector / 64] >> (row * Tile::per_vector % 64));
    }
    /// How many elements are kept.
    __device__ __forceinline__ std::uint32_t count() const {
        std::uint32_t kept = 0;
#pragma unroll
        for (const std::uint64_t word : words) kept += __popcll(word);
        return kept;
    }
};

/// Per row of this thread's `items` of tile `tile_index`: which elements are kept (`keep`) and where
/// the first of them goes among its warp's kept ones (`slot`). Returns the warp's count.
template <class Tile, class T>
__device__ __forceinline__ std::uint32_t kept_slots(const typename Tile::vector (&items)[Tile::rows], std::uint32_t tile_index,
                                                    std::uint64_t n, bool whole_tile, T threshold, keep_mask<Tile>& keep,
                                                    std::uint32_t (&slot)[Tile::rows]) {
    const unsigned lane = threadIdx.x % warp_size;
    std::uint32_t warp_kept = 0;
    keep = {};
#pragma unroll
    for (unsigned row = 0; row < Tile::rows; ++row) {
        const std::uint32_t kept = kept_of<Tile>(items[row], Tile::first(tile_index, row), n, whole_tile, threshold);
        keep.set_row(row, kept);
        const std::uint32_t count = __popc(kept);
        const std::uint32_t inclusive = warp_inclusive_scan(count, lane);
        slot[row] = warp_kept + inclusive - count;
        warp_kept += __shfl_sync(all_lanes, inclusive, warp_size - 1);
    }
    return warp_kept;
}

/// Writes the elements of `v` whose bits are set in `kept` to gathered[at], gathered[at + 1], ...;
/// returns the place after them.
template <class Tile, class T>
__device__ __forceinline__ std::uint32_t gather_vector(const typename Tile::vector& v, std::uint32_t kept, T* gathered, std::uint32_t at) {
#pragma unroll
    for (unsigned k = 0; k < Tile::per_vector; ++k)
        if (kept & 1u << k) gathered[at++] = v.at[k];
    return at;
}

/// Writes this thread's kept `items` (kept_slots' `keep` and `slot`) to `gathered` from `first` on,
/// where `first` is where the thread's warp's kept elements start.
template <class Tile, class T>
__device__ __forceinline__ void gather(const typename Tile::vector (&items)[Tile::rows], const keep_mask<Tile>& keep,
                                       const std::uint32_t (&slot)[Tile::rows], T* gathered, std::uint32_t first) {
#pragma unroll
    for (unsigned row = 0; row < Tile::rows; ++row) gather_vector<Tile>(items[row], keep.row(row), gathered, first + slot[row]);
}

/// Which of this thread's own vectors of staged tile `tile_index` (staged_tile::own_vector, its
/// consecutive elements) are kept, read from `staged` into `items`.
template <class Tile, class T>
__device__ __forceinline__ keep_mask<Tile> own_kept(typename Tile::vector* staged, typename Tile::vector (&items)[Tile::rows],
                                                   std::uint32_t tile_index, std::uint64_t n, T threshold) {
    const bool whole_tile = (std::uint64_t{tile_index} + 1) * Tile::tile <= n;
    keep_mask<Tile> keep{};
#pragma unroll
    for (unsigned r = 0; r < Tile::rows; ++r) {
        items[r] = Tile::from_raw(Tile::own_vector(staged, r));
        keep.set_row(r, kept_of<Tile>(items[r], Tile::own_first(tile_index, r), n, whole_tile, threshold));
    }
    return keep;
}

template <class T>
__device__ __forceinline__ void select_register_tile(T* out, std::uint32_t* count, const T* in, unsigned long long* status,
                                                     std::uint32_t n, T threshold) {
    using tile = register_tile_of<T>;
    __shared__ typename counts::shared_warp_totals warp_counts;
    T* const kept_values = dynamic_shared_as<T>();
    const std::uint32_t tile_index = blockIdx.x;
    const bool whole = tile::whole(tile_index, n, in, in);
    typename tile::vector items[tile::rows];
    tile::template load<caching::stream>(items, in, tile_index, n, whole);
    keep_mask<tile> keep;
    std::uint32_t slot[tile::rows];
    const auto totals = counts::combine(kept_slots<tile>(items, tile_index, n, whole, threshold, keep, slot), warp_counts);
    // Warp 0 looks back while the others gather.
    __shared__ std::uint32_t kept_before;
    if (threadIdx.x < warp_size) {
        const std::uint32_t before = exclusive_prefix(status, tile_index, totals.total);
        if (threadIdx.x == 0) kept_before = before;
    }
    gather<tile>(items, keep, slot, kept_values, totals.before);
    __syncthreads();
    const std::uint32_t before = kept_before;
    T* const destination = out + before;
    for (std::uint32_t i = threadIdx.x; i < totals.total; i += block_threads) __stcs(destination + i, kept_values[i]);
    if (threadIdx.x == 0 && tile_index == gridDim.x - 1) *count = before + totals.total;
    if (tile_index == gridDim.x - 1) clear_status<std::uint32_t>(status, gridDim.x);
}

/// A staged tile's kept elements gathered in its own buffer once every thread has read its own
/// vectors (consecutive elements: one warp scan places them), from `before % v` on (v the elements of
/// a vector) where `out` is 16-byte aligned: element j of the buffer then goes to
/// out[before - before % v + j], and whole vectors move as vectors.
template <class T>
__device__ __forceinline__ void select_staged_tiles(T* out, std::uint32_t* count, const T* in, unsigned long long* status,
                                                    std::uint32_t n, T threshold) {
    using tile = staged_tile_of<T>;
    using vector = typename tile::vector;
    __shared__ typename counts::shared_warp_totals warp_counts;
    const bool vectors_out = reinterpret_cast<std::uintptr_t>(out) % 16 == 0;
    const std::uint32_t tiles = look_back_tiles::staged_tiles<T>(n);
    work_through_staged_tiles<buffer_elements<T>>(
        in, status, n,
        [&](vector* staged, std::uint32_t tile_index) {
            vector items[tile::rows];
            return counts::thread_offsets_of(own_kept<tile>(staged, items, tile_index, n, threshold).count(), warp_counts);
        },
        [&](vector* staged, std::uint32_t tile_index, const auto& totals, std::uint32_t before) {
            vector items[tile::rows];
            const keep_mask<tile> keep = own_kept<tile>(staged, items, tile_index, n, threshold);
            const std::uint32_t shift = vectors_out ? before % tile::per_vector : 0;
            __syncthreads();  // every element read before any is overwritten
            T* const gathered = reinterpret_cast<T*>(staged);
            std::uint32_t at = shift + totals.before;
#pragma unroll
            for (unsigned r = 0; r < tile::rows; ++r) at = gather_vector<tile>(items[r], keep.row(r), gathered, at);
            __syncthreads();
            const std::uint32_t end = shift + totals.total;
            T* const destination = out + (before - shift);
            if (vectors_out) {
                for (std::uint32_t v = threadIdx.x; v * tile::per_vector < end; v += block_threads) {
                    const std::uint32_t first = v * tile::per_vector;
                    if (first >= shift && first + tile::per_vector <= end) {
                        __stcs(reinterpret_cast<uint4*>(destination) + v, reinterpret_cast<const uint4*>(staged)[v]);
                    } else {
                        for (std::uint32_t j = first < shift ? shift : first; j < first + tile::per_vector && j < end; ++j)
                            destination[j] = gathered[j];
                    }
                }
            } else {
                for (std::uint32_t j = threadIdx.x; j < end; j += block_threads) __stcs(destination + j, gathered[j]);
            }
            if (threadIdx.x == 0 && tile_index == tiles - 1) *count = before + totals.total;
        });
}

template <class T>
__device__ void select(T* out, std::uint32_t* count, const T* in, unsigned long long* status, std::uint32_t n, T threshold,
                       std::uint32_t blocks) {
    if (look_back_tiles::register_tiles_cover<T>(blocks, n)) select_register_tile(out, count, in, status, n, threshold);
    else select_staged_tiles(out, count, in, status, n, threshold);
}

}  // namespace

// The kernel of element type T, `t` its dtype: extern "C", so that the entries find it by name
// (compact_cuda.hpp), and so not a template.
#define ACCY_EXAMPLES_COMPACT_SELECT(t, T)                                                                         \
    __global__ void __launch_bounds__(block_threads, look_back_tiles::blocks_per_multiprocessor)                   \
        accy_examples_compact_select_##t(T* out, std::uint32_t* count, const T* in, unsigned long long* status,    \
                                         std::uint32_t n, T threshold, std::uint32_t blocks) {                      \
        select(out, count, in, status, n, threshold, blocks);                                                      \
    }

extern "C" {
ACCY_EXAMPLES_COMPACT_SELECT(f32, float)
ACCY_EXAMPLES_COMPACT_SELECT(i32, std::int32_t)
ACCY_EXAMPLES_COMPACT_SELECT(f16, __half)
ACCY_EXAMPLES_COMPACT_SELECT(bf16, __nv_bfloat16)
ACCY_EXAMPLES_COMPACT_SELECT(i8, std::int8_t)
ACCY_EXAMPLES_COMPACT_SELECT(u8, std::uint8_t)
ACCY_EXAMPLES_COMPACT_SELECT(i16, std::int16_t)
ACCY_EXAMPLES_COMPACT_SELECT(u16, std::uint16_t)
ACCY_EXAMPLES_COMPACT_SELECT(f64, double)
}
