# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_jacobi_cuda, the Jacobi example's CUDA kernels (jacobi.cu) embedded in
# <accy_examples/jacobi_cuda_kernels.hpp>. Include it where ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../common/cuda/example_kernels.cmake)
accy_example_kernels(accy_examples_jacobi_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/jacobi.cu
                     HEADER accy_examples/jacobi_cuda_kernels.hpp NAMESPACE accy_examples::jacobi::cuda::code)
