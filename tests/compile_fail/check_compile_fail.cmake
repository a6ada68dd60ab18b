# SPDX-License-Identifier: Apache-2.0
# Runs one compile-fail test: builds TARGET in BUILD_DIR and checks the compiler's verdict.
#
#   cmake -DBUILD_DIR=<build tree> -DTARGET=<object target> -DSOURCE=<its .cpp> [-DCONFIG=<config>]
#         [-DEXPECT_SUCCESS=ON] -P check_compile_fail.cmake
#
# By default the build must fail, with every `// expect: <text>` line of SOURCE found in the
# output, and with one error: at most one "static assertion failed" and at most one compiler
# "error:" line (a cascade of errors after the first one is a bug in accy's diagnostics).
# With EXPECT_SUCCESS the build must succeed: the control that proves a failure is the test's doing.
cmake_minimum_required(VERSION 3.25)

foreach(variable BUILD_DIR TARGET SOURCE)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "check_compile_fail.cmake: pass -D${variable}=...")
  endif()
endforeach()

# Semicolons and square brackets would split or glue CMake list elements: while parsing, each
# stands in as <accy-character-N>, N its ASCII code (59 ';', 91 '[', 93 ']').
# swap_list_characters(out text ESCAPE|RESTORE): `text` with those characters swapped for their
# stand-ins (ESCAPE) or back (RESTORE).
function(swap_list_characters out text direction)
  foreach(code 59 91 93)
    string(ASCII ${code} character)
    set(stand_in "<accy-character-${code}>")
    if(direction STREQUAL "ESCAPE")
      string(REPLACE "${character}" "${stand_in}" text "${text}")
    else()
      string(REPLACE "${stand_in}" "${character}" text "${text}")
    endif()
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The expected texts: every line `// expect: <text>`, the text up to the end of the line.
file(READ "${SOURCE}" source_text)
swap_list_characters(source_text "${source_text}" ESCAPE)
string(REPLACE "\r" "" source_text "${source_text}")
string(REPLACE "\n" ";" source_lines "${source_text}")
set(expected_texts)
foreach(line IN LISTS source_lines)
  if(line MATCHES "^[ \t]*// expect: (.*)$")
    string(STRIP "${CMAKE_MATCH_1}" text)
    if(NOT text STREQUAL "")
      list(APPEND expected_texts "${text}")
    endif()
  endif()
endforeach()
if(NOT EXPECT_SUCCESS AND NOT expected_texts)
  message(FATAL_ERROR "${SOURCE}: a compile-fail test needs at least one `// expect: <text>` line")
endif()

# English, uncoloured diagnostics, whatever the caller's locale.
set(ENV{LC_ALL} C)
set(ENV{LANG} C)
unset(ENV{LANGUAGE})
unset(ENV{GCC_COLORS})
set(config_arguments)
if(CONFIG)
  set(config_arguments --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}" ${config_arguments}
                RESULT_VARIABLE build_result OUTPUT_VARIABLE output ERROR_VARIABLE output)

if(EXPECT_SUCCESS)
  if(NOT build_result EQUAL 0)
    message("${output}")
    message(FATAL_ERROR "${TARGET}: the build failed (${build_result}); this control must compile")
  endif()
  message(STATUS "${TARGET}: compiled, as expected")
  return()
endif()

if(build_result EQUAL 0)
  message("${output}")
  message(FATAL_ERROR "${TARGET}: the build succeeded; ${SOURCE} must not compile")
endif()

# Occurrences of `needle` in the output.
function(count_in_output out needle)
  string(LENGTH "${output}" whole)
  string(REPLACE "${needle}" "" rest "${output}")
  string(LENGTH "${rest}" remaining)
  string(LENGTH "${needle}" needle_length)
  math(EXPR count "(${whole} - ${remaining}) / ${needle_length}")
  set(${out} ${count} PARENT_SCOPE)
endfunction()

set(failures)
foreach(escaped IN LISTS expected_texts)
  swap_list_characters(text "${escaped}" RESTORE)
  string(FIND "${output}" "${text}" position)
  if(position EQUAL -1)
    list(APPEND failures "missing expected text: ${escaped}")
  endif()
endforeach()
count_in_output(static_assertions "static assertion failed")
count_in_output(errors " error: ")
if(static_assertions GREATER 1)
  list(APPEND failures "${static_assertions} static assertions failed, expected one")
endif()
if(errors GREATER 1)
  list(APPEND failures "${errors} errors, expected one (a cascade after the first error)")
endif()

if(failures)
  message("${output}")
  foreach(escaped IN LISTS failures)
    swap_list_characters(failure "${escaped}" RESTORE)
    message("check_compile_fail: ${failure}")
  endforeach()
  message(FATAL_ERROR "${TARGET}: the build failed, but not with exactly the expected error")
endif()
message(STATUS "${TARGET}: failed to compile with the one expected error")
