# SPDX-License-Identifier: Apache-2.0
# Part of accy's package config: defines accy::cuda (accy plus the CUDA toolkit's headers and libdl)
# for a consumer that asked for COMPONENTS cuda, once CUDAToolkit has been found.
if(NOT TARGET accy::cuda)
  add_library(accy::cuda INTERFACE IMPORTED)
  target_link_libraries(accy::cuda INTERFACE accy::accy CUDA::toolkit ${CMAKE_DL_LIBS})
endif()
# NVTX3 ranges (header-only, in the toolkit's include directory) unless the ACCY_NVTX option is OFF.
if(NOT DEFINED ACCY_NVTX OR ACCY_NVTX)
  set_property(TARGET accy::cuda APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS ACCY_NVTX=1)
endif()
