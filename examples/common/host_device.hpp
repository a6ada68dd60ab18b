// SPDX-License-Identifier: Apache-2.0
// Defines ACCY_EXAMPLES_HOST_DEVICE, which makes a function of a header that both the host code and
// the CUDA kernels include a host and device function alike where nvcc compiles it.
#pragma once

#ifdef __CUDACC__
#define ACCY_EXAMPLES_HOST_DEVICE __host__ __device__
#else
#define ACCY_EXAMPLES_HOST_DEVICE
#endif
