# SPDX-License-Identifier: Apache-2.0
# The CUDA backend's target, accy::cuda: accy plus the toolkit's headers and libdl. It links no
# CUDA library: the driver is opened at run time, so programs start where there is none.
# Sets ACCY_HAS_CUDA_TOOLKIT, and where it is true defines accy_add_kernels (AccyKernels.cmake).
# An installed accy defines accy::cuda in its config (AccyCudaTarget.cmake) when a consumer asks for
# COMPONENTS cuda, whether or not the machine that installed it had the toolkit, finding the toolkit
# of ACCY_MINIMUM_CUDA_TOOLKIT or newer as this build does (accyConfig.cmake.in).
set(ACCY_MINIMUM_CUDA_TOOLKIT 12.4)  # the CUDA backend needs the driver API of 12.4's headers
find_package(CUDAToolkit ${ACCY_MINIMUM_CUDA_TOOLKIT} QUIET)
if(CUDAToolkit_FOUND)
  set(ACCY_HAS_CUDA_TOOLKIT TRUE)
  add_library(accy_cuda INTERFACE)
  add_library(accy::cuda ALIAS accy_cuda)
  target_link_libraries(accy_cuda INTERFACE accy::accy CUDA::toolkit ${CMAKE_DL_LIBS})
  if(ACCY_NVTX)
    target_compile_definitions(accy_cuda INTERFACE ACCY_NVTX=1)
  endif()
  include(AccyKernels)
else()
  set(ACCY_HAS_CUDA_TOOLKIT FALSE)
  message(STATUS "accy: no CUDA toolkit ${ACCY_MINIMUM_CUDA_TOOLKIT} or newer: the CUDA backend's targets, "
                 "kernels and tests are not built")
endif()
