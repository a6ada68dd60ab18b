// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::launch_kernel`, the CUDA backend's launch: one cuLaunchKernelEx of a
// loaded kernel, its parameters packed on the stack.
#pragma once

#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/attributes.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/parameters.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/check_launch_arguments.hpp>
#include <accy/kernel/geometry.hpp>

#include <cuda.h>

#include <span>

namespace accy::cuda::detail {

/// Launches `loaded` on `stream` in `context` with the entry's launch attributes (a kernel that
/// waits on its predecessor launches with programmatic stream serialization).
inline void launch_kernel(const driver_api& api, CUcontext context, const kernel& loaded, const launch_config& config,
                          std::span<const kernel_argument> arguments, CUstream stream) {
    if (arguments.size() != loaded.parameter_count) [[unlikely]]
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({"the kernel takes ", loaded.parameter_count, " parameters, the launch binds ",
                                           arguments.size()}));
    accy::detail::check_launch_arguments({"cuda backend: launch"}, config, arguments);
    const context_scope current(api, context);
    kernel_parameters parameters(api, arguments);
    driver_attributes attributes(loaded.attributes, true);
    CUlaunchConfig launch{};
    set_geometry(launch, config);
    launch.hStream = stream;
    launch.attrs = attributes.data();
    launch.numAttrs = attributes.size();
    const CUresult result = api.launch_kernel_ex(&launch, loaded.function, parameters.data(), nullptr);
    if (result != CUDA_SUCCESS) [[unlikely]]
        fail(api, result, "cuLaunchKernelEx", "grid ", to_string(config.grid), ", block ", to_string(config.block), ", ",
             config.shared_bytes, " bytes of dynamic shared memory");
}

}  // namespace accy::cuda::detail
