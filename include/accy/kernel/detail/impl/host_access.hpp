// SPDX-License-Identifier: Apache-2.0
// Defines what kernel/detail/host_access.hpp declares: the error of a host kernel's accessor that
// its parameter does not take.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/host_access.hpp>
#include <accy/kernel/parameter.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace accy::detail {

/// Appends what parameter `declared` is, after "declared": "a buffer of f32 (4-byte elements)".
inline void append_declaration(std::string& text, const parameter& declared, std::size_t bound_bytes) {
    const auto bytes = [](std::size_t count) { return count == 1 ? " byte" : " bytes"; };
    switch (declared.what) {
    case parameter::kind::buffer:
        if (!declared.element)
            return append(text, {"a buffer without element type (", bound_bytes, bytes(bound_bytes), " bound)"});
        return append(text, {"a buffer of ", *declared.element, " (", size_of(*declared.element), "-byte elements)"});
    case parameter::kind::scalar:
        return append(text, {"a scalar of ", declared.type, " (", size_of(declared.type), bytes(size_of(declared.type)), ")"});
    case parameter::kind::bytes: return append(text, {"bytes by value (", declared.size, bytes(declared.size), ")"});
    case parameter::kind::tensor_map:
        return append(text, {"a tensor map of ", declared.element ? to_string(*declared.element) : "?", " in ", declared.rank,
                       " dimensions"});
    }
    append(text, {"a ", declared.what, " parameter"});
}

ACCY_DECL void misused(std::string_view kernel_name, const host_access& asked, std::size_t index,
                       const parameter_list& declared, std::span<const kernel_argument> arguments) {
    std::string text = message({"host kernel '", kernel_name, "': ", asked.accessor});
    if (asked.kind != parameter::kind::tensor_map) {  // the one accessor that is not a template
        if (asked.type) append(text, {'<', *asked.type, '>'});
        else append(text, {'<', asked.size, "-byte T>"});
    }
    append(text, {" of parameter ", index});
    if (index >= declared.size()) {
        append(text, {", past the end of the entry's ", declared.size(), " parameters"});
    } else {
        append(text, {" '", declared[index].name, "', declared "});
        append_declaration(text, declared[index], arguments[index].buffer.byte_size);
    }
    throw error(errc::launch_argument_mismatch, text);
}

}  // namespace accy::detail
