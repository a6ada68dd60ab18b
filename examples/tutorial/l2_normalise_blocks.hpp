// SPDX-License-Identifier: Apache-2.0
// The block sizes of tutorial step 02's kernels (02_three_stages_pool_and_graph.cpp), in one place:
// the kernel declarations' geometry and the CUDA kernels (cuda/l2_normalise.cu) both read them.
// Only <cstdint> here: nvcc compiles it too.
#pragma once

#include <cstdint>

namespace accy_tutorial::l2 {

/// sum_squares and scale: one element per thread, blocks of 256.
inline constexpr std::uint32_t block_threads = 256;
/// total: one block of 1024 threads adds up every block's sum.
inline constexpr std::uint32_t total_threads = 1024;

// The CUDA kernels halve their blocks in a tree reduction.
static_assert((block_threads & (block_threads - 1)) == 0 && (total_threads & (total_threads - 1)) == 0,
              "the reductions need blocks of a power of two threads");

}  // namespace accy_tutorial::l2
