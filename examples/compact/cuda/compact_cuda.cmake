# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_compact_cuda, the compaction's CUDA kernel (compact.cu) embedded in
# <accy_examples/compact_cuda_kernels.hpp>, its entries in "compact/cuda/compact_cuda.hpp".
# Include it where ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../common/cuda/example_kernels.cmake)
accy_example_kernels(accy_examples_compact_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/compact.cu
                     HEADER accy_examples/compact_cuda_kernels.hpp NAMESPACE accy_examples::compact::cuda::code)
