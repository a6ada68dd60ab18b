// SPDX-License-Identifier: Apache-2.0
// Defines the checks of a loaded function against what its entry asks of it and of the device: block,
// shared memory and launch attributes at load, a cooperative grid's residency at launch.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/launch_attributes.hpp>

#include <cuda.h>

#include <cstdint>
#include <string_view>

namespace accy::cuda::detail {

inline int device_attribute(const driver_api& api, CUdevice device, CUdevice_attribute attribute, std::string_view name) {
    int value = 0;
    check(api, api.device_get_attribute(&value, attribute, device), "cuDeviceGetAttribute(", name, ")");
    return value;
}

inline int function_attribute(const driver_api& api, CUfunction function, CUfunction_attribute attribute,
                              std::string_view name) {
    int value = 0;
    check(api, api.func_get_attribute(&value, attribute, function), "cuFuncGetAttribute(", name, ")");
    return value;
}

/// The entry's block must fit the function, and its shared memory the device beside the function's
/// static shared memory; above 48 KiB the function opts in (cuFuncSetAttribute).
inline void check_block_and_shared_memory(const driver_api& api, CUfunction function, CUdevice device,
                                          const artifact& made) {
    const int max_threads =
        function_attribute(api, function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK");
    const std::uint64_t threads = std::uint64_t{made.block.x} * made.block.y * made.block.z;
    if (threads == 0 || threads > static_cast<std::uint64_t>(max_threads))
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({"kernel '", made.entry_name, "': its entry's block of ", made.block.x, " x ",
                                           made.block.y, " x ", made.block.z, " = ", threads,
                                           " threads is outside the function's 1 to ", max_threads}));
    if (made.shared_bytes <= default_shared_memory_limit) return;
    const auto static_bytes = static_cast<std::uint64_t>(
        function_attribute(api, function, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, "CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES"));
    const auto device_bytes = static_cast<std::uint64_t>(device_attribute(
        api, device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"));
    if (static_bytes + made.shared_bytes > device_bytes)
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({"kernel '", made.entry_name, "' asks for ", made.shared_bytes,
                                           " bytes of dynamic shared memory beside its ", static_bytes,
                                           " static bytes; a block of this device has at most ", device_bytes}));
    if (const CUresult result = api.func_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                       static_cast<int>(made.shared_bytes));
        result != CUDA_SUCCESS)
        fail(api, result, "cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)", "kernel '",
             made.entry_name, "' asks for ", made.shared_bytes, " bytes of dynamic shared memory");
}

/// What the device must support for the entry's launch attributes; for a cooperative kernel, the
/// most blocks that can be resident at once (blocks per multiprocessor × multiprocessors).
inline std::uint64_t check_attributes(const driver_api& api, CUfunction function, CUdevice device, const artifact& made) {
    const launch_attributes& declared = made.attributes;
    const auto refuse = [&](std::string_view what) {
        throw error(errc::unsupported_operation, accy::detail::message({"kernel '", made.entry_name, "' declares ", what,
                                                                        ", which this device does not support"}));
    };
    if (declared.clustered() &&
        device_attribute(api, device, CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, "CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH") == 0)
        refuse("a thread-block cluster");
    if (declared.waits_on_predecessor &&
        device_attribute(api, device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "COMPUTE_CAPABILITY_MAJOR") < 9)
        refuse("waits_on_predecessor (programmatic dependent launch needs compute capability 9.0)");
    if (!declared.cooperative) return 0;
    if (device_attribute(api, device, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, "CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH") == 0)
        refuse("a cooperative launch");
    int per_multiprocessor = 0;
    check(api,
          api.occupancy_max_active_blocks(&per_multiprocessor, function,
                                          static_cast<int>(std::uint64_t{made.block.x} * made.block.y * made.block.z),
                                          made.shared_bytes),
          "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    const int multiprocessors =
        device_attribute(api, device, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT");
    return static_cast<std::uint64_t>(per_multiprocessor) * static_cast<std::uint64_t>(multiprocessors);
}

/// A cooperative kernel's grid must be resident at once; checked for every stage before any launches.
inline void check_resident(const kernel& loaded, const dim3& grid) {
    if (!loaded.attributes.cooperative) return;
    const std::uint64_t blocks = std::uint64_t{grid.x} * grid.y * grid.z;
    if (blocks > loaded.resident_block_limit) [[unlikely]]
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({"a cooperative kernel's grid of ", blocks, " blocks, but at most ",
                                           loaded.resident_block_limit,
                                           " blocks of it can be resident at once on this device"}));
}

}  // namespace accy::cuda::detail
