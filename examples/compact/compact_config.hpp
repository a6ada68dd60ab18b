// Defines the compact example's tile shape (the scan's) and states the signature of its kernels in
// every format (t is f32 or i32; all version 1; parameters are the buffers in this order, then
// the u32 scalars). Compaction keeps the elements x > threshold, in order, in five stages:
//
//   accy.examples.compact.flag.<t>     buffers {write flags (i32), read in (t)}  scalars {n, threshold_bits}
//       grid ceil_div(n, compact_tile), block compact_block_threads. flags[i] = in[i] > threshold ? 1 : 0,
//       for the tile's i below n; threshold_bits holds the threshold's 32 bits (std::bit_cast).
//   accy.examples.scan.block_scan.i32, sums_scan.i32, add_base.i32 (scan_config.hpp)
//       the inclusive scan of flags into positions: positions[i] counts the kept elements up to i.
//   accy.examples.compact.scatter.<t>  buffers {write out (t), write count (u32), read in (t), read positions (i32)}
//       scalars {n}, grid ceil_div(n, compact_tile), block compact_block_threads. For the tile's i below
//       n, element i is kept when positions[i] > (i > 0 ? positions[i - 1] : 0), and then
//       out[positions[i] - 1] = in[i]; the tile holding n - 1 writes count[0] = positions[n - 1].
//
// Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "scan/scan_config.hpp"

#include <cstdint>

namespace accy_examples::compact {

inline constexpr std::uint32_t compact_tile = scan::scan_tile;
inline constexpr std::uint32_t compact_block_threads = scan::scan_block_threads;

}  // namespace accy_examples::compact
