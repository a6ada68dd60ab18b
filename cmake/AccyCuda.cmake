# The CUDA backend's target, accy::cuda: accy plus the toolkit's headers and libdl. It links no
# CUDA library: the driver is opened at run time, so programs start where there is none.
find_package(CUDAToolkit QUIET)
set(ACCY_HAS_CUDA_TOOLKIT ${CUDAToolkit_FOUND})
