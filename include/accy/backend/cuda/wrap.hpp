// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::wrap`, the `accy::buffer` view of device memory the caller allocated and keeps.
#pragma once

#include <accy/core/buffer.hpp>

#include <cuda.h>

#include <cstddef>

namespace accy::cuda {

/// A view of `byte_size` bytes at `address`, allocated by the caller (cuMemAlloc, cudaMalloc, a
/// pool): pass it as an operand, a result or an intermediate; accy never frees it.
constexpr buffer wrap(CUdeviceptr address, std::size_t byte_size) noexcept { return {address, byte_size}; }

}  // namespace accy::cuda
