# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_compact_cuda, an INTERFACE target of the compaction's CUDA kernels: compact.cu
# compiled and embedded in <accy_examples/compact_cuda_kernels.hpp>, their entries in
# "compact/cuda/compact_cuda.hpp", and the scan's (accy_examples_scan_cuda), whose i32 kernels it runs.
# Include it where ACCY_HAS_CUDA_TOOLKIT is true; it defines the target once however often included.
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../../scan/cuda/scan_cuda.cmake)
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH _accy_compact_dir)
cmake_path(GET _accy_compact_dir PARENT_PATH _accy_examples_dir)
add_library(accy_examples_compact_cuda INTERFACE)
target_link_libraries(accy_examples_compact_cuda INTERFACE accy_examples_scan_cuda)
accy_add_kernels(accy_examples_compact_cuda HEADER accy_examples/compact_cuda_kernels.hpp
                 NAMESPACE accy_examples::compact::cuda::code SOURCES ${CMAKE_CURRENT_LIST_DIR}/compact.cu
                 INCLUDE_DIRECTORIES ${_accy_examples_dir})
