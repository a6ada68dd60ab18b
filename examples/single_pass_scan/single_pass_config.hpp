// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's two tiles, `register_tile` and `staged_tile`, which one a launch
// uses, and how many staged tiles cover n, and states the kernel's signature.
//
// One stage (T is float or std::int32_t, t its dtype f32 or i32; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status,
//                                             std::uint32_t n, std::uint32_t blocks)
//       `blocks` blocks (single_pass_pipeline.hpp derives them from n), each with two staged tiles'
//       elements of dynamic shared memory. Where `blocks` register tiles cover n
//       (`register_tiles_cover`), block i scans register tile i. Else each block works through staged
//       tiles (`staged_tiles(n)` of them), claiming them in order from a count (common/cuda/look_back.cuh)
//       and copying the next while it scans the one before; it publishes the next tile's aggregate
//       before it looks back for the one before, so that its other tiles do not hold up the look-backs.
// `status` is the kernel's own workspace (common/look_back.hpp): one status word per tile
// (common/tile_status.hpp), then, for staged tiles, the count of tiles claimed; zeroed by accy when
// allocated and set back to zero by the launch (a kept_zero workspace). Each tile publishes its
// aggregate, then looks back over its predecessors' words (decoupled look-back) for its exclusive prefix.
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/host_device.hpp"
#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples::single_pass {

/// The threads of a block, and the blocks per multiprocessor the kernel is compiled for
/// (`__launch_bounds__`): two staged tiles' shared memory leaves room for three.
inline constexpr std::uint32_t block_threads = 256;
inline constexpr std::uint32_t blocks_per_multiprocessor = 3;

/// 8192 elements held in registers from their load to their store: the tile of launches of up to
/// `register_tiles_at_most` blocks, whose time is mostly one tile's path from its load to its store.
using register_tile = tile_shape<block_threads, 32>;

/// 9216 elements (36 KiB of 4-byte elements) that wait for their look-back in shared memory, where
/// they take no registers; a block holds two, the next one arriving while it scans the one before.
/// Blocks that work through staged tiles take a longer path from a tile's load to its store than
/// register tiles (the H200's scan of 2^22 elements: 17.2 against 15.0 us), and keep the bandwidth
/// busier at large n (2^28 elements: 0.590 against 0.622 ms with tiles of 18432, one per block).
using staged_tile = tile_shape<block_threads, 36>;
inline constexpr std::uint32_t staged_buffers = 2;

/// The most blocks a launch has: up to this many times 8192 elements, register tiles; above, this
/// many blocks work through staged tiles.
inline constexpr std::uint32_t register_tiles_at_most = 512;

/// Whether `blocks` register tiles cover `n` elements: which tile a launch of `blocks` blocks uses.
ACCY_EXAMPLES_HOST_DEVICE constexpr bool register_tiles_cover(std::uint32_t blocks, std::uint32_t n) noexcept {
    return std::uint64_t{blocks} * register_tile::elements >= n;
}

/// The staged tiles that cover `n` elements.
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint32_t staged_tiles(std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>((std::uint64_t{n} + staged_tile::elements - 1) / staged_tile::elements);
}

}  // namespace accy_examples::single_pass
