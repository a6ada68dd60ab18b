// SPDX-License-Identifier: Apache-2.0
// Kernels of the GPU backend tests: a two-stage pipeline that computes out = in * in + in through a scratch buffer.
#include <cstdint>

extern "C" __global__ void accy_test_square(float* squares, const float* in, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) squares[i] = in[i] * in[i];
}

extern "C" __global__ void accy_test_add(float* out, const float* squares, const float* in, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = squares[i] + in[i];
}
