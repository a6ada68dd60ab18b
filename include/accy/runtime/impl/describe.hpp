// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/describe.hpp declares: the text of derivations, buffers, tensor maps and grid
// dimensions that `accy::describe` writes.
#pragma once

#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/describe.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace accy::detail {

ACCY_DECL std::string derivation_text(const derivation_step*& next, const scalar_info* scalars) {
    const derivation_step& step = *next++;
    using operation = derivation_step::operation;
    const auto binary = [&](std::string_view before, std::string_view between, std::string_view after) {
        std::string text(before);
        text += derivation_text(next, scalars);
        text += between;
        text += derivation_text(next, scalars);
        return text += after;
    };
    switch (step.op) {
    case operation::scalar: return std::string(scalars[static_cast<std::size_t>(step.operand)].name);
    case operation::constant: return to_string(step.operand);
    case operation::ceil_div: {
        std::string text = "ceil_div(" + derivation_text(next, scalars);
        return text.append(", ").append(to_string(step.operand)).append(")");
    }
    case operation::sum: return binary("(", " + ", ")");
    case operation::product: return binary("(", " * ", ")");
    case operation::min: return binary("min(", ", ", ")");
    case operation::max: return binary("max(", ", ", ")");
    case operation::convert: {
        std::string text = step.type.bytes ? std::string("bytes") : std::string(accy::to_string(step.type.type));
        return text.append("(").append(derivation_text(next, scalars)).append(")");
    }
    }
    return {};
}

ACCY_DECL std::string buffer_text(const buffer_ref& ref) {
    return std::string(to_string(ref.kind)).append("<").append(std::to_string(ref.index)).append(">");
}

ACCY_DECL std::string tensor_map_text(const argument_plan& argument, const derivation_step* steps,
                                      const scalar_info* scalars) {
    const tensor_map_info& map = *argument.map;
    const derivation_step* next = steps + argument.first_step;
    std::string extents, strides, box;
    for (std::size_t d = 0; d < map.rank; ++d) {
        extents.append(d == 0 ? "" : ", ").append(derivation_text(next, scalars));
        box.append(d == 0 ? "" : ", ").append(std::to_string(map.box[d]));
    }
    for (std::size_t d = 0; d < map.stride_count; ++d) strides.append(d == 0 ? "" : ", ").append(derivation_text(next, scalars));
    return "tensor map of " + buffer_text(argument.ref) + ", " + std::string(to_string(argument.type)) + ", extents [" +
           extents + "], strides " + (map.stride_count == 0 ? std::string("packed") : "[" + strides + "]") + ", box [" + box + "]";
}

ACCY_DECL std::string grid_text(const grid_dim& dimension, const parameter_list& parameters) {
    if (dimension.rule == grid_dim::kind::fixed) return std::to_string(dimension.value);
    return std::string("ceil_div(")
        .append(parameters[dimension.parameter_index].name)
        .append(", ")
        .append(std::to_string(dimension.value))
        .append(")");
}

}  // namespace accy::detail
