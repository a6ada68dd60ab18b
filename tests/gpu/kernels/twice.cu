// SPDX-License-Identifier: Apache-2.0
// The kernel of the collective stages' pipelines on the GPU (tests/support/collective_pipeline.hpp):
// y = 2 x over n floats.
#include <cstdint>

extern "C" __global__ void accy_test_twice(float* y, const float* x, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i];
}
