// Defines the tile shape of the single-pass scan, shared by its CUDA and host kernels.
//
// Stages (buffers by access, then u32 scalars):
//   init_tile_status  {write status}                          scalars {tiles}  grid ceil_div(tiles, 256), block 256
//   single_pass_scan  {write result, read input, read_write status}  {n}       grid ceil_div(n, tile),    block 256
// `status` holds one 64-bit word per tile: the high half a flag (0 not ready, 1 tile aggregate,
// 2 inclusive prefix), the low half the value's bits. Each tile publishes its aggregate, then
// looks back over its predecessors' words (decoupled look-back) for its exclusive prefix.
#pragma once

#include <cstdint>

namespace accy_examples::single_pass {

inline constexpr std::uint32_t block_threads = 256;
inline constexpr std::uint32_t items_per_thread = 32;
inline constexpr std::uint32_t tile = block_threads * items_per_thread;  // 8192 elements
inline constexpr std::uint32_t init_threads = 256;

inline constexpr std::uint64_t flag_aggregate = 1;
inline constexpr std::uint64_t flag_prefix = 2;

}  // namespace accy_examples::single_pass
