# SPDX-License-Identifier: Apache-2.0
# Defines accy_example_kernels(<target> SOURCE <file.cu> HEADER <header> NAMESPACE <namespace>): an
# INTERFACE target of one example's CUDA kernels, the source compiled and embedded in <header> under
# <namespace>, with the examples' include path and ACCY_EXAMPLES_WITH_CUDA, which adds the CUDA
# entries to the example's registry. A second call for the same target does nothing, so that every
# project part that needs an example's kernels can include its cmake file.
include_guard(GLOBAL)

function(accy_example_kernels target)
  if(TARGET ${target})
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "SOURCE;HEADER;NAMESPACE" "")
  cmake_path(GET CMAKE_CURRENT_FUNCTION_LIST_DIR PARENT_PATH common)
  cmake_path(GET common PARENT_PATH examples)
  add_library(${target} INTERFACE)
  target_link_libraries(${target} INTERFACE accy::cuda)
  target_include_directories(${target} INTERFACE ${examples})
  target_compile_definitions(${target} INTERFACE ACCY_EXAMPLES_WITH_CUDA)
  accy_add_kernels(${target} HEADER ${ARG_HEADER} NAMESPACE ${ARG_NAMESPACE} SOURCES ${ARG_SOURCE}
                   INCLUDE_DIRECTORIES ${examples})
endfunction()
