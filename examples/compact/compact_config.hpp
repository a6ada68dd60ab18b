// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's tile shape (the scan's) and states the signature of its kernels in
// every format (T is float or std::int32_t, t its dtype f32 or i32; all version 1; the parameters
// in this order, as compact_entries.hpp declares them). Compaction keeps the elements x > threshold,
// in order, in five stages:
//
//   accy.examples.compact.flag.<t>     (std::int32_t* flags, const T* in, std::uint32_t n, T threshold)
//       grid ceil_div(n, compact_tile), block compact_block_threads. flags[i] = in[i] > threshold ? 1 : 0,
//       for the tile's i below n.
//   accy.examples.scan.block_scan.i32, sums_scan.i32, add_base.i32 (scan_config.hpp)
//       the inclusive scan of flags into positions: positions[i] counts the kept elements up to i.
//   accy.examples.compact.scatter.<t>  (T* out, std::uint32_t* count, const T* in, const std::int32_t* positions,
//                                       std::uint32_t n)
//       grid ceil_div(n, compact_tile), block compact_block_threads. For the tile's i below n, element i
//       is kept when positions[i] > (i > 0 ? positions[i - 1] : 0), and then out[positions[i] - 1] = in[i];
//       the tile holding n - 1 writes count[0] = positions[n - 1].
//
// Positions are i32, so n is at most 2^31 - 1 (the pipeline's bound on its runtime scalar n).
// Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "scan/scan_config.hpp"

#include <cstdint>

namespace accy_examples::compact {

inline constexpr std::uint32_t compact_tile = scan::scan_tile;
inline constexpr std::uint32_t compact_block_threads = scan::scan_block_threads;

}  // namespace accy_examples::compact
