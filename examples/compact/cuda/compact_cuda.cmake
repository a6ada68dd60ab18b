# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_compact_cuda, an INTERFACE target of the compaction's CUDA kernel: compact.cu
# compiled and embedded in <accy_examples/compact_cuda_kernels.hpp>, its entries in "compact/cuda/compact_cuda.hpp".
# Include it where ACCY_HAS_CUDA_TOOLKIT is true; it defines the target once however often included.
include_guard(GLOBAL)
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH _accy_compact_dir)
cmake_path(GET _accy_compact_dir PARENT_PATH _accy_examples_dir)
add_library(accy_examples_compact_cuda INTERFACE)
target_link_libraries(accy_examples_compact_cuda INTERFACE accy::cuda)
target_include_directories(accy_examples_compact_cuda INTERFACE ${_accy_examples_dir})
accy_add_kernels(accy_examples_compact_cuda HEADER accy_examples/compact_cuda_kernels.hpp
                 NAMESPACE accy_examples::compact::cuda::code SOURCES ${CMAKE_CURRENT_LIST_DIR}/compact.cu
                 INCLUDE_DIRECTORIES ${_accy_examples_dir})
