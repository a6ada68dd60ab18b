// SPDX-License-Identifier: Apache-2.0
// Names the compact example's tile for its CUDA kernel and states the kernel's signature in every
// format (T is float or std::int32_t, t its dtype f32 or i32; version 1; the parameters in this order, as
// compact_entries.hpp declares them). Compaction keeps the elements x > threshold, in order, in one
// pass that reads each element once and writes each kept one once:
//
//   accy.examples.compact.select.<t>  (T* out, std::uint32_t* count, const T* in,
//                                      unsigned long long* status, std::uint32_t n, T threshold)
//       one block per tile (common/look_back_tile.hpp). Each block counts its tile's kept elements
//       and publishes the count in its status word (common/tile_status.hpp; `status` is a
//       kept_zero workspace, common/look_back.hpp); it finds how many the tiles before it keep by
//       decoupled look-back, as the single-pass scan does, and writes its kept elements from there.
//       The last tile writes count[0], the number kept.
//
// Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/look_back_tile.hpp"

#include <cstdint>

namespace accy_examples::compact {

// The shape of select's tile, look_back_tile, by the names compact.cu takes it by.
inline constexpr std::uint32_t compact_block_threads = look_back_tile::block_threads;
inline constexpr std::uint32_t compact_items_per_thread = look_back_tile::items_per_thread;

}  // namespace accy_examples::compact
