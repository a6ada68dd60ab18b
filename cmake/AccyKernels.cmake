# SPDX-License-Identifier: Apache-2.0
# Defines accy_add_kernels, which compiles CUDA kernels with nvcc (to PTX and a fatbin) and embeds
# them in a generated header (AccyEmbed.cpp, or AccyEmbed.cmake when cross-compiling). Only custom
# commands: the project needs no CUDA language in CMake.
set(ACCY_CUDA_ARCHITECTURES "" CACHE STRING
    "Architectures accy_add_kernels compiles for; empty: CMAKE_CUDA_ARCHITECTURES, else $ENV{CUDAARCHS}, else 90")
set(_accy_kernels_dir ${CMAKE_CURRENT_LIST_DIR})

# accy_cuda_architectures(<variable> [<architectures>...])
# Sets <variable> to the architectures accy_add_kernels compiles for, sorted: the ones given, else
# ACCY_CUDA_ARCHITECTURES, else CMAKE_CUDA_ARCHITECTURES, else the CUDAARCHS environment variable,
# else 90 (Hopper). Entries are numbers such as 80, 90 or 90a; a -real or -virtual suffix is dropped
# (every architecture gets SASS, the highest also PTX). native, all and all-major are refused.
function(accy_cuda_architectures variable)
  set(architectures ${ARGN})
  set(environment "$ENV{CUDAARCHS}")
  foreach(source ACCY_CUDA_ARCHITECTURES CMAKE_CUDA_ARCHITECTURES environment)
    if(NOT architectures AND NOT "${${source}}" STREQUAL "" AND NOT "${${source}}" STREQUAL "OFF")
      string(REPLACE " " ";" architectures "${${source}}")
    endif()
  endforeach()
  if(NOT architectures)
    set(architectures 90)
  endif()
  set(result)
  foreach(architecture IN LISTS architectures)
    string(REGEX REPLACE "-(real|virtual)$" "" architecture "${architecture}")
    if(NOT architecture MATCHES "^[0-9]+[af]?$")
      message(FATAL_ERROR "accy: CUDA architecture '${architecture}' is not a number such as 80, 90 or 90a "
                          "(accy_add_kernels needs the architectures spelled out, not native or all)")
    endif()
    list(APPEND result ${architecture})
  endforeach()
  list(REMOVE_DUPLICATES result)
  list(SORT result COMPARE NATURAL)
  set(${variable} ${result} PARENT_SCOPE)
endfunction()

# accy_add_kernels(<target> HEADER <name.hpp> NAMESPACE <ns> SOURCES <a.cu>...
#                  [ARCHITECTURES <80;90>...] [CUBIN] [OPTIONS <nvcc options>...] [INCLUDE_DIRECTORIES <dirs>...])
#
# Architectures: ARCHITECTURES, else as accy_cuda_architectures says (ACCY_CUDA_ARCHITECTURES,
# CMAKE_CUDA_ARCHITECTURES, CUDAARCHS, 90).
# For each source a.cu, the header <name.hpp> (on <target>'s include path) defines in namespace <ns>:
#   std::string_view a_ptx                    PTX for compute_<lowest architecture>, NUL-terminated
#   std::span<const unsigned char> a_fatbin  sm_<arch> code for each architecture + PTX of the highest
#   std::span<const unsigned char> a_cubin   with CUBIN: sm_<lowest architecture> code
# Each backed by an `inline constexpr` array. OPTIONS go to every nvcc call (default -O3).
function(accy_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "CUBIN" "HEADER;NAMESPACE" "SOURCES;ARCHITECTURES;OPTIONS;INCLUDE_DIRECTORIES")
  foreach(required HEADER NAMESPACE SOURCES)
    if(NOT ARG_${required})
      message(FATAL_ERROR "accy_add_kernels(${target}): ${required} is required")
    endif()
  endforeach()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "accy_add_kernels(${target}): no such target")
  endif()
  accy_cuda_architectures(ARG_ARCHITECTURES ${ARG_ARCHITECTURES})
  if(NOT ARG_OPTIONS)
    set(ARG_OPTIONS -O3)
  endif()
  list(GET ARG_ARCHITECTURES 0 lowest)
  list(GET ARG_ARCHITECTURES -1 highest)
  set(fatbin_codes)
  foreach(arch IN LISTS ARG_ARCHITECTURES)
    list(APPEND fatbin_codes -gencode arch=compute_${arch},code=sm_${arch})
  endforeach()
  list(APPEND fatbin_codes -gencode arch=compute_${highest},code=compute_${highest})

  set(work_dir ${CMAKE_CURRENT_BINARY_DIR}/accy_kernels/${target})
  set(include_dir ${work_dir}/include)
  set(nvcc ${CUDAToolkit_NVCC_EXECUTABLE} -ccbin ${CMAKE_CXX_COMPILER} -std=c++20 ${ARG_OPTIONS})
  foreach(dir IN LISTS ARG_INCLUDE_DIRECTORIES)
    list(APPEND nvcc -I${dir})
  endforeach()

  set(blobs)  # name|kind|file triples, in the order the header defines them
  set(blob_files)
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source ${source} ABSOLUTE)
    get_filename_component(stem ${source} NAME_WE)
    string(MAKE_C_IDENTIFIER ${stem} stem)
    set(kinds ptx fatbin)
    if(ARG_CUBIN)
      list(APPEND kinds cubin)
    endif()
    foreach(kind IN LISTS kinds)
      set(output ${work_dir}/${stem}.${kind})
      if(kind STREQUAL "ptx")
        set(mode -ptx -arch=compute_${lowest})
      elseif(kind STREQUAL "fatbin")
        set(mode -fatbin ${fatbin_codes})
      else()
        set(mode -cubin -arch=sm_${lowest})
      endif()
      add_custom_command(
        OUTPUT ${output}
        COMMAND ${nvcc} ${mode} -MD -MF ${output}.d -o ${output} ${source}
        DEPENDS ${source}
        DEPFILE ${output}.d
        COMMENT "nvcc: ${stem}.${kind} (${target})"
        VERBATIM COMMAND_EXPAND_LISTS)
      list(APPEND blobs "${stem}_${kind}|${kind}|${output}")
      list(APPEND blob_files ${output})
    endforeach()
  endforeach()

  set(header ${include_dir}/${ARG_HEADER})
  if(NOT CMAKE_CROSSCOMPILING)
    # The generator, a small host program built once per project (AccyEmbed.cpp): it writes each
    # blob as a string literal, in a fraction of a second for megabytes.
    if(NOT TARGET accy_embed)
      add_executable(accy_embed ${_accy_kernels_dir}/AccyEmbed.cpp)
      target_compile_features(accy_embed PRIVATE cxx_std_17)
      set_target_properties(accy_embed PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/accy_kernels)
    endif()
    set(arguments)
    foreach(blob IN LISTS blobs)
      string(REPLACE "|" ";" fields "${blob}")
      list(APPEND arguments ${fields})
    endforeach()
    list(JOIN ARG_SOURCES " " sources_text)
    add_custom_command(
      OUTPUT ${header}
      COMMAND accy_embed ${header} ${ARG_NAMESPACE} ${sources_text} ${arguments}
      DEPENDS accy_embed ${blob_files}
      COMMENT "accy: embedding kernels in ${ARG_HEADER} (${target})"
      VERBATIM)
  else()
    # Cross-compiling: no host program; the CMake script (slow for large blobs) writes the header.
    set(manifest ${work_dir}/manifest.cmake)
    file(CONFIGURE OUTPUT ${manifest} CONTENT [[
set(ACCY_HEADER "@header@")
set(ACCY_NAMESPACE "@ARG_NAMESPACE@")
set(ACCY_SOURCES "@ARG_SOURCES@")
set(ACCY_BLOBS "@blobs@")
]] @ONLY)
    add_custom_command(
      OUTPUT ${header}
      COMMAND ${CMAKE_COMMAND} -DACCY_MANIFEST=${manifest} -P ${_accy_kernels_dir}/AccyEmbed.cmake
      DEPENDS ${blob_files} ${manifest} ${_accy_kernels_dir}/AccyEmbed.cmake
      COMMENT "accy: embedding kernels in ${ARG_HEADER} (${target})"
      VERBATIM)
  endif()
  add_custom_target(${target}_accy_kernels DEPENDS ${header})
  add_dependencies(${target} ${target}_accy_kernels)

  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE $<BUILD_INTERFACE:${include_dir}>)
  else()
    target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${include_dir}>)
  endif()
endfunction()
