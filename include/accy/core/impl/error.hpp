// SPDX-License-Identifier: Apache-2.0
// Defines what <accy/core/error.hpp> declares: the error category, an error's message from its
// context and reason, and an error seen from an outer call.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace accy {

ACCY_DECL const std::error_category& error_category() noexcept {
    struct category final : std::error_category {
        const char* name() const noexcept override { return "accy"; }
        std::string message(int value) const override { return std::string(to_string(static_cast<errc>(value))); }
    };
    static const category instance;
    return instance;
}

namespace detail {

ACCY_DECL void append_context(std::string& text, const error_context& context) {
    const std::size_t start = text.size();
    const auto separate = [&](std::string_view separator) {
        if (text.size() != start) append(text, {separator});
    };
    append(text, {context.operation});
    if (!context.pipeline.empty()) {
        separate(" of ");
        append(text, {"pipeline '", context.pipeline, "' v", context.pipeline_version});
    }
    if (!context.label.empty()) {
        separate(" ");
        append(text, {'[', context.label, ']'});
    }
    if (context.stage) {
        separate(", ");
        append(text, {"stage ", *context.stage});
        if (!context.stage_target.empty()) append(text, {" ('", context.stage_target, "')"});
    }
    if (context.parameter) {
        separate(", ");
        append(text, {"parameter ", *context.parameter});
        if (!context.parameter_name.empty()) append(text, {" ('", context.parameter_name, "')"});
    }
    if (!context.step.empty()) {
        separate(", ");
        append(text, {context.step});
    }
}

ACCY_DECL void fail(errc code, const error_context& context, std::initializer_list<message_part> reason) {
    std::string text;
    append(text, reason);
    throw error(code, context, text);
}

ACCY_DECL std::string context_text(const error_context& context) {
    std::string text;
    append_context(text, context);
    return text;
}

}  // namespace detail

ACCY_DECL error::error(errc code, const error_context& context, std::string_view reason, int driver_result)
    : error(code, composed(context, reason), reason.size(), context, driver_result) {}

ACCY_DECL error error::in_context(const error_context& outer) const {
    if (!operation().empty() && !outer.operation.empty()) return error(code_, outer, message_, driver_result_);
    return error(code_, detail::merged(context(), outer), reason(), driver_result_);
}

ACCY_DECL std::string error::composed(const error_context& context, std::string_view reason) {
    std::string text;
    detail::append_context(text, context);
    detail::append(text, {text.empty() ? "" : ": ", reason});
    return text;
}

ACCY_DECL error::error(errc code, std::string message, std::size_t reason_size, const error_context& context,
                       int driver_result)
    : std::runtime_error(detail::message({to_string(code), ": ", message})), code_(code), driver_result_(driver_result),
      message_(std::move(message)), reason_size_(reason_size), pipeline_version_(context.pipeline_version),
      stage_(context.stage), parameter_(context.parameter) {
    const std::string_view fields[text_field_count] = {context.operation,    context.pipeline,       context.label,
                                                       context.stage_target, context.parameter_name, context.step};
    for (std::size_t which = 0; which < text_field_count; ++which) {
        fields_.append(fields[which]);
        field_ends_[which] = fields_.size();
    }
}

}  // namespace accy
