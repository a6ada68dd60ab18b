// SPDX-License-Identifier: Apache-2.0
// The CUDA kernels of tutorial step 02 (02_three_stages_pool_and_graph.cpp), which scales n floats
// x to out = norm * x / |x| in three stages. They take the parameters the step's kernel
// declarations list, in that order, and are extern "C" so that the entries find them by name.
// accy_add_kernels (CMake) compiles this file to PTX and a fatbin and embeds both in
// <accy_tutorial/l2_normalise_kernels.hpp>; the step's entries point at the fatbin.
#include "tutorial/l2_normalise_blocks.hpp"

#include <cstdint>

namespace {

using accy_tutorial::l2::block_threads;
using accy_tutorial::l2::total_threads;

// The sum of every thread's `mine` over a block of `Threads` threads (a power of two), in thread 0:
// a tree in shared memory, each step adding the upper half of the values onto the lower half.
template <unsigned Threads>
__device__ float block_sum(float mine, float (&partial)[Threads]) {
    partial[threadIdx.x] = mine;
    __syncthreads();
    for (unsigned half = Threads / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    return partial[0];
}

// One element per thread: 64-bit, since ceil(n / 256) * 256 threads may pass 2^32 - 1.
__device__ std::uint64_t element_index() { return std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; }

}  // namespace

// Stage 0, ceil(n / 256) blocks of 256: block b writes the sum of the squares of its 256 elements to
// block_sums[b].
extern "C" __global__ void __launch_bounds__(block_threads)
    accy_tutorial_sum_squares(const float* x, float* block_sums, std::uint32_t n) {
    __shared__ float partial[block_threads];
    const std::uint64_t i = element_index();
    const float square = i < n ? x[i] * x[i] : 0.0f;
    const float sum = block_sum(square, partial);
    if (threadIdx.x == 0) block_sums[blockIdx.x] = sum;
}

// Stage 1, one block of 1024: adds up the `blocks` block sums (each thread a stride of them, then a
// tree) and writes the factor that scales x to the norm asked for, norm / sqrt(sum), to factor[0].
extern "C" __global__ void __launch_bounds__(total_threads)
    accy_tutorial_total(const float* block_sums, float* factor, std::uint32_t blocks, float norm) {
    __shared__ float partial[total_threads];
    float mine = 0.0f;
    for (std::uint32_t b = threadIdx.x; b < blocks; b += total_threads) mine += block_sums[b];
    const float sum = block_sum(mine, partial);
    if (threadIdx.x == 0) factor[0] = norm / sqrtf(sum);
}

// Stage 2, ceil(n / 256) blocks of 256: out[i] = x[i] * factor[0].
extern "C" __global__ void __launch_bounds__(block_threads)
    accy_tutorial_scale(const float* x, const float* factor, float* out, std::uint32_t n) {
    const std::uint64_t i = element_index();
    if (i < n) out[i] = x[i] * factor[0];
}
