// SPDX-License-Identifier: Apache-2.0
// Defines the scan example's tile shape, shared by its host and CUDA kernels, and states the
// signature every format's kernels keep (T is float or std::int32_t, t its dtype f32 or i32; all
// version 1; the parameters in this order, as scan_entries.hpp declares them). The scan reduces,
// then scans: it reads the input twice and writes the output once (12n bytes for 4-byte elements).
//
//   accy.examples.scan.reduce_tiles.<t>  (T* tile_sums, const T* in, std::uint32_t n)
//       one block per tile. Block b writes the sum of its tile of in to tile_sums[b].
//   accy.examples.scan.scan_sums.<t>     (T* tile_bases, const T* tile_sums, std::uint32_t tiles)
//       grid 1, block sums_block_threads. Scans tile_sums[0, tiles) exclusively into tile_bases, in
//       chunks with a running carry, so any count of tiles works: tile_bases[b] sums the tiles before b.
//   accy.examples.scan.scan_tiles.<t>    (T* out, const T* in, const T* tile_bases, std::uint32_t n)
//       one block per tile. Block b scans its tile of in inclusively, starting from tile_bases[b], into out.
//
// i32 sums wrap around (two's complement), as on the GPU. Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples::scan {

/// The tile of reduce_tiles and scan_tiles: 256 threads of 32 elements, 8192 elements.
using tile = tile_shape<256, 32>;
inline constexpr std::uint32_t sums_block_threads = 1024;

}  // namespace accy_examples::scan
