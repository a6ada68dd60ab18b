# SPDX-License-Identifier: Apache-2.0
# Defines accy_examples_single_pass_cuda, an INTERFACE target of the single-pass scan's CUDA kernels:
# single_pass_scan.cu embedded in <accy_examples/single_pass_cuda_kernels.hpp>, with the examples'
# include path and ACCY_EXAMPLES_WITH_CUDA, which adds its entries to the pipeline's registry.
# Include it where ACCY_HAS_CUDA_TOOLKIT is true; it defines the target once however often included.
include_guard(GLOBAL)
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH _accy_single_pass_dir)
cmake_path(GET _accy_single_pass_dir PARENT_PATH _accy_examples_dir)
add_library(accy_examples_single_pass_cuda INTERFACE)
target_link_libraries(accy_examples_single_pass_cuda INTERFACE accy::cuda)
target_include_directories(accy_examples_single_pass_cuda INTERFACE ${_accy_examples_dir})
target_compile_definitions(accy_examples_single_pass_cuda INTERFACE ACCY_EXAMPLES_WITH_CUDA)
accy_add_kernels(accy_examples_single_pass_cuda HEADER accy_examples/single_pass_cuda_kernels.hpp
                 NAMESPACE accy_examples::single_pass::code SOURCES ${CMAKE_CURRENT_LIST_DIR}/single_pass_scan.cu
                 INCLUDE_DIRECTORIES ${_accy_examples_dir})
