// SPDX-License-Identifier: Apache-2.0
// Defines what core/detail/message.hpp declares: numbers in decimal, in the fewest digits.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/linkage.hpp>

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>

namespace accy::detail {

ACCY_DECL void append_text(std::string& text, std::string_view part) { text.append(part); }

ACCY_DECL void append_decimal(std::string& text, wide_uint magnitude, bool negative) {
    char digits[40];  // 39 digits of 2^128, and a sign
    char* first = digits + sizeof(digits);
    do {
        *--first = static_cast<char>('0' + static_cast<int>(magnitude % 10));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative) *--first = '-';
    append_text(text, std::string_view(first, static_cast<std::size_t>(digits + sizeof(digits) - first)));
}

ACCY_DECL void append_floating(std::string& text, float value) {
    char digits[32];  // the longest shortest form of a float, "-1.17549435e-38", is 15
    const char* end = std::to_chars(digits, digits + sizeof(digits), value).ptr;
    append_text(text, std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

ACCY_DECL void append_floating(std::string& text, double value) {
    char digits[32];  // the longest shortest form of a double, "-2.2250738585072014e-308", is 24
    const char* end = std::to_chars(digits, digits + sizeof(digits), value).ptr;
    append_text(text, std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

}  // namespace accy::detail
