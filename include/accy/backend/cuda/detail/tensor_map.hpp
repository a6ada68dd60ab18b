// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::encode_tensor_map`, a `CUtensorMap` encoded from accy's description of it.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/core/dtype.hpp>
#include <accy/kernel/tensor_map.hpp>

#include <cuda.h>

#include <array>
#include <cstdint>

namespace accy::cuda::detail {

/// The element type TMA copies for a dtype: its own where the driver has one, else the unsigned
/// integer of its size (a copy moves bits; fp8 and the narrow signed integers have no type of their own).
constexpr CUtensorMapDataType tensor_map_data_type(dtype element) noexcept {
    switch (element) {
    case dtype::f16: return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
    case dtype::bf16: return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
    case dtype::f32: return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
    case dtype::f64: return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
    case dtype::i32: return CU_TENSOR_MAP_DATA_TYPE_INT32;
    case dtype::u32: return CU_TENSOR_MAP_DATA_TYPE_UINT32;
    case dtype::i64: return CU_TENSOR_MAP_DATA_TYPE_INT64;
    case dtype::u64: return CU_TENSOR_MAP_DATA_TYPE_UINT64;
    case dtype::i16:
    case dtype::u16: return CU_TENSOR_MAP_DATA_TYPE_UINT16;
    case dtype::u8:
    case dtype::i8:
    case dtype::f8_e4m3:
    case dtype::f8_e5m2: break;
    }
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
}

static_assert(static_cast<int>(tensor_map_swizzle::bytes_128) == CU_TENSOR_MAP_SWIZZLE_128B &&
              static_cast<int>(tensor_map_l2_promotion::bytes_256) == CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
              "accy's tensor map options are numbered as the driver's");

/// Encodes `described` (cuTensorMapEncodeTiled, element strides 1, no interleave). accy checked
/// the description before any stage launched, so the driver refuses only what it alone knows.
inline CUtensorMap encode_tensor_map(const driver_api& api, const tensor_map_description& described) {
    static constexpr std::array<cuuint32_t, limits::tensor_map_rank> element_strides{1, 1, 1, 1, 1};
    CUtensorMap encoded;
    const CUresult result = api.tensor_map_encode_tiled(
        &encoded, tensor_map_data_type(described.element), described.rank,
        reinterpret_cast<void*>(static_cast<std::uintptr_t>(described.address)), described.extents.data(),
        described.strides.data() + 1, described.box.data(), element_strides.data(), CU_TENSOR_MAP_INTERLEAVE_NONE,
        static_cast<CUtensorMapSwizzle>(described.options.swizzle),
        static_cast<CUtensorMapL2promotion>(described.options.l2_promotion),
        described.options.fill == tensor_map_fill::nan ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                                                       : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (result != CUDA_SUCCESS) [[unlikely]]
        fail(api, result, "cuTensorMapEncodeTiled", "a tensor map of ", described.rank, " dimensions of ",
             described.element, " at address ", described.address);
    return encoded;
}

}  // namespace accy::cuda::detail
