# Defines accy_add_kernels, which compiles CUDA kernels with nvcc (to PTX and a fatbin) and embeds
# them in a generated header. Only custom commands: the project needs no CUDA language in CMake.
set(ACCY_CUDA_ARCHITECTURES 90 CACHE STRING "Architectures accy_add_kernels compiles for (90: Hopper)")
set(_accy_kernels_dir ${CMAKE_CURRENT_LIST_DIR})

# accy_add_kernels(<target> HEADER <name.hpp> NAMESPACE <ns> SOURCES <a.cu>...
#                  [ARCHITECTURES <90>...] [CUBIN] [OPTIONS <nvcc options>...] [INCLUDE_DIRECTORIES <dirs>...])
#
# For each source a.cu, the header <name.hpp> (on <target>'s include path) defines in namespace <ns>:
#   std::string_view a_ptx                    PTX for compute_<lowest architecture>, NUL-terminated
#   std::span<const unsigned char> a_fatbin  sm_<arch> code for each architecture + PTX of the highest
#   std::span<const unsigned char> a_cubin   with CUBIN: sm_<first architecture> code
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
  if(NOT ARG_ARCHITECTURES)
    set(ARG_ARCHITECTURES ${ACCY_CUDA_ARCHITECTURES})
  endif()
  if(NOT ARG_OPTIONS)
    set(ARG_OPTIONS -O3)
  endif()
  list(SORT ARG_ARCHITECTURES COMPARE NATURAL)
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
  add_custom_target(${target}_accy_kernels DEPENDS ${header})
  add_dependencies(${target} ${target}_accy_kernels)

  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE $<BUILD_INTERFACE:${include_dir}>)
  else()
    target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${include_dir}>)
  endif()
endfunction()
