# SPDX-License-Identifier: Apache-2.0
# accy::separate: accy with its run-time code that is not a template compiled once, in a static
# library built with the consumer's project, instead of in every translation unit that launches a
# pipeline. A target links it in place of accy::accy; everything linked with it is compiled with
# ACCY_SEPARATE_COMPILATION (docs/guide.md, "Compile time"). Built only where something links it.
if(NOT TARGET accy::separate)
  add_library(accy_separate STATIC EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/AccySeparateCompilation.cpp)
  add_library(accy::separate ALIAS accy_separate)
  target_link_libraries(accy_separate PUBLIC accy::accy)
  target_compile_definitions(accy_separate PUBLIC ACCY_SEPARATE_COMPILATION)
  target_compile_features(accy_separate PUBLIC cxx_std_20)
endif()
