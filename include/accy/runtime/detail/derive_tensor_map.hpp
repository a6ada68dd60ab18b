// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::derive_tensor_map` and `point_tensor_map`: a tensor map argument's
// description derived from the runtime scalars and checked against its buffer's declared shape,
// then pointed at the buffer bound, so that every backend refuses the same maps before any stage launches.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>

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
inline void derive_tensor_map(const argument_plan& argument, const derivation_step* steps, const derived_value* scalars,
                              const buffer_plan& bound, std::byte* at) {
    const tensor_map_info& map = *argument.map;
    tensor_map_description made{};
    made.element = argument.type;
    made.rank = static_cast<std::uint32_t>(map.rank);
    made.options = map.options;
    made.strides[0] = size_of(argument.type);
    const derivation_step* next = steps + argument.first_step;
    for (std::size_t d = 0; d < map.rank; ++d) {
        made.box[d] = map.box[d];
        const wide_int extent = evaluate(next, scalars).integer;
        if (extent < 1 || extent > tensor_map_extent_limit) [[unlikely]]
            throw error(errc::launch_argument_mismatch, message("the tensor map's extent ", d, " derives ", extent,
                                                                ", outside 1 to ", tensor_map_extent_limit));
        made.extents[d] = static_cast<std::uint64_t>(extent);
    }
    for (std::size_t d = 1; d < map.rank; ++d) {
        const wide_int stride = map.stride_count == 0 ? static_cast<wide_int>(made.strides[d - 1] * wide_uint{made.extents[d - 1]})
                                                      : evaluate(next, scalars).integer;
        if (stride < 1 || stride % 16 != 0 || stride >= tensor_map_stride_limit) [[unlikely]]
            throw error(errc::launch_argument_mismatch,
                        message("the tensor map's stride of dimension ", d, " is ", stride, " bytes",
                                map.stride_count == 0 ? " (packed)" : "",
                                ", not a positive multiple of 16 below 2^40 (TMA needs 16-byte aligned rows: pad them and "
                                "give accy::strides<...>)"));
        made.strides[d] = static_cast<std::uint64_t>(stride);
    }
    const derivation_step* extent = steps + bound.extent_step;
    const wide_uint declared = static_cast<wide_uint>(evaluate(extent, scalars).integer) * size_of(bound.type);
    if (made.end_byte() > declared) [[unlikely]]
        throw error(errc::launch_argument_mismatch,
                    message("the tensor map's tensor ends at byte ", made.end_byte(), ", past the ", declared, " bytes of ",
                            bound.list, " ", bound.index, "'s declared shape"));
    std::memcpy(at, &made, sizeof(made));
}

/// Points the description derived at `at` at `bound`'s first element; `launch_argument_mismatch`
/// where that address is not 16-byte aligned.
inline void point_tensor_map(std::byte* at, const buffer& bound, const buffer_ref& ref) {
    if (bound.address % tensor_map_alignment != 0) [[unlikely]]
        throw error(errc::launch_argument_mismatch,
                    message("the tensor map's ", ref.kind, " ", ref.index, " starts at address ", bound.address,
                            ", not a multiple of ", tensor_map_alignment));
    std::memcpy(at + offsetof(tensor_map_description, address), &bound.address, sizeof(bound.address));
}

}  // namespace accy::detail
