// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::message` and `accy::detail::append`, the one way the library builds the text
// of its errors: parts joined in order, numbers in decimal, accy's values by name.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace accy::detail {

template <class T>
inline constexpr bool is_integer_part =
    (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) || std::is_same_v<T, wide_int> ||
    std::is_same_v<T, wide_uint>;

/// One part of a message as the formatter reads it: text as it is, an integer in decimal (any
/// integer, the 128-bit ones too), or a floating-point value in the fewest digits that read back as
/// it ("1.5", "3e+09", "inf"). `message` makes one of each of its arguments, so that a message's own
/// code is an array of parts and one call, whatever its arguments' types.
class message_part {
public:
    enum class kind : unsigned char { text, integer, negative_integer, single, double_precision };

    message_part(std::string_view text) noexcept : text_(text) {}
    message_part(const char* text) noexcept : text_(text) {}
    message_part(const std::string& text) noexcept : text_(text) {}
    /// One character: `character` must outlive the part, as a `message` argument does.
    message_part(const char& character) noexcept : text_(&character, 1) {}
    template <class Integer>
        requires is_integer_part<Integer>
    message_part(Integer value) noexcept : what_(kind::integer), magnitude_(static_cast<wide_uint>(value)) {
        if constexpr (static_cast<Integer>(-1) < Integer{0}) {
            if (value < 0) {
                what_ = kind::negative_integer;
                magnitude_ = wide_uint{0} - magnitude_;
            }
        }
    }
    /// A value of one of accy's enumerations by its name (`to_string`): a dtype, a format, a buffer kind.
    template <class Named>
        requires requires(const Named& value) { requires std::is_same_v<decltype(to_string(value)), std::string_view>; }
    message_part(const Named& value) noexcept : text_(to_string(value)) {}
    message_part(float value) noexcept : what_(kind::single), floating_(value) {}
    message_part(double value) noexcept : what_(kind::double_precision), floating_(value) {}
    message_part(long double value) noexcept : message_part(static_cast<double>(value)) {}

    kind what() const noexcept { return what_; }
    std::string_view text() const noexcept { return text_; }
    wide_uint magnitude() const noexcept { return magnitude_; }
    double floating() const noexcept { return floating_; }

private:
    kind what_ = kind::text;
    std::string_view text_{};
    wide_uint magnitude_ = 0;
    double floating_ = 0;  ///< a float's value is exact in a double
};

/// Appends each part to `text` in order. Cold: messages are built where a call fails, and once per
/// profiler name, so compilers optimize it for size.
[[gnu::cold]] ACCY_DECL void append_parts(std::string& text, std::initializer_list<message_part> parts);

/// What a message shows of `part`: text, characters and numbers as they are, a `format` by name (a
/// value cast from outside the enumeration as "format 6"), anything else as its `to_string`: a
/// dtype, a buffer kind, a `dim3`. A `std::string` it returns lives until the message is built.
template <class Part>
decltype(auto) shown(const Part& part) {
    if constexpr (std::is_convertible_v<const Part&, std::string_view> || std::is_same_v<Part, char> ||
                  is_integer_part<Part> || std::is_floating_point_v<Part>) {
        return (part);
    } else if constexpr (std::is_same_v<Part, format>) {
        if (static_cast<std::size_t>(part) < format_count) return std::string(to_string(part));
        std::string text = "format ";
        append_parts(text, {static_cast<int>(part)});
        return text;
    } else {
        return to_string(part);
    }
}

/// Appends `parts` to `text` in order (see `shown`). Messages are built by appending only: g++ 12 at
/// -O3 warns falsely (-Wrestrict) on `"text" + std::string`, and accy's users may build with -Werror.
template <class... Parts>
void append(std::string& text, const Parts&... parts) {
    append_parts(text, {message_part(shown(parts))...});
}

/// The text of `parts` in order (see `shown`); error paths call it, once they know they fail.
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
