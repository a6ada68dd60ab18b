// SPDX-License-Identifier: Apache-2.0
// States the single-pass scan kernel's signature and up to how many register tiles its launches take;
// its tiles are common/look_back_tiles.hpp's.
//
// One stage (T one of single_pass_entries.hpp's scanned_types: float, std::int32_t, accy::half,
// accy::bfloat16, std::int8_t, double; t its dtype f32, i32, f16, bf16, i8 or f64; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status,
//                                             std::uint32_t n, std::uint32_t blocks)
//       `blocks` blocks (common/look_back.hpp's look_back_blocks of n), each with two staged tiles'
//       elements of dynamic shared memory. Sums accumulate in common/sum_type.hpp's sum_type<T>. Where `blocks` register tiles cover n
//       (`register_tiles_cover`), block i scans register tile i. Else each block works through staged
//       tiles (`staged_tiles(n)` of them), claiming them in order from a count (common/cuda/look_back.cuh)
//       and copying the next while it scans the one before; it publishes the next tile's aggregate
//       before it looks back for the one before, so that its other tiles do not hold up the look-backs
//       (common/cuda/staged_look_back.cuh).
// `status` is the kernel's own workspace (common/look_back.hpp): one tile's status per tile
// (common/tile_status.hpp: a word, two for f64), then, for staged tiles, the count of tiles
// claimed; zeroed by accy when allocated and set back to zero by the launch (a kept_zero workspace).
// Each tile publishes its aggregate, then looks back over its predecessors' words (decoupled
// look-back) for its exclusive prefix.
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/look_back_tiles.hpp"

#include <cstdint>

namespace accy_examples::single_pass {

/// Register tiles up to 512 of them (2^22 elements); above, 512 blocks work through staged tiles (the
/// H200's scan of 2^22 elements: 15.0 us in register tiles, 17.2 in staged ones).
inline constexpr std::uint32_t register_tiles_at_most = 512;

}  // namespace accy_examples::single_pass
