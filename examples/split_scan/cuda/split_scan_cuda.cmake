# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_split_scan_cuda, the split scan's CUDA kernels (split_scan.cu) embedded in
# <accy_examples/split_scan_cuda_kernels.hpp>, their entries in "split_scan/cuda/split_scan_cuda.hpp",
# with the scan example's kernels, which run each device's slice. Include it where ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../scan/cuda/scan_cuda.cmake)
accy_example_kernels(accy_examples_split_scan_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/split_scan.cu
                     HEADER accy_examples/split_scan_cuda_kernels.hpp NAMESPACE accy_examples::split::cuda::code)
target_link_libraries(accy_examples_split_scan_cuda INTERFACE accy_examples_scan_cuda)
