// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::kernel_parameters`, a launch's `void**` parameter array, packed on the
// stack with its tensor maps encoded, and `set_geometry`, a launch's grid, block and shared memory in the driver's structs.
#pragma once

#include <accy/backend/cuda/detail/tensor_map.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/parameter.hpp>

#include <array>
#include <cstddef>
#include <cstring>
#include <span>

namespace accy::cuda::detail {

/// A pointer to each argument's value, as cuLaunchKernel and kernel graph nodes take them: into the
/// arguments' storage, which must outlive its use, and for a tensor map into the `CUtensorMap`
/// encoded here from its description (host work, no device call), so
/// that a map follows its buffer wherever a launch or a graph update moves it.
class kernel_parameters {
public:
    kernel_parameters(const driver_api& api, std::span<const kernel_argument> arguments) {
        for (const kernel_argument& argument : arguments) {
            // The driver only reads through these pointers.
            void* value = const_cast<void*>(argument.value);
            if (argument.tensor_map) {
                tensor_map_description described;
                std::memcpy(&described, argument.value, sizeof(described));
                maps_[count_] = encode_tensor_map(api, described);
                value = &maps_[count_];
            }
            pointers_[count_++] = value;
        }
    }

    void** data() noexcept { return pointers_.data(); }

private:
    std::array<void*, limits::kernel_parameters> pointers_;
    std::array<CUtensorMap, limits::kernel_parameters> maps_;  ///< at the index of each tensor map argument
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
