# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_single_pass_cuda, the single-pass scan's CUDA kernels (single_pass_scan.cu)
# embedded in <accy_examples/single_pass_cuda_kernels.hpp>, their entries in "single_pass_scan/cuda/single_pass_cuda.hpp".
# Include it where ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../common/cuda/example_kernels.cmake)
accy_example_kernels(accy_examples_single_pass_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/single_pass_scan.cu
                     HEADER accy_examples/single_pass_cuda_kernels.hpp NAMESPACE accy_examples::single_pass::code)
