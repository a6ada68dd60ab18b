// SPDX-License-Identifier: Apache-2.0
// Kernels that do nothing, for measuring what a launch costs; the *_wait ones wait on their
// predecessor as a programmatic dependent launch requires (griddepcontrol, compute capability 9.0).
#include <cstdint>

namespace {
__device__ void wait_on_predecessor() {
#if __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
}  // namespace

extern "C" __global__ void accy_bench_empty_read_write(void*, const void*, std::uint32_t) {}
extern "C" __global__ void accy_bench_empty_update(void*, std::uint32_t) {}
extern "C" __global__ void accy_bench_empty_wait_read_write(void*, const void*, std::uint32_t) { wait_on_predecessor(); }
extern "C" __global__ void accy_bench_empty_wait_update(void*, std::uint32_t) { wait_on_predecessor(); }
