// SPDX-License-Identifier: Apache-2.0
// Defines `accy::dtype`, the element and scalar types accy knows, their sizes and value ranges,
// and `accy::dtype_of<T>`, the dtype of a C++ arithmetic type or of a storage type of float_types.hpp.
#pragma once

#include <accy/core/float_types.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace accy {

enum class dtype { u8, i32, u32, f32, i64, u64, f64, i8, i16, u16, f16, bf16, f8_e4m3, f8_e5m2 };

constexpr std::size_t size_of(dtype type) noexcept {
    switch (type) {
    case dtype::u8:
    case dtype::i8:
    case dtype::f8_e4m3:
    case dtype::f8_e5m2: return 1;
    case dtype::i16:
    case dtype::u16:
    case dtype::f16:
    case dtype::bf16: return 2;
    case dtype::i32:
    case dtype::u32:
    case dtype::f32: return 4;
    case dtype::i64:
    case dtype::u64:
    case dtype::f64: return 8;
    }
    return 0;
}

constexpr bool is_floating(dtype type) noexcept {
    switch (type) {
    case dtype::f8_e4m3:
    case dtype::f8_e5m2:
    case dtype::f16:
    case dtype::bf16:
    case dtype::f32:
    case dtype::f64: return true;
    default: return false;
    }
}
constexpr bool is_integer(dtype type) noexcept { return !is_floating(type); }

constexpr std::string_view to_string(dtype type) noexcept {
    switch (type) {
    case dtype::u8: return "u8";
    case dtype::i32: return "i32";
    case dtype::u32: return "u32";
    case dtype::f32: return "f32";
    case dtype::i64: return "i64";
    case dtype::u64: return "u64";
    case dtype::f64: return "f64";
    case dtype::i8: return "i8";
    case dtype::i16: return "i16";
    case dtype::u16: return "u16";
    case dtype::f16: return "f16";
    case dtype::bf16: return "bf16";
    case dtype::f8_e4m3: return "f8_e4m3";
    case dtype::f8_e5m2: return "f8_e5m2";
    }
    return "unknown";
}

/// 128-bit integers hold every value of every integer dtype, and the sum or difference of two: the
/// type of bounds and of derived integers, so that a check never overflows.
__extension__ using wide_int = __int128;
__extension__ using wide_uint = unsigned __int128;

/// The smallest value of an integer dtype.
constexpr wide_int lowest(dtype type) noexcept {
    switch (type) {
    case dtype::i8: return INT8_MIN;
    case dtype::i16: return INT16_MIN;
    case dtype::i32: return INT32_MIN;
    case dtype::i64: return INT64_MIN;
    default: return 0;
    }
}

/// The largest value of an integer dtype.
constexpr wide_int highest(dtype type) noexcept {
    switch (type) {
    case dtype::i8: return INT8_MAX;
    case dtype::u8: return UINT8_MAX;
    case dtype::i16: return INT16_MAX;
    case dtype::u16: return UINT16_MAX;
    case dtype::i32: return INT32_MAX;
    case dtype::u32: return UINT32_MAX;
    case dtype::i64: return INT64_MAX;
    default: return UINT64_MAX;
    }
}

namespace detail {

/// The format of a floating-point dtype.
constexpr float_format float_format_of(dtype type) noexcept {
    switch (type) {
    case dtype::f8_e4m3: return float8_e4m3::format;
    case dtype::f8_e5m2: return float8_e5m2::format;
    case dtype::f16: return half::format;
    case dtype::bf16: return bfloat16::format;
    case dtype::f32: return {8, 23};
    default: return {11, 52};
    }
}

}  // namespace detail

/// Whether every value of `from` is a value of `to`: integers within a wider range; floating-point
/// numbers in a format of as many exponent and mantissa bits or more (f16 in f32, both fp8 kinds in
/// f16 and bf16, f32 in f64), which for these formats, all biased as IEEE 754 biases, is the same.
/// No floating-point dtype holds an integer one, nor the other way round.
constexpr bool holds_every_value(dtype to, dtype from) noexcept {
    if (is_floating(from) != is_floating(to)) return false;
    if (is_floating(from))
        return detail::float_format_of(to).exponent_bits >= detail::float_format_of(from).exponent_bits &&
               detail::float_format_of(to).mantissa_bits >= detail::float_format_of(from).mantissa_bits;
    return lowest(to) <= lowest(from) && highest(from) <= highest(to);
}

/// The dtype of a C++ arithmetic type by kind and size (`unsigned long` and `unsigned long long`
/// are both u64; `std::int8_t` is i8, `std::uint16_t` u16), or of a storage type of
/// float_types.hpp (`accy::half` is f16); none for `bool`, plain `char`, `long double` and `__int128`.
// One expression rather than constrained partial specializations, which nvcc's front end rejects.
template <class T>
inline constexpr bool has_dtype =
    detail::is_float_storage<T> || (std::floating_point<T> && (sizeof(T) == 4 || sizeof(T) == 8)) ||
    (std::integral<T> && !std::same_as<std::remove_cv_t<T>, bool> && !std::same_as<std::remove_cv_t<T>, char> &&
     (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8));

template <class T>
    requires has_dtype<T>
inline constexpr dtype dtype_of =
    std::same_as<T, half>          ? dtype::f16
    : std::same_as<T, bfloat16>    ? dtype::bf16
    : std::same_as<T, float8_e4m3> ? dtype::f8_e4m3
    : std::same_as<T, float8_e5m2> ? dtype::f8_e5m2
    : std::floating_point<T>       ? (sizeof(T) == 4 ? dtype::f32 : dtype::f64)
    : std::signed_integral<T> ? (sizeof(T) == 1 ? dtype::i8 : sizeof(T) == 2 ? dtype::i16 : sizeof(T) == 4 ? dtype::i32 : dtype::i64)
                              : (sizeof(T) == 1 ? dtype::u8 : sizeof(T) == 2 ? dtype::u16 : sizeof(T) == 4 ? dtype::u32 : dtype::u64);

}  // namespace accy
