// SPDX-License-Identifier: Apache-2.0
// Names the single-pass scan's tile for its CUDA kernel and states the kernel's signature.
//
// One stage (T is float or std::int32_t, t its dtype f32 or i32; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status, std::uint32_t n)
//       one block per tile (common/look_back_tile.hpp).
// `status` is the kernel's own workspace (common/look_back.hpp): one status word per tile
// (common/tile_status.hpp), zeroed by accy when allocated and set back to zero by the launch's last
// tile (a kept_zero workspace). Each tile publishes its aggregate, then looks
// back over its predecessors' words (decoupled look-back) for its exclusive prefix.
// Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/look_back_tile.hpp"

#include <cstdint>

namespace accy_examples::single_pass {

// The shape of the scan's tile, look_back_tile, by the names single_pass_scan.cu takes it by.
inline constexpr std::uint32_t block_threads = look_back_tile::block_threads;
inline constexpr std::uint32_t items_per_thread = look_back_tile::items_per_thread;

}  // namespace accy_examples::single_pass
