# Installs the headers and an exported config, so that find_package(accy CONFIG) works.
include(CMakePackageConfigHelpers)

install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS accy EXPORT accyTargets)
if(TARGET accy_cuda)
  # accy::cuda and accy_add_kernels, for consumers of an installation built with the CUDA toolkit.
  set_target_properties(accy_cuda PROPERTIES EXPORT_NAME cuda)
  install(TARGETS accy_cuda EXPORT accyTargets)
  install(FILES cmake/AccyKernels.cmake cmake/AccyEmbed.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/accy)
endif()
install(EXPORT accyTargets NAMESPACE accy:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/accy)
configure_package_config_file(cmake/accyConfig.cmake.in ${PROJECT_BINARY_DIR}/accyConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/accy)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/accyConfigVersion.cmake COMPATIBILITY SameMinorVersion
                                 ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/accyConfig.cmake ${PROJECT_BINARY_DIR}/accyConfigVersion.cmake
              cmake/AccyDependencies.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/accy)
