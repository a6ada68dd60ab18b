// SPDX-License-Identifier: Apache-2.0
// Defines the scan example's tile shape, shared by its host and CUDA kernels, and states the
// signature every format's kernels keep (T is float or std::int32_t, t its dtype f32 or i32; all
// version 1; the parameters in this order, as scan_entries.hpp declares them):
//
//   accy.examples.scan.block_scan.<t>  (T* out, const T* in, T* tile_sums, std::uint32_t n)
//       grid ceil_div(n, scan_tile), block scan_block_threads. Block b scans in[b*tile, min(n, (b+1)*tile))
//       inclusively into out and writes the tile's total to tile_sums[b].
//   accy.examples.scan.sums_scan.<t>   (T* scanned_sums, const T* tile_sums, std::uint32_t tiles)
//       grid 1, block scan_block_threads. Scans tile_sums[0, tiles) inclusively into scanned_sums, in
//       chunks of scan_tile with a running carry, so any count of tiles works.
//   accy.examples.scan.add_base.<t>    (T* out, const T* scanned_sums, std::uint32_t n)
//       grid ceil_div(n, scan_tile), block scan_block_threads. Block b > 0 adds scanned_sums[b - 1] to
//       out[b*tile, min(n, (b+1)*tile)); block 0 does nothing.
//
// i32 sums wrap around (two's complement), as on the GPU. Only <cstdint> here: CUDA kernels include it.
#pragma once

#include <cstdint>

namespace accy_examples::scan {

inline constexpr std::uint32_t scan_tile = 1024;
inline constexpr std::uint32_t scan_block_threads = 256;
inline constexpr std::uint32_t scan_items_per_thread = scan_tile / scan_block_threads;

}  // namespace accy_examples::scan
