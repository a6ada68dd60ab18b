# SPDX-License-Identifier: Apache-2.0
# Defines accy_tutorial_cuda, tutorial step 02's CUDA kernels (l2_normalise.cu) embedded in
# <accy_tutorial/l2_normalise_kernels.hpp> under accy_tutorial::code. Include it where
# ACCY_HAS_CUDA_TOOLKIT is true.
include(${CMAKE_CURRENT_LIST_DIR}/../../common/cuda/example_kernels.cmake)
accy_example_kernels(accy_tutorial_cuda SOURCE ${CMAKE_CURRENT_LIST_DIR}/l2_normalise.cu
                     HEADER accy_tutorial/l2_normalise_kernels.hpp NAMESPACE accy_tutorial::code)
