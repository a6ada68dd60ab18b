// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::look_back_tiles`, the two tiles of the examples' single-pass kernels (the
// single-pass scan and the compaction) per element type, shared by their host and CUDA versions: a launch whose blocks
// cover n with register tiles gives each one, else its blocks work through staged tiles
// (`register_tiles_cover`); each kernel says up to how many register tiles (common/look_back.hpp's
// look_back_blocks). Only <cstdint> and the examples' own headers here: CUDA
// kernels include it.
#pragma once

#include "common/host_device.hpp"
#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples::look_back_tiles {

/// The threads of a block, and the blocks per multiprocessor the kernels are compiled for
/// (`__launch_bounds__`): two staged tiles' shared memory leaves room for three.
inline constexpr std::uint32_t block_threads = 256;
inline constexpr std::uint32_t blocks_per_multiprocessor = 3;

/// The elements of T in one 16-byte vector: tiles are rows of vectors (common/cuda/tile_rows.cuh),
/// the same bytes whatever the element type.
template <class T>
inline constexpr std::uint32_t vector_elements = 16 / sizeof(T);

/// 32 KiB of elements (8192 of 4 bytes) held in registers from their load to their store: the tile of
/// launches whose blocks cover n with it, whose time is mostly one tile's path from its load to its store.
template <class T>
using register_tile = tile_shape<block_threads, 8 * vector_elements<T>>;

/// 36 KiB of elements (9216 of 4 bytes) that wait for their look-back in shared memory, where they
/// take no registers; a block holds two, the next one arriving while it works on the one before.
/// Blocks that work through staged tiles take a longer path from a tile's load to its store than
/// register tiles (the H200's scan of 2^22 elements: 17.2 against 15.0 us), and keep the bandwidth
/// busier at large n (2^28 elements: 0.590 against 0.622 ms with tiles of 18432, one per block).
template <class T>
using staged_tile = tile_shape<block_threads, 9 * vector_elements<T>>;
inline constexpr std::uint32_t staged_buffers = 2;

/// Whether `blocks` register tiles of T cover `n` elements: which tile a launch of `blocks` blocks uses.
template <class T>
ACCY_EXAMPLES_HOST_DEVICE constexpr bool register_tiles_cover(std::uint32_t blocks, std::uint32_t n) noexcept {
    return std::uint64_t{blocks} * register_tile<T>::elements >= n;
}

/// The staged tiles of T that cover `n` elements.
template <class T>
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint32_t staged_tiles(std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>((std::uint64_t{n} + staged_tile<T>::elements - 1) / staged_tile<T>::elements);
}

}  // namespace accy_examples::look_back_tiles
