// SPDX-License-Identifier: Apache-2.0
// Kernels of the GPU tests of 16- and 8-bit element types (tests/gpu/ml_types_test.cpp): bf16 and fp8
// e4m3 buffers, and bf16 and f16 scalars passed by value. Each computes in float and rounds once to
// nearest even, so that the host's conversions give the same bits.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

// y[i] = bf16(alpha * x[i] + b) for i < n, the multiply-add fused (one rounding, as std::fma on the host).
extern "C" __global__ void accy_test_bf16_axpb(const __nv_bfloat16* x, __nv_bfloat16* y, __nv_bfloat16 alpha, float b,
                                               unsigned n) {
    const unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    if (i < n) y[i] = __float2bfloat16_rn(__fmaf_rn(__bfloat162float(alpha), __bfloat162float(x[i]), b));
}

// y[i] = f16(x[i] * scale) for i < n: e4m3 dequantized by an f16 scale. The product of a 4-bit and an
// 11-bit significand is exact in float, so the conversion to f16 is the only rounding.
extern "C" __global__ void accy_test_e4m3_dequantize(const __nv_fp8_e4m3* x, __half* y, __half scale,
                                                     unsigned long long n) {
    const unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    if (i < n) y[i] = __float2half_rn(static_cast<float>(x[i]) * __half2float(scale));
}

// z[i] = e4m3(x[i] * factor) for i < n: the product rounded to float, then to e4m3, saturating to ±448
// where it lies beyond e4m3's largest finite value (e4m3 has no infinity).
extern "C" __global__ void accy_test_e4m3_rescale(const __nv_fp8_e4m3* x, __nv_fp8_e4m3* z, float factor,
                                                  unsigned long long n) {
    const unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    if (i < n) z[i].__x = __nv_cvt_float_to_fp8(static_cast<float>(x[i]) * factor, __NV_SATFINITE, __NV_E4M3);
}
