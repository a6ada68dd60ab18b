// SPDX-License-Identifier: Apache-2.0
// The Jacobi example's kernels (jacobi/jacobi_pipeline.hpp has their declarations and host versions):
// a sweep x_next[i] = (b[i] + x[i - 1] + x[i + 1]) / 4, zero past both ends, and the same sweep that
// also flags whether any element moved by more than the tolerance.
#include <cstdint>

namespace {
__device__ float swept(const float* x, const float* b, std::uint32_t i, std::uint32_t n) {
    const float left = i > 0 ? x[i - 1] : 0.0f;
    const float right = i + 1 < n ? x[i + 1] : 0.0f;
    return (b[i] + left + right) * 0.25f;
}
}  // namespace

extern "C" __global__ void accy_examples_jacobi_start(float* x, const float* b, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = b[i] * 0.25f;
}

extern "C" __global__ void accy_examples_jacobi_sweep(float* next, const float* x, const float* b, std::uint32_t* moved,
                                                      std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) *moved = 0;
    if (i < n) next[i] = swept(x, b, i, n);
}

extern "C" __global__ void accy_examples_jacobi_sweep_and_test(float* next, const float* x, const float* b,
                                                               std::uint32_t* moved, float tolerance, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    next[i] = swept(x, b, i, n);
    if (fabsf(next[i] - x[i]) > tolerance) *moved = 1;
}
