# SPDX-License-Identifier: Apache-2.0
# Part of accy's package config: defines accy::hana (accy plus Boost's headers) for a consumer that
# asked for COMPONENTS hana, once AccyBoost.cmake has found Boost's headers.
if(NOT TARGET accy::hana)
  add_library(accy::hana INTERFACE IMPORTED)
  target_link_libraries(accy::hana INTERFACE accy::accy Boost::headers)
endif()
