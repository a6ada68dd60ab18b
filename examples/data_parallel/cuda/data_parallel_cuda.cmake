# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_data_parallel_cuda, the data-parallel example's CUDA kernels (data_parallel.cu)
# embedded in <accy_examples/data_parallel_cuda_kernels.hpp>. Include it where ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../common/cuda/example_kernels.cmake)
accy_example_kernels(accy_examples_data_parallel_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/data_parallel.cu
                     HEADER accy_examples/data_parallel_cuda_kernels.hpp NAMESPACE accy_examples::data_parallel::cuda::code)
