# SPDX-License-Identifier: Apache-2.0
# Builds and runs the consumer project of tests/consumer/project in WORK_DIR, from scratch.
#
#   cmake -DMODE=subdirectory|package -DWORK_DIR=... -DCONSUMER_SOURCE_DIR=... -DACCY_SOURCE_DIR=...
#         -DACCY_BINARY_DIR=... -DACCY_VERSION=... -DGENERATOR=... [-DMAKE_PROGRAM=...] -DCXX_COMPILER=...
#         [-DBUILD_TYPE=...] [-DCONFIG=...] [-DGENERATOR_PLATFORM=...] [-DGENERATOR_TOOLSET=...]
#         [-DBOOST_DIR=...] [-DBOOST_INCLUDE_DIR=...] [-DHOST_ONLY=ON -DMINIMUM_CUDA_TOOLKIT=<version>] [-DCUDA=ON -DCUDA_ARCHITECTURES=80,90]
#         [-DNO_BOOST=ON | -DHANA=ON] -P run_consumer.cmake
#
# subdirectory: the consumer adds ACCY_SOURCE_DIR with add_subdirectory.
# package: installs ACCY_BINARY_DIR into WORK_DIR/prefix, and the consumer finds it with find_package.
# build_tree: the consumer finds ACCY_BINARY_DIR itself with find_package (accy_DIR).
# HOST_ONLY: the consumer is configured with CMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit (as on a machine
#   without the toolkit): find_package(accy CONFIG) must work, and COMPONENTS cuda must fail, saying why
#   (that it needs the toolkit MINIMUM_CUDA_TOOLKIT or newer).
# NO_BOOST: as on a machine without Boost: the consumer is configured with
#   CMAKE_DISABLE_FIND_PACKAGE_Boost, and the compiler's list of the headers its program reads must
#   name none of Boost's.
# HANA: the consumer asks for COMPONENTS hana and checks its pipeline through <accy/hana.hpp>.
# CUDA: the consumer asks for COMPONENTS cuda and builds a kernel with accy_add_kernels for
#   CMAKE_CUDA_ARCHITECTURES=CUDA_ARCHITECTURES (commas for semicolons); its fatbin must hold SASS
#   (cuobjdump --list-elf, or fatbin_entries.cmake where cuobjdump is missing) for each of them.
cmake_minimum_required(VERSION 3.25)

foreach(variable MODE WORK_DIR CONSUMER_SOURCE_DIR ACCY_SOURCE_DIR ACCY_BINARY_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${variable} OR "${${variable}}" STREQUAL "")
    message(FATAL_ERROR "run_consumer.cmake: pass -D${variable}=...")
  endif()
endforeach()

function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer (${MODE}): ${step} failed (${result})")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(config_arguments)
if(CONFIG)
  set(config_arguments --config ${CONFIG})
endif()

# The same toolchain as accy's build, and, where the consumer asks for Hana, the Boost it found.
set(options -DACCY_CONSUMER_MODE=${MODE} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
set(passed MAKE_PROGRAM:CMAKE_MAKE_PROGRAM BUILD_TYPE:CMAKE_BUILD_TYPE)
if(HANA)
  list(APPEND passed BOOST_DIR:Boost_DIR BOOST_INCLUDE_DIR:ACCY_BOOST_INCLUDE_DIR)
  list(APPEND options -DACCY_CONSUMER_HANA=ON)
endif()
if(NO_BOOST)
  list(APPEND options -DCMAKE_DISABLE_FIND_PACKAGE_Boost=ON)
endif()
foreach(pair IN LISTS passed)
  string(REPLACE ":" ";" pair ${pair})
  list(GET pair 0 from)
  list(GET pair 1 to)
  if(${from})
    list(APPEND options -D${to}=${${from}})
  endif()
endforeach()
if(GENERATOR_PLATFORM)
  list(APPEND options -A ${GENERATOR_PLATFORM})
endif()
if(GENERATOR_TOOLSET)
  list(APPEND options -T ${GENERATOR_TOOLSET})
endif()
if(HOST_ONLY)
  list(APPEND options -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON)
endif()
if(CUDA)
  # An initial cache file: a list cannot pass through execute_process as one argument.
  string(REPLACE "," ";" CUDA_ARCHITECTURES "${CUDA_ARCHITECTURES}")
  file(WRITE ${WORK_DIR}/initial_cache.cmake "set(CMAKE_CUDA_ARCHITECTURES \"${CUDA_ARCHITECTURES}\" CACHE STRING \"\")\n")
  list(APPEND options -DACCY_CONSUMER_CUDA=ON -C ${WORK_DIR}/initial_cache.cmake)
endif()
if(MODE STREQUAL "subdirectory")
  list(APPEND options -DACCY_SOURCE_DIR=${ACCY_SOURCE_DIR})
elseif(MODE STREQUAL "build_tree")
  list(APPEND options -Daccy_DIR=${ACCY_BINARY_DIR})
elseif(MODE STREQUAL "package")
  set(prefix ${WORK_DIR}/prefix)
  run("installing accy into ${prefix}" ${CMAKE_COMMAND} --install ${ACCY_BINARY_DIR} --prefix ${prefix}
      ${config_arguments})
  list(APPEND options -DACCY_PREFIX=${prefix} -DCMAKE_PREFIX_PATH=${prefix} -DACCY_EXPECTED_VERSION=${ACCY_VERSION})
else()
  message(FATAL_ERROR "run_consumer.cmake: MODE is subdirectory, package or build_tree, not '${MODE}'")
endif()

run("configuring" ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} ${options})
run("building" ${CMAKE_COMMAND} --build ${WORK_DIR}/build ${config_arguments})
# The program, then the same program on accy::separate (the run-time code compiled once).
foreach(name accy_consumer accy_consumer_separate)
  set(program ${WORK_DIR}/build/bin/${name})
  if(EXISTS ${program}.exe)
    set(program ${program}.exe)
  endif()
  run("running ${program}" ${program})
endforeach()

if(NO_BOOST)
  # The headers the consumer's program reads, as the compiler lists them: none may be Boost's.
  execute_process(COMMAND ${CXX_COMPILER} -std=c++20 -M -I${prefix}/include ${CONSUMER_SOURCE_DIR}/main.cpp
                  RESULT_VARIABLE result OUTPUT_VARIABLE headers ERROR_VARIABLE headers)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer (${MODE}): listing the headers of main.cpp failed (${result}):\n${headers}")
  endif()
  if(NOT headers MATCHES "accy/accy\\.hpp")
    message(FATAL_ERROR "consumer (${MODE}): the header list names no accy/accy.hpp:\n${headers}")
  endif()
  string(REGEX MATCHALL "[^ \\\n]*/boost/[^ \\\n]*" boost_headers "${headers}")
  if(boost_headers)
    message(FATAL_ERROR "consumer (${MODE}): accy's headers read Boost's: ${boost_headers}")
  endif()
  message(STATUS "the consumer's program reads no Boost header")
endif()

if(HOST_ONLY)
  # The same, asking for COMPONENTS cuda: configuring must fail, and say that the toolkit is missing.
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/build_cuda -G ${GENERATOR} ${options}
                          -DACCY_CONSUMER_CUDA=ON
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  string(REGEX REPLACE "[ \n]+" " " output "${output}")
  if(result EQUAL 0 OR NOT output MATCHES "cuda component .* needs the CUDA toolkit ${MINIMUM_CUDA_TOOLKIT} or newer, which was not found")
    message(FATAL_ERROR "consumer (${MODE}): COMPONENTS cuda without a CUDA toolkit must fail saying so, "
                        "not (${result}):\n${output}")
  endif()
  message(STATUS "COMPONENTS cuda without the toolkit fails as it should")
endif()

if(CUDA)
  set(fatbin ${WORK_DIR}/build/accy_kernels/accy_consumer/scale.fatbin)
  find_program(cuobjdump cuobjdump HINTS /usr/local/cuda/bin ENV CUDA_PATH PATH_SUFFIXES bin NO_CACHE)
  if(cuobjdump)
    execute_process(COMMAND ${cuobjdump} --list-elf ${fatbin} RESULT_VARIABLE result OUTPUT_VARIABLE listing
                    ERROR_VARIABLE listing)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "consumer (${MODE}): cuobjdump --list-elf ${fatbin} failed (${result}):\n${listing}")
    endif()
  else()
    include(${CMAKE_CURRENT_LIST_DIR}/fatbin_entries.cmake)
    accy_fatbin_entries(listing ${fatbin})
    set(listing "fatbin_entries.cmake (no cuobjdump): ${listing}")
  endif()
  message(STATUS "${listing}")
  foreach(architecture IN LISTS CUDA_ARCHITECTURES)
    if(NOT listing MATCHES "sm_${architecture}([^0-9a-z]|$)")
      message(FATAL_ERROR "consumer (${MODE}): the fatbin ${fatbin} has no sm_${architecture} code:\n${listing}")
    endif()
  endforeach()
endif()
