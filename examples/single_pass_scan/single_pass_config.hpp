// SPDX-License-Identifier: Apache-2.0
// Defines the tile shape of the single-pass scan, shared by its CUDA and host kernels.
//
// One stage (T is float or std::int32_t, t its dtype f32 or i32; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status, std::uint32_t n)
//       one block per tile.
// `status` is the kernel's own workspace, one status word per tile (common/tile_status.hpp), which
// accy zeroes before the stage runs (a zero_filled workspace). Each tile publishes its aggregate,
// then looks back over its predecessors' words (decoupled look-back) for its exclusive prefix.
// Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples::single_pass {

/// The tile of the scan: 256 threads of 32 elements, 8192 elements.
using tile = tile_shape<256, 32>;
// The tile's shape by the names single_pass_scan.cu takes it by.
inline constexpr std::uint32_t block_threads = tile::block_threads;
inline constexpr std::uint32_t items_per_thread = tile::items_per_thread;

}  // namespace accy_examples::single_pass
