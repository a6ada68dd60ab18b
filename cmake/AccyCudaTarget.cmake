# SPDX-License-Identifier: Apache-2.0
# Part of accy's package config: defines accy::cuda (accy plus the CUDA toolkit's headers and libdl)
# for a consumer that asked for COMPONENTS cuda, once CUDAToolkit has been found.
if(NOT TARGET accy::cuda)
  add_library(accy::cuda INTERFACE IMPORTED)
  target_link_libraries(accy::cuda INTERFACE accy::accy CUDA::toolkit ${CMAKE_DL_LIBS})
endif()
