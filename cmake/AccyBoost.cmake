# SPDX-License-Identifier: Apache-2.0
# Finds Boost's headers as Boost::headers, through Boost's own CMake config where it is installed, else
# by the location of Hana's umbrella header (the GPU machine has headers and no config); defines
# nothing where there are none. Needed by accy::hana (the Boost.Hana view) and accy's tests, not by accy.
if(NOT TARGET Boost::headers)
  find_package(Boost 1.81 CONFIG QUIET COMPONENTS headers)
endif()
if(NOT TARGET Boost::headers)
  find_path(ACCY_BOOST_INCLUDE_DIR boost/hana.hpp)
  if(ACCY_BOOST_INCLUDE_DIR)
    add_library(Boost::headers INTERFACE IMPORTED)
    target_include_directories(Boost::headers INTERFACE ${ACCY_BOOST_INCLUDE_DIR})
  endif()
endif()
