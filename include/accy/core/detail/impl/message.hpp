// SPDX-License-Identifier: Apache-2.0
// Defines what core/detail/message.hpp declares: a message's parts appended, numbers in decimal and
// in the fewest digits.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/linkage.hpp>

#include <charconv>
#include <cstddef>
#include <initializer_list>
#include <string>

namespace accy::detail {

/// Appends `magnitude` in decimal, after a minus sign where `negative`.
ACCY_DECL void append_decimal(std::string& text, wide_uint magnitude, bool negative) {
    char digits[40];  // 39 digits of 2^128, and a sign
    char* first = digits + sizeof(digits);
    do {
        *--first = static_cast<char>('0' + static_cast<int>(magnitude % 10));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative) *--first = '-';
    text.append(first, static_cast<std::size_t>(digits + sizeof(digits) - first));
}

/// Appends `value` in the fewest digits that read back as it.
template <class Floating>
void append_floating(std::string& text, Floating value) {
    char digits[32];  // the longest shortest forms: "-1.17549435e-38" (a float), "-2.2250738585072014e-308" (a double)
    const char* end = std::to_chars(digits, digits + sizeof(digits), value).ptr;
    text.append(digits, static_cast<std::size_t>(end - digits));
}

ACCY_DECL void append(std::string& text, std::initializer_list<message_part> parts) {
    for (const message_part& part : parts) {
        switch (part.what()) {
        case message_part::kind::text: text.append(part.text()); break;
        case message_part::kind::character: text.push_back(static_cast<char>(part.magnitude())); break;
        case message_part::kind::integer: append_decimal(text, part.magnitude(), false); break;
        case message_part::kind::negative_integer: append_decimal(text, part.magnitude(), true); break;
        case message_part::kind::single: append_floating(text, static_cast<float>(part.floating())); break;
        case message_part::kind::double_precision: append_floating(text, part.floating()); break;
        case message_part::kind::unknown_format: {
            const auto value = static_cast<wide_int>(part.magnitude());
            text.append("format ");
            append_decimal(text, value < 0 ? wide_uint{0} - part.magnitude() : part.magnitude(), value < 0);
            break;
        }
        }
    }
}

ACCY_DECL std::string message(std::initializer_list<message_part> parts) {
    std::string text;
    append(text, parts);
    return text;
}

}  // namespace accy::detail
