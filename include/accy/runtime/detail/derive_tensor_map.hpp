// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::derive_tensor_map` and `point_tensor_map`: a tensor map argument's
// description derived from the runtime scalars and checked against its buffer's declared shape,
// then pointed at the buffer bound, so that every backend refuses the same maps before any stage launches.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <cstddef>
#include <cstdint>

namespace accy::detail {

static_assert(sizeof(tensor_map_description) <= tensor_map_size,
              "a tensor map's description travels in its parameter's bytes on the host and recording backends");

/// The limits `cuTensorMapEncodeTiled` sets on a tiled map's extents, strides and address.
inline constexpr wide_int tensor_map_extent_limit = wide_int{1} << 32;
inline constexpr wide_int tensor_map_stride_limit = wide_int{1} << 40;
inline constexpr std::uint64_t tensor_map_alignment = 16;

/// Derives a tensor map argument's description, all but its address, into `at` from the steps
/// at `argument.first_step` (its extents, then its strides); `bound` is the buffer it maps, as
/// the plan declares it. `launch_argument_mismatch` says which extent or stride does not fit, or
/// where the tensor ends against the buffer's declared bytes.
ACCY_DECL void derive_tensor_map(const argument_plan& argument, const derivation_steps& steps, const derived_value* scalars,
                                 const buffer_plan& bound, std::byte* at);

/// Points the description derived at `at` at `bound`'s first element; `launch_argument_mismatch`
/// where that address is not 16-byte aligned.
ACCY_DECL void point_tensor_map(std::byte* at, const buffer& bound, const buffer_ref& ref);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/derive_tensor_map.hpp>
#endif
