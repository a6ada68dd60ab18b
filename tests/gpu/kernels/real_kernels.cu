// SPDX-License-Identifier: Apache-2.0
// Kernels of the GPU tests of issue "Real kernels": parameter lists as people write them (a float,
// a 64-bit count, a workspace), more than 48 KiB of dynamic shared memory, and 64-bit indexing.

// y[i] = alpha * x[i]. `workspace[0]` must start at 0 at every launch: each block takes a ticket
// from it and poisons its elements with NaN if the ticket shows the counter was not zeroed.
extern "C" __global__ void accy_test_scale(const float* x, float* y, float alpha, unsigned long long n, int* workspace) {
    __shared__ int ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(workspace, 1);
    __syncthreads();
    const unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    if (i < n) y[i] = ticket < static_cast<int>(gridDim.x) ? alpha * x[i] : __int_as_float(0x7fc00000);
}

// Reverses each tile of blockDim.x * 16 floats through dynamic shared memory (64 KiB at 1024 threads).
extern "C" __global__ void accy_test_reverse_tiles(const float* in, float* out, unsigned n) {
    extern __shared__ float tile[];
    const unsigned tile_size = blockDim.x * 16;
    const unsigned long long first = static_cast<unsigned long long>(blockIdx.x) * tile_size;
    for (unsigned k = threadIdx.x; k < tile_size; k += blockDim.x)
        tile[k] = first + k < n ? in[first + k] : 0.0f;
    __syncthreads();
    const unsigned count = n - first < tile_size ? static_cast<unsigned>(n - first) : tile_size;
    for (unsigned k = threadIdx.x; k < count; k += blockDim.x) out[first + k] = tile[count - 1 - k];
}

// out[i] = in[i] + 1 (wrapping) for every i below n, n past 2^32.
extern "C" __global__ void accy_test_increment_bytes(const unsigned char* in, unsigned char* out, unsigned long long n) {
    const unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    if (i < n) out[i] = static_cast<unsigned char>(in[i] + 1);
}
