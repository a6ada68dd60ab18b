// SPDX-License-Identifier: Apache-2.0
// Kernels of the launch path's GPU tests: a programmatic dependent launch pair, thread-block
// clusters and a cooperative grid barrier (the Hopper-only parts compile for sm_90 and later).
#include <cooperative_groups.h>

// out[i] = 2 * in[i]; lets its dependent start at once.
extern "C" __global__ void accy_test_pdl_produce(float* out, const float* in, unsigned n) {
#if __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i];
}

// out[i] = in[i] + 1, after the producer's memory is visible.
extern "C" __global__ void accy_test_pdl_consume(float* out, const float* in, unsigned n) {
#if __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] + 1.0f;
}

// ranks[block] = its rank in its cluster + 100 * the blocks of its cluster.
extern "C" __global__ void accy_test_cluster_ranks(unsigned* ranks, unsigned n) {
#if __CUDA_ARCH__ >= 900
    const cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    if (threadIdx.x == 0 && blockIdx.x < n) ranks[blockIdx.x] = cluster.block_rank() + 100 * cluster.num_blocks();
#else
    if (threadIdx.x == 0 && blockIdx.x < n) ranks[blockIdx.x] = 0;
#endif
}

// Every block arrives at a grid-wide barrier and records how many blocks it saw there: all of
// them when the grid is resident at once, as a cooperative launch guarantees.
extern "C" __global__ void accy_test_grid_barrier(unsigned* arrived, unsigned* seen, unsigned n) {
    if (threadIdx.x != 0) return;
    atomicAdd(arrived, 1u);
    while (atomicAdd(arrived, 0u) < gridDim.x) {
    }
    if (blockIdx.x < n) seen[blockIdx.x] = atomicAdd(arrived, 0u);
}
