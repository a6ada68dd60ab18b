// SPDX-License-Identifier: Apache-2.0
// Defines the tile shape of the single-pass scan, shared by its CUDA and host kernels.
//
// One stage (T is float or std::int32_t, t its dtype f32 or i32; version 1):
//   accy.examples.single_pass_scan.scan.<t>  (T* result, const T* input, unsigned long long* status, std::uint32_t n)
//       grid ceil_div(n, tile), block block_threads.
// `status` is the kernel's own workspace, one status word per tile (common/tile_status.hpp), which
// accy zeroes before the stage runs (a zero_filled workspace). Each tile publishes its aggregate,
// then looks back over its predecessors' words (decoupled look-back) for its exclusive prefix.
#pragma once

#include <cstdint>

namespace accy_examples::single_pass {

inline constexpr std::uint32_t block_threads = 256;
inline constexpr std::uint32_t items_per_thread = 32;
inline constexpr std::uint32_t tile = block_threads * items_per_thread;  // 8192 elements

}  // namespace accy_examples::single_pass
