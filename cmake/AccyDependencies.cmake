# SPDX-License-Identifier: Apache-2.0
# Finds Threads and Boost's headers, the latter through Boost's own CMake config where it is installed, else by the
# location of Hana's umbrella header (the GPU machine has headers and no config).
include(GNUInstallDirs)
include(CMakeFindDependencyMacro)
find_dependency(Threads)  # the host backend runs blocks on std::thread
find_package(Boost 1.81 CONFIG QUIET COMPONENTS headers)
if(NOT TARGET Boost::headers)
  find_path(ACCY_BOOST_INCLUDE_DIR boost/hana.hpp REQUIRED)
  add_library(Boost::headers INTERFACE IMPORTED)
  target_include_directories(Boost::headers INTERFACE ${ACCY_BOOST_INCLUDE_DIR})
endif()
