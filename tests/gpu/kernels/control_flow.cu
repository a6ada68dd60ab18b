// SPDX-License-Identifier: Apache-2.0
// Kernels of the looping pipeline (tests/support/halving_pipeline.hpp): copy, halve every element
// above a threshold, flag whether any is still above it (one thread), negate.
#include <cstdint>

extern "C" __global__ void accy_test_copy(float* out, const float* in, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

extern "C" __global__ void accy_test_halve_above(float* values, float threshold, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && fabsf(values[i]) > threshold) values[i] /= 2;
}

extern "C" __global__ void accy_test_any_above(std::uint32_t* flag, const float* values, float threshold, std::uint32_t n) {
    std::uint32_t above = 0;
    for (std::uint32_t i = 0; i < n; ++i) above += fabsf(values[i]) > threshold ? 1 : 0;
    *flag = above;
}

extern "C" __global__ void accy_test_negate(float* values, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) values[i] = -values[i];
}
