# Builds and runs the consumer project of tests/consumer/project in WORK_DIR, from scratch.
#
#   cmake -DMODE=subdirectory|package -DWORK_DIR=... -DCONSUMER_SOURCE_DIR=... -DACCY_SOURCE_DIR=...
#         -DACCY_BINARY_DIR=... -DACCY_VERSION=... -DGENERATOR=... [-DMAKE_PROGRAM=...] -DCXX_COMPILER=...
#         [-DBUILD_TYPE=...] [-DCONFIG=...] [-DGENERATOR_PLATFORM=...] [-DGENERATOR_TOOLSET=...]
#         [-DBOOST_DIR=...] [-DBOOST_INCLUDE_DIR=...] -P run_consumer.cmake
#
# subdirectory: the consumer adds ACCY_SOURCE_DIR with add_subdirectory.
# package: installs ACCY_BINARY_DIR into WORK_DIR/prefix, and the consumer finds it with find_package.
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

# The same toolchain as accy's build, and the Boost it found.
set(options -DACCY_CONSUMER_MODE=${MODE} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
foreach(pair MAKE_PROGRAM:CMAKE_MAKE_PROGRAM BUILD_TYPE:CMAKE_BUILD_TYPE BOOST_DIR:Boost_DIR
             BOOST_INCLUDE_DIR:ACCY_BOOST_INCLUDE_DIR)
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
if(MODE STREQUAL "subdirectory")
  list(APPEND options -DACCY_SOURCE_DIR=${ACCY_SOURCE_DIR})
elseif(MODE STREQUAL "package")
  set(prefix ${WORK_DIR}/prefix)
  run("installing accy into ${prefix}" ${CMAKE_COMMAND} --install ${ACCY_BINARY_DIR} --prefix ${prefix}
      ${config_arguments})
  list(APPEND options -DACCY_PREFIX=${prefix} -DCMAKE_PREFIX_PATH=${prefix} -DACCY_EXPECTED_VERSION=${ACCY_VERSION})
else()
  message(FATAL_ERROR "run_consumer.cmake: MODE is subdirectory or package, not '${MODE}'")
endif()

run("configuring" ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} ${options})
run("building" ${CMAKE_COMMAND} --build ${WORK_DIR}/build ${config_arguments})
set(program ${WORK_DIR}/build/bin/accy_consumer)
if(EXISTS ${program}.exe)
  set(program ${program}.exe)
endif()
run("running ${program}" ${program})
