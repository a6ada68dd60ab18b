// SPDX-License-Identifier: Apache-2.0
// The loop benchmark's kernels: a body of two element-wise steps and a countdown that flags whether
// another pass is due, and the reset of that countdown.
#include <cstdint>

extern "C" __global__ void accy_bench_step(float* values, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) values[i] = values[i] * 0.5f + 1.0f;
}

extern "C" __global__ void accy_bench_reset(std::uint32_t* passes) { *passes = 0; }

extern "C" __global__ void accy_bench_count_down(std::uint32_t* again, std::uint32_t* passes, std::uint32_t wanted) {
    const std::uint32_t done = ++*passes;
    *again = done < wanted ? 1u : 0u;
}
