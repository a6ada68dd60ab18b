// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::check`, which turns a failed driver call into an `accy::error` with the driver's name and text.
#pragma once

#include <accy/backend/cuda/driver.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <cuda.h>

#include <string>
#include <string_view>

namespace accy::cuda::detail {

/// The accy code of a driver result: memory, code that cannot load, a missing driver or device,
/// and everything else.
constexpr errc code_of(CUresult result) noexcept {
    switch (result) {
    case CUDA_ERROR_OUT_OF_MEMORY: return errc::out_of_memory;
    case CUDA_ERROR_INVALID_IMAGE:
    case CUDA_ERROR_INVALID_PTX:
    case CUDA_ERROR_NO_BINARY_FOR_GPU:
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    case CUDA_ERROR_JIT_COMPILER_NOT_FOUND:
    case CUDA_ERROR_JIT_COMPILATION_DISABLED:
    case CUDA_ERROR_INVALID_SOURCE:
    case CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND:
    case CUDA_ERROR_SHARED_OBJECT_INIT_FAILED:
    case CUDA_ERROR_NOT_FOUND: return errc::invalid_artifact;
    case CUDA_ERROR_NOT_INITIALIZED:
    case CUDA_ERROR_DEINITIALIZED:
    case CUDA_ERROR_STUB_LIBRARY:
    case CUDA_ERROR_DEVICE_UNAVAILABLE:
    case CUDA_ERROR_NO_DEVICE:
    case CUDA_ERROR_INVALID_DEVICE:
    case CUDA_ERROR_DEVICE_NOT_LICENSED:
    case CUDA_ERROR_SYSTEM_NOT_READY:
    case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: return errc::runtime_unavailable;
    default: return errc::device_error;
    }
}

/// Throws the `accy::error` of driver call `call` that failed with `result`: "<call> failed with
/// <name> (<text>)", then ": " and `details` where there are any. Cold: its text is built here alone.
template <class... Details>
[[noreturn, gnu::cold, gnu::noinline]] void fail(const driver_api& api, CUresult result, std::string_view call,
                                                  const Details&... details) {
    std::string text = accy::detail::message({call, " failed with ", result_text(api, result)});
    if constexpr (sizeof...(details) != 0) accy::detail::append(text, {": ", details...});
    throw error(code_of(result), text, static_cast<int>(result));
}

/// Throws the `accy::error` of a failed driver call, named by `call`'s parts ("cuFuncGetAttribute(",
/// name, ")"), which are joined only when it failed: a call that succeeds builds no text.
template <class... Call>
void check(const driver_api& api, CUresult result, const Call&... call) {
    if (result != CUDA_SUCCESS) [[unlikely]]
        fail(api, result, accy::detail::message({call...}));
}

}  // namespace accy::cuda::detail
