// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's tile, `accy_examples::single_pass::tile`, names its shape for
// the CUDA kernel and states the kernel's signature.
//
// One stage (T is float or std::int32_t, t its dtype f32 or i32; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status, std::uint32_t n)
//       one block per `tile`, with the tile's elements in dynamic shared memory.
// `status` is the kernel's own workspace (common/look_back.hpp): one status word per tile
// (common/tile_status.hpp), zeroed by accy when allocated and set back to zero by the launch's last
// tile (a kept_zero workspace). Each tile publishes its aggregate, then looks
// back over its predecessors' words (decoupled look-back) for its exclusive prefix.
// Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples::single_pass {

/// 512 threads of 36 elements: 18432 elements, 72 KiB of 4-byte elements staged in shared memory
/// (cuda/single_pass_scan.cu), three tiles per multiprocessor.
using tile = tile_shape<512, 36>;

// The tile's shape by the names single_pass_scan.cu takes it by, and the blocks per multiprocessor
// it is compiled for (`__launch_bounds__`: 40 registers a thread fit three blocks of 512).
inline constexpr std::uint32_t block_threads = tile::block_threads;
inline constexpr std::uint32_t items_per_thread = tile::items_per_thread;
inline constexpr std::uint32_t blocks_per_multiprocessor = 3;

}  // namespace accy_examples::single_pass
