// SPDX-License-Identifier: Apache-2.0
// The data-parallel example's kernels (data_parallel/data_parallel_pipeline.hpp has their declarations
// and host versions): a rank's gradient g = w - x, and the update next = w - rate × sum.
#include <cstdint>

extern "C" __global__ void accy_examples_data_parallel_gradient(float* g, const float* w, const float* x, std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) g[i] = w[i] - x[i];
}

extern "C" __global__ void accy_examples_data_parallel_update(float* next, const float* w, const float* sum, float rate,
                                                              std::uint32_t n) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) next[i] = w[i] - rate * sum[i];
}
