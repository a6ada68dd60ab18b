// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/describe.hpp declares: the text of a derivation, a buffer, a tensor map and a
// grid dimension, which `describe<P>()` writes.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/runtime/describe.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <cstddef>
#include <string>

namespace accy::detail {

ACCY_DECL void append_derivation(std::string& text, const derivation_step*& next, const scalar_info* scalars) {
    const derivation_step& step = *next++;
    using operation = derivation_step::operation;
    const auto binary = [&](const char* before, const char* between, const char* after) {
        text += before;
        append_derivation(text, next, scalars);
        text += between;
        append_derivation(text, next, scalars);
        text += after;
    };
    switch (step.op) {
    case operation::scalar: return append(text, {scalars[static_cast<std::size_t>(step.operand)].name});
    case operation::constant: return append(text, {step.operand});
    case operation::ceil_div:
        text += "ceil_div(";
        append_derivation(text, next, scalars);
        return append(text, {", ", step.operand, ")"});
    case operation::sum: return binary("(", " + ", ")");
    case operation::product: return binary("(", " * ", ")");
    case operation::min: return binary("min(", ", ", ")");
    case operation::max: return binary("max(", ", ", ")");
    case operation::convert:
        if (step.type.bytes) text += "bytes(";
        else append(text, {step.type.type, "("});
        append_derivation(text, next, scalars);
        text += ')';
        return;
    }
}

ACCY_DECL void append_buffer(std::string& text, const buffer_ref& ref) { append(text, {ref.kind, "<", ref.index, ">"}); }

ACCY_DECL void append_tensor_map(std::string& text, const argument_plan& argument, const derivation_step* steps,
                                 const scalar_info* scalars) {
    const tensor_map_info& map = *argument.map;
    const derivation_step* next = steps + argument.first_step;
    text += "tensor map of ";
    append_buffer(text, argument.ref);
    append(text, {", ", argument.type, ", extents ["});
    // The steps hold every extent, then every stride.
    for (std::size_t d = 0; d < map.rank; ++d) {
        if (d != 0) text += ", ";
        append_derivation(text, next, scalars);
    }
    text += "], strides ";
    if (map.stride_count == 0) text += "packed";
    for (std::size_t d = 0; d < map.stride_count; ++d) {
        text += d == 0 ? "[" : ", ";
        append_derivation(text, next, scalars);
        if (d + 1 == map.stride_count) text += ']';
    }
    text += ", box [";
    for (std::size_t d = 0; d < map.rank; ++d) append(text, {d == 0 ? "" : ", ", map.box[d]});
    text += ']';
}

ACCY_DECL void append_grid(std::string& text, const grid_dim& dimension, const parameter_list& parameters) {
    if (dimension.rule == grid_dim::kind::fixed) return append(text, {dimension.value});
    append(text, {"ceil_div(", parameters[dimension.parameter_index].name, ", ", dimension.value, ")"});
}

}  // namespace accy::detail
