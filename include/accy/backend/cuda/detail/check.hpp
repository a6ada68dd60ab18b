// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::check`, which turns a failed driver call into an `accy::error` with the driver's name and text.
#pragma once

#include <accy/backend/cuda/detail/message.hpp>
#include <accy/backend/cuda/driver.hpp>
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

[[noreturn, gnu::cold, gnu::noinline]] inline void fail(const driver_api& api, CUresult result, std::string_view call,
                                                         std::string_view details = {}) {
    std::string text = message(call, " failed with ", result_text(api, result));
    if (!details.empty()) text += message(": ", details);
    throw error(code_of(result), std::move(text), static_cast<int>(result));
}

/// Throws the `accy::error` of a failed driver call `call` ("cuMemAlloc of 4096 bytes").
inline void check(const driver_api& api, CUresult result, std::string_view call) {
    if (result != CUDA_SUCCESS) [[unlikely]]
        fail(api, result, call);
}

}  // namespace accy::cuda::detail
