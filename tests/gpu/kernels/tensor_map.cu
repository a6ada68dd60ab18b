// SPDX-License-Identifier: Apache-2.0
// Kernels of the tensor map GPU tests: each block reads one box of a 2-D f16 tensor through TMA
// (`cp.async.bulk.tensor` with a `__grid_constant__` map) and writes its elements inside the tensor
// as f32 into a packed rows x columns output. The map sits first, in the middle or last of the
// parameter list, as CUDA 13's 128-aligned `CUtensorMap` or as a 64-aligned 128-byte struct (CUDA 12's).
#include <cuda.h>
#include <cuda_fp16.h>

#include <cstdint>

namespace {

// The box the tests' maps declare: 32 columns (64 bytes) by 16 rows.
constexpr int box_columns = 32;
constexpr int box_rows = 16;

// CUDA 12's `CUtensorMap`: 128 bytes aligned to 64, the alignment TMA itself needs.
struct alignas(64) tensor_map_64 {
    unsigned char bytes[128];
};

__device__ unsigned shared_address(const void* pointer) {
    return static_cast<unsigned>(__cvta_generic_to_shared(pointer));
}

// One thread of the block reads the box at (column, row) into `tile`; every thread then waits for it.
__device__ void read_box(const void* map, __half* tile, unsigned long long* arrived, int column, int row) {
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(arrived)) : "memory");
        // The barrier's initialisation must be visible to the copy, which runs in the async proxy.
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(arrived)),
                     "r"(static_cast<unsigned>(box_columns * box_rows * sizeof(__half)))
                     : "memory");
        asm volatile(
            "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
                shared_address(tile)),
            "l"(map), "r"(column), "r"(row), "r"(shared_address(arrived))
            : "memory");
    }
    __syncthreads();
    asm volatile(
        "{\n"
        ".reg .pred done;\n"
        "wait_%=:\n"
        "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
        "@!done bra wait_%=;\n"
        "}\n" ::"r"(shared_address(arrived))
        : "memory");
}

__device__ void copy_box(const void* map, float* out, int rows, int columns) {
    __shared__ alignas(128) __half tile[box_rows * box_columns];
    __shared__ alignas(8) unsigned long long arrived;
    const int column = static_cast<int>(blockIdx.x) * box_columns, row = static_cast<int>(blockIdx.y) * box_rows;
    read_box(map, tile, &arrived, column, row);
    for (int k = static_cast<int>(threadIdx.x); k < box_rows * box_columns; k += static_cast<int>(blockDim.x)) {
        const int r = row + k / box_columns, c = column + k % box_columns;
        if (r < rows && c < columns) out[static_cast<long long>(r) * columns + c] = __half2float(tile[k]);
    }
}

}  // namespace

extern "C" __global__ void accy_test_map_first(const __grid_constant__ CUtensorMap map, float* out, int rows, int columns) {
    copy_box(&map, out, rows, columns);
}

// After (pointer, u8) the driver places the map at 112 on sm_90, where C++ puts it at 128.
extern "C" __global__ void accy_test_map_middle(float* out, unsigned char flag, const __grid_constant__ CUtensorMap map,
                                                int rows, int columns) {
    if (flag == 1) copy_box(&map, out, rows, columns);
}

extern "C" __global__ void accy_test_map_last(float* out, int rows, int columns, const __grid_constant__ CUtensorMap map) {
    copy_box(&map, out, rows, columns);
}

extern "C" __global__ void accy_test_map_64_middle(float* out, unsigned char flag, const __grid_constant__ tensor_map_64 map,
                                                   int rows, int columns) {
    if (flag == 1) copy_box(&map, out, rows, columns);
}
