// SPDX-License-Identifier: Apache-2.0
// Kernels that do nothing, for measuring what a launch costs.
#include <cstdint>

extern "C" __global__ void accy_bench_empty_read_write(void*, const void*, std::uint32_t) {}
extern "C" __global__ void accy_bench_empty_update(void*, std::uint32_t) {}
