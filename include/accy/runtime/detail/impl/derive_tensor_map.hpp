// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/derive_tensor_map.hpp declares: a tensor map's description derived
// and checked, then pointed at its buffer.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/detail/derive_tensor_map.hpp>

#include <cstddef>
#include <cstring>

namespace accy::detail {

ACCY_DECL void derive_tensor_map(const argument_plan& argument, const derivation_steps& steps, const derived_value* scalars,
                                 const buffer_plan& bound, std::byte* at) {
    const tensor_map_info& map = *argument.map;
    tensor_map_description made{};
    made.element = argument.type;
    made.rank = static_cast<std::uint32_t>(map.rank);
    made.options = map.options;
    made.strides[0] = size_of(argument.type);
    derivation_steps next = steps.from(argument.first_step);
    for (std::size_t d = 0; d < map.rank; ++d) {
        made.box[d] = map.box[d];
        const wide_int extent = evaluate(next, scalars).integer;
        if (extent < 1 || extent > tensor_map_extent_limit) [[unlikely]]
            fail(errc::launch_argument_mismatch, {},
                 {"the tensor map's extent ", d, " derives ", extent, ", outside 1 to ", tensor_map_extent_limit});
        made.extents[d] = static_cast<std::uint64_t>(extent);
    }
    for (std::size_t d = 1; d < map.rank; ++d) {
        const wide_int stride = map.stride_count == 0 ? static_cast<wide_int>(made.strides[d - 1] * wide_uint{made.extents[d - 1]})
                                                      : evaluate(next, scalars).integer;
        if (stride < 1 || stride % 16 != 0 || stride >= tensor_map_stride_limit) [[unlikely]]
            fail(errc::launch_argument_mismatch, {},
                 {"the tensor map's stride of dimension ", d, " is ", stride, " bytes",
                  map.stride_count == 0 ? " (packed)" : "",
                  ", not a positive multiple of 16 below 2^40 (TMA needs 16-byte aligned rows: pad them and give "
                  "accy::strides<...>)"});
        made.strides[d] = static_cast<std::uint64_t>(stride);
    }
    derivation_steps extent = steps.from(bound.extent_step);
    const wide_uint declared = static_cast<wide_uint>(evaluate(extent, scalars).integer) * size_of(bound.type);
    if (made.end_byte() > declared) [[unlikely]]
        fail(errc::launch_argument_mismatch, {},
             {"the tensor map's tensor ends at byte ", made.end_byte(), ", past the ", declared, " bytes of ", bound.list, " ",
              bound.index, "'s declared shape"});
    std::memcpy(at, &made, sizeof(made));
}

ACCY_DECL void point_tensor_map(std::byte* at, const buffer& bound, const buffer_ref& ref) {
    if (bound.address % tensor_map_alignment != 0) [[unlikely]]
        fail(errc::launch_argument_mismatch, {},
             {"the tensor map's ", ref.kind, " ", ref.index, " starts at address ", bound.address, ", not a multiple of ",
              tensor_map_alignment});
    std::memcpy(at + offsetof(tensor_map_description, address), &bound.address, sizeof(bound.address));
}

}  // namespace accy::detail
