// SPDX-License-Identifier: Apache-2.0
// Defines the tile of the split scan's add_carry kernel and states its own kernels' signatures (T is float or
// std::int32_t, t its dtype f32 or i32; version 1; the parameters in this order, as
// split_entries.hpp declares them). The rest of the split scan is the scan example's kernels
// (scan/scan_config.hpp) run on each device's slice.
//
//   accy.examples.split_scan.slice_total.<t>  (T* total, const T* tile_bases, const T* tile_sums, std::uint32_t tiles)
//       grid 1, block 1. Writes the sum of the slice's tiles, tile_bases[tiles - 1] + tile_sums[tiles - 1],
//       to total[0]: what the devices after this one add to their slices.
//   accy.examples.split_scan.add_carry.<t>    (T* carried_bases, const T* tile_bases, const T* totals,
//                                              std::uint32_t predecessors, std::uint32_t tiles)
//       grid ceil_div(tiles, carry_tile::elements), block carry_tile::block_threads. The carry is the sum of
//       totals[0, predecessors), the totals of the devices before this one (0 for the first);
//       carried_bases[i] = tile_bases[i] + carry for i below tiles.
//
// i32 sums wrap around (two's complement), as on the GPU. Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/tile_shape.hpp"

namespace accy_examples::split {

/// add_carry's blocks: 256 threads of one tile base each.
using carry_tile = tile_shape<256, 1>;

}  // namespace accy_examples::split
