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

/// One part of a message: text as it is, an integer in decimal (any integer, the 128-bit ones too),
/// a floating-point value in the fewest digits that read back as it ("1.5", "3e+09", "inf"), or
/// one of accy's values by name. A message is an initializer list of parts, so that building one
/// is one call whatever its parts' types, and no template is made per message.
class message_part {
public:
    enum class kind : unsigned char { text, character, integer, negative_integer, single, double_precision, unknown_format };

    message_part(std::string_view text) noexcept : text_(text) {}
    message_part(const char* text) noexcept : text_(text) {}
    /// A `std::string`, which must outlive the part: a temporary lives until the message is built.
    message_part(const std::string& text) noexcept : text_(text) {}
    /// One character, kept by value. Not as a view of it: overload resolution for `std::string_view`'s
    /// constructor from a pointer and a length checks the concepts of C++20's iterator-and-sentinel
    /// constructor too, which cost g++ about 50 M instructions in every TU that includes accy.
    message_part(char character) noexcept : what_(kind::character), magnitude_(static_cast<unsigned char>(character)) {}
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
    /// A value of one of accy's enumerations by its name (`to_string`): a dtype, a buffer kind.
    template <class Named>
        requires requires(const Named& value) { requires std::is_same_v<decltype(to_string(value)), std::string_view>; }
    message_part(const Named& value) noexcept : text_(to_string(value)) {}
    /// A format by name, and a value cast from outside the enumeration as "format 6" or "format -1".
    message_part(format value) noexcept {
        const auto number = static_cast<std::underlying_type_t<format>>(value);
        if (static_cast<std::size_t>(number) < format_count) {
            text_ = to_string(value);
        } else {
            what_ = kind::unknown_format;
            magnitude_ = static_cast<wide_uint>(number);  // sign-extended: `append` reads it back as signed
        }
    }
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

/// Appends `parts` to `text` in order. Messages are built by appending only: g++ 12 at -O3 warns
/// falsely (-Wrestrict) on `"text" + std::string`, and accy's users may build with -Werror. Cold:
/// messages are built where a call fails, and once per profiler name, so compilers optimize it for size.
[[gnu::cold]] ACCY_DECL void append(std::string& text, std::initializer_list<message_part> parts);

/// The text of `parts` in order; error paths call it, once they know they fail.
[[gnu::cold]] ACCY_DECL std::string message(std::initializer_list<message_part> parts);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/core/detail/impl/message.hpp>
#endif
