// SPDX-License-Identifier: Apache-2.0
// The consumer's kernel, built by accy_add_kernels: out[i] = factor * in[i].
extern "C" __global__ void scale(float* out, const float* in, float factor, unsigned long long n) {
    const unsigned long long i = blockIdx.x * 256ull + threadIdx.x;
    if (i < n) {
        out[i] = factor * in[i];
    }
}
