// SPDX-License-Identifier: Apache-2.0
// The conformance suite's kernel on the CUDA backend; conformance/affine.hpp declares it, runs it on the host and
// computes its reference.
#include <cstdint>

// out[i] += in[i] * factor + offset for i < n: read-modify-write, so that a launch also shows what came before it.
extern "C" __global__ void conformance_affine(std::int64_t* out, const std::int32_t* in, std::uint32_t n,
                                              std::int32_t factor, std::int64_t offset) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] += std::int64_t{in[i]} * factor + offset;
}
