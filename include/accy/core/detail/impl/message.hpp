// SPDX-License-Identifier: Apache-2.0
// Defines what core/detail/message.hpp declares: a message's parts appended, numbers in decimal and
// in the fewest digits.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/linkage.hpp>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

namespace accy::detail {

/// `text.append(first, count)`, out of line: each `std::string::append` that g++ inlines costs every
/// translation unit that compiles messages a few million instructions, and every part of every
/// message goes through this one.
[[gnu::noinline]] ACCY_DECL void append_chars(std::string& text, const char* first, std::size_t count) {
    text.append(first, count);
}

/// Appends `magnitude` in decimal, after a minus sign where `negative`.
ACCY_DECL void append_decimal(std::string& text, wide_uint magnitude, bool negative) {
    char digits[40];  // 39 digits of 2^128, and a sign
    char* first = digits + sizeof(digits);
    do {
        *--first = static_cast<char>('0' + static_cast<int>(magnitude % 10));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative) *--first = '-';
    append_chars(text, first, static_cast<std::size_t>(digits + sizeof(digits) - first));
}

/// Whether `text`, read as a float where `single` and else as a double, is `value`.
ACCY_DECL bool reads_back(const char* text, double value, bool single) {
    return single ? std::strtof(text, nullptr) == static_cast<float>(value) : std::strtod(text, nullptr) == value;
}

/// Appends `value` (a float's where `single`) in the fewest significant digits that, correctly
/// rounded, read back as it; fixed or scientific, whichever is shorter, fixed on a tie, as
/// `std::to_chars` writes it ("1.5", "65536", "3e+09", "inf", "nan"). Not `std::to_chars` itself:
/// <charconv> cost `accy.hpp` alone 6 % of its compiler instructions with clang 14, 3 % with g++ 12.
/// `snprintf` writes, and `strtod` reads, the locale's decimal point: the text gets a '.' instead.
[[gnu::cold]] ACCY_DECL void append_floating(std::string& text, double value, bool single) {
    char written[32];  // the longest: "-1.7976931348623157e+308"
    if (value != value || value - value != 0) {  // a NaN, or an infinity
        std::snprintf(written, sizeof(written), "%g", value);
        append_chars(text, written, std::strlen(written));
        return;
    }
    const int most_digits = single ? 9 : 17;  // max_digits10: enough for any value
    int digits = 0;
    do {
        ++digits;
        std::snprintf(written, sizeof(written), "%.*e", digits - 1, value);
    } while (digits < most_digits && !reads_back(written, value, single));

    // The same digits in fixed form where that is no longer: as many decimals as reach the last of them.
    const char* exponent_text = written;
    while (*exponent_text != 'e') ++exponent_text;
    const long exponent = std::strtol(exponent_text + 1, nullptr, 10);
    const long decimals = digits - 1 - exponent;
    const long scientific_length = digits + (digits > 1 ? 1 : 0) + (exponent <= -100 || exponent >= 100 ? 5 : 4);
    const long fixed_length = (exponent < 0 ? 1 : exponent + 1) + (decimals > 0 ? decimals + 1 : 0);
    if (fixed_length <= scientific_length)
        std::snprintf(written, sizeof(written), "%.*f", static_cast<int>(decimals > 0 ? decimals : 0), value);

    char* out = written;  // the text again, in place, with a '.' for the locale's point of one byte or more
    for (const char* c = written; *c != '\0'; ++c) {
        if ((*c >= '0' && *c <= '9') || *c == 'e' || *c == '+' || *c == '-') *out++ = *c;
        else if (out[-1] != '.') *out++ = '.';
    }
    append_chars(text, written, static_cast<std::size_t>(out - written));
}

ACCY_DECL void append(std::string& text, std::initializer_list<message_part> parts) {
    for (const message_part& part : parts) {
        switch (part.what()) {
        case message_part::kind::text: append_chars(text, part.text().data(), part.text().size()); break;
        case message_part::kind::character: {
            const auto character = static_cast<char>(part.magnitude());
            append_chars(text, &character, 1);
            break;
        }
        case message_part::kind::integer: append_decimal(text, part.magnitude(), false); break;
        case message_part::kind::negative_integer: append_decimal(text, part.magnitude(), true); break;
        case message_part::kind::single: append_floating(text, part.floating(), true); break;
        case message_part::kind::double_precision: append_floating(text, part.floating(), false); break;
        case message_part::kind::unknown_format: {
            const auto value = static_cast<wide_int>(part.magnitude());
            append_chars(text, "format ", 7);
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
