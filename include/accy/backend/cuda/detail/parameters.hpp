// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::kernel_parameters`, a launch's `void**` parameter array, packed on the
// stack, and `set_geometry`, a launch's grid, block and shared memory in the driver's structs.
#pragma once

#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/parameter.hpp>

#include <array>
#include <cstddef>
#include <span>

namespace accy::cuda::detail {

/// A pointer to each argument's value, as cuLaunchKernel and kernel graph nodes take them. Points
/// into the arguments' storage, which must outlive its use.
class kernel_parameters {
public:
    explicit kernel_parameters(std::span<const kernel_argument> arguments) noexcept {
        // The driver only reads through these pointers.
        for (const kernel_argument& argument : arguments) pointers_[count_++] = const_cast<void*>(argument.value);
    }

    void** data() noexcept { return pointers_.data(); }

private:
    std::array<void*, max_kernel_parameters> pointers_;
    std::size_t count_ = 0;
};

/// Writes `config` into a driver struct that names it as cuLaunchKernel does (`gridDimX`, ...,
/// `sharedMemBytes`): `CUlaunchConfig` and `CUDA_KERNEL_NODE_PARAMS`.
template <class DriverStruct>
void set_geometry(DriverStruct& launch, const launch_config& config) noexcept {
    launch.gridDimX = config.grid.x;
    launch.gridDimY = config.grid.y;
    launch.gridDimZ = config.grid.z;
    launch.blockDimX = config.block.x;
    launch.blockDimY = config.block.y;
    launch.blockDimZ = config.block.z;
    launch.sharedMemBytes = config.shared_bytes;
}

}  // namespace accy::cuda::detail
