# SPDX-License-Identifier: Apache-2.0
# The package: an exported config for find_package(accy CONFIG) from an installation or from this
# build tree, and with ACCY_INSTALL the install rules (headers, config, pkg-config file, LICENSE).
include(CMakePackageConfigHelpers)

set(ACCY_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/accy CACHE STRING "Where accy's CMake package config is installed")
mark_as_advanced(ACCY_CMAKE_INSTALL_DIR)
# The files of the config besides accyConfig, accyConfigVersion and accyTargets. accy::cuda and
# accy::hana are not exported: the config defines them where a consumer asks for COMPONENTS cuda
# (AccyCudaTarget.cmake) or hana (AccyBoost.cmake, AccyHanaTarget.cmake).
set(_accy_config_files AccyDependencies.cmake AccyCudaTarget.cmake AccyKernels.cmake AccyEmbed.cmake AccyEmbed.cpp
                       AccyBoost.cmake AccyHanaTarget.cmake AccySeparateCompilation.cmake AccySeparateCompilation.cpp)

configure_package_config_file(cmake/accyConfig.cmake.in ${PROJECT_BINARY_DIR}/accyConfig.cmake
                              INSTALL_DESTINATION ${ACCY_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/accyConfigVersion.cmake COMPATIBILITY SameMinorVersion
                                 ARCH_INDEPENDENT)

# The build tree as a config dir (-Daccy_DIR=<build>): the config, its files and the targets, here.
foreach(file IN LISTS _accy_config_files)
  configure_file(cmake/${file} ${PROJECT_BINARY_DIR}/${file} COPYONLY)
endforeach()
export(TARGETS accy NAMESPACE accy:: FILE ${PROJECT_BINARY_DIR}/accyTargets.cmake)

if(ACCY_INSTALL)
  install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(TARGETS accy EXPORT accyTargets)
  install(EXPORT accyTargets NAMESPACE accy:: DESTINATION ${ACCY_CMAKE_INSTALL_DIR})
  list(TRANSFORM _accy_config_files PREPEND cmake/)
  install(FILES ${PROJECT_BINARY_DIR}/accyConfig.cmake ${PROJECT_BINARY_DIR}/accyConfigVersion.cmake
                ${_accy_config_files}
          DESTINATION ${ACCY_CMAKE_INSTALL_DIR})
  # pkg-config: the include directory, C++20 and -pthread.
  configure_file(cmake/accy.pc.in ${PROJECT_BINARY_DIR}/accy.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/accy.pc DESTINATION ${CMAKE_INSTALL_DATADIR}/pkgconfig)
  install(FILES LICENSE README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()
unset(_accy_config_files)
