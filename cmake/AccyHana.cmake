# SPDX-License-Identifier: Apache-2.0
# The Boost.Hana view's target, accy::hana: accy plus Boost's headers, for <accy/hana.hpp>. Defined
# where Boost's headers are found (ACCY_HAS_BOOST_HANA); an installed accy defines it in its config
# (AccyHanaTarget.cmake) when a consumer asks for COMPONENTS hana.
include(AccyBoost)
if(TARGET Boost::headers)
  set(ACCY_HAS_BOOST_HANA TRUE)
  add_library(accy_hana INTERFACE)
  add_library(accy::hana ALIAS accy_hana)
  target_link_libraries(accy_hana INTERFACE accy::accy Boost::headers)
else()
  set(ACCY_HAS_BOOST_HANA FALSE)
endif()
