// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::message` and `accy::detail::append`, the one way the library builds the text
// of its errors: parts joined in order, numbers in decimal, accy's values by name.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace accy::detail {

template <class T>
inline constexpr bool is_integer_part =
    (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) || std::is_same_v<T, wide_int> ||
    std::is_same_v<T, wide_uint>;

/// Appends `part` as it is: the one place a message's text grows, so that a message's own code is a
/// few calls.
ACCY_DECL void append_text(std::string& text, std::string_view part);

/// Appends `magnitude` in decimal, after a minus sign where `negative`.
ACCY_DECL void append_decimal(std::string& text, wide_uint magnitude, bool negative);

/// Appends `value` in decimal: any integer, the 128-bit ones too (which `std::to_chars` takes only
/// where the compiler's extensions are on).
template <class Integer>
void append_integer(std::string& text, Integer value) {
    if constexpr (static_cast<Integer>(-1) < Integer{0}) {
        if (value < 0) return append_decimal(text, wide_uint{0} - static_cast<wide_uint>(value), true);
    }
    append_decimal(text, static_cast<wide_uint>(value), false);
}

/// Appends `value` in the fewest digits that read back as it: "1.5", "3e+09", "inf".
ACCY_DECL void append_floating(std::string& text, float value);
ACCY_DECL void append_floating(std::string& text, double value);

/// Appends one part: text as it is, a `char` as one character, an integer in decimal, a floating-point
/// value in the fewest digits that read back as it ("1.5", "3e+09", "inf"), a `format` by name (a value
/// cast from outside the enumeration as "format 6"), anything else as its `to_string`: a dtype, a
/// buffer kind, a `dim3`.
template <class Part>
void append_part(std::string& text, const Part& part) {
    if constexpr (std::is_convertible_v<const Part&, std::string_view>) {
        append_text(text, std::string_view(part));
    } else if constexpr (std::is_same_v<Part, char>) {
        append_text(text, std::string_view(&part, 1));
    } else if constexpr (is_integer_part<Part>) {
        append_integer(text, part);
    } else if constexpr (std::is_same_v<Part, float>) {
        append_floating(text, part);
    } else if constexpr (std::is_floating_point_v<Part>) {
        append_floating(text, static_cast<double>(part));
    } else if constexpr (std::is_same_v<Part, format>) {
        if (static_cast<std::size_t>(part) < format_count) return append_text(text, to_string(part));
        append_text(text, "format ");
        append_integer(text, static_cast<int>(part));
    } else {
        append_text(text, to_string(part));
    }
}

/// Appends `parts` to `text` in order (see `append_part`). Messages are built by appending only:
/// g++ 12 at -O3 warns falsely (-Wrestrict) on `"text" + std::string`, and accy's users may build
/// with -Werror.
template <class... Parts>
void append(std::string& text, const Parts&... parts) {
    (append_part(text, parts), ...);
}

/// The text of `parts` in order (see `append_part`); error paths call it, once they know they fail.
template <class... Parts>
std::string message(const Parts&... parts) {
    std::string text;
    append(text, parts...);
    return text;
}

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/core/detail/impl/message.hpp>
#endif
