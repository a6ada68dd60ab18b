// SPDX-License-Identifier: Apache-2.0
// Kernels of the chain pipelines (tests/support/chain_pipeline.hpp): out = a + b / 2 over n floats,
// and the same waiting on its predecessor first (programmatic dependent launch, sm_90).
#include <cstdint>

extern "C" __global__ void accy_test_blend(float* out, const float* a, const float* b, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i] / 2;
}

extern "C" __global__ void accy_test_blend_waiting(float* out, const float* a, const float* b, std::uint32_t n) {
    asm volatile("griddepcontrol.wait;" ::: "memory");
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i] / 2;
}
