# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_scan_cuda, the scan's CUDA kernels (scan.cu) embedded in
# <accy_examples/scan_cuda_kernels.hpp>, their entries in "scan/cuda/scan_cuda.hpp".
# Include it where ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../common/cuda/example_kernels.cmake)
accy_example_kernels(accy_examples_scan_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/scan.cu
                     HEADER accy_examples/scan_cuda_kernels.hpp NAMESPACE accy_examples::scan::cuda::code)
