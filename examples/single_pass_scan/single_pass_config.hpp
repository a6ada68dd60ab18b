// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's two tiles, `register_tile` and `staged_tile`, and which one a
// launch uses, and states the kernel's signature.
//
// One stage (T is float or std::int32_t, t its dtype f32 or i32; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status,
//                                             std::uint32_t n, std::uint32_t tiles)
//       one block per tile, `tiles` blocks (single_pass_pipeline.hpp derives them from n), each with
//       a staged tile's elements of dynamic shared memory. A launch's tiles are register tiles where
//       `tiles` of them cover n (`register_tiles_cover`), else staged tiles, the last of which may lie
//       wholly past n: those publish an empty prefix at once, since no tile that reads it has elements.
// `status` is the kernel's own workspace (common/look_back.hpp): one status word per tile
// (common/tile_status.hpp), zeroed by accy when allocated and set back to zero by the launch's last
// tile (a kept_zero workspace). Each tile publishes its aggregate, then looks
// back over its predecessors' words (decoupled look-back) for its exclusive prefix.
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/host_device.hpp"
#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples::single_pass {

/// The threads of a block, and the blocks per multiprocessor the kernel is compiled for
/// (`__launch_bounds__`): a staged tile's shared memory leaves room for three.
inline constexpr std::uint32_t block_threads = 512;
inline constexpr std::uint32_t blocks_per_multiprocessor = 3;

/// 8192 elements held in registers from their load to their store: the tile of launches up to
/// `register_tiles_at_most` tiles, whose time is mostly one tile's path from its load to its store.
using register_tile = tile_shape<block_threads, 16>;

/// 18432 elements (72 KiB of 4-byte elements) that wait for their look-back in shared memory, where
/// they take no registers: 55296 elements in flight per multiprocessor where four register tiles of
/// 256 x 32 held 32768 (the H200's scan of 2^28 elements: 0.62 against 0.68 ms). A staged tile takes
/// a longer path from its load to its store (about 2 us a launch at 2^20 elements and fewer).
using staged_tile = tile_shape<block_threads, 36>;

/// The most register tiles a launch has: up to this many times 8192 elements, register tiles; above,
/// staged tiles, at least as many (the last ones past n), so that register tiles stay the cover of
/// every smaller n.
inline constexpr std::uint32_t register_tiles_at_most = 512;

/// Whether `tiles` register tiles cover `n` elements: which tile a launch of `tiles` blocks uses.
ACCY_EXAMPLES_HOST_DEVICE constexpr bool register_tiles_cover(std::uint32_t tiles, std::uint32_t n) noexcept {
    return std::uint64_t{tiles} * register_tile::elements >= n;
}

}  // namespace accy_examples::single_pass
