// SPDX-License-Identifier: Apache-2.0
// Defines `accy::dtype`, the element and scalar types accy knows, their sizes and value ranges,
// and `accy::dtype_of<T>`, the dtype of a C++ arithmetic type.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace accy {

enum class dtype { u8, i32, u32, f32, i64, u64, f64 };

constexpr std::size_t size_of(dtype type) noexcept {
    switch (type) {
    case dtype::u8: return 1;
    case dtype::i32:
    case dtype::u32:
    case dtype::f32: return 4;
    case dtype::i64:
    case dtype::u64:
    case dtype::f64: return 8;
    }
    return 0;
}

constexpr bool is_floating(dtype type) noexcept { return type == dtype::f32 || type == dtype::f64; }
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
    case dtype::i32: return INT32_MIN;
    case dtype::i64: return INT64_MIN;
    default: return 0;
    }
}

/// The largest value of an integer dtype.
constexpr wide_int highest(dtype type) noexcept {
    switch (type) {
    case dtype::u8: return UINT8_MAX;
    case dtype::i32: return INT32_MAX;
    case dtype::u32: return UINT32_MAX;
    case dtype::i64: return INT64_MAX;
    default: return UINT64_MAX;
    }
}

/// Whether every value of `from` is a value of `to`: integers within a wider range, f32 in f64.
constexpr bool holds_every_value(dtype to, dtype from) noexcept {
    if (is_floating(from) || is_floating(to)) return from == to || (from == dtype::f32 && to == dtype::f64);
    return lowest(to) <= lowest(from) && highest(from) <= highest(to);
}

/// The dtype of a C++ arithmetic type by kind and size (`unsigned long` and `unsigned long long`
/// are both u64), or none for `bool`, `char`'s signed forms and 16-bit types.
// One expression rather than constrained partial specializations, which nvcc's front end rejects.
template <class T>
inline constexpr bool has_dtype =
    (std::floating_point<T> && (sizeof(T) == 4 || sizeof(T) == 8)) ||
    (std::integral<T> && !std::same_as<T, bool> &&
     (sizeof(T) == 4 || sizeof(T) == 8 || (sizeof(T) == 1 && std::unsigned_integral<T>)));

template <class T>
    requires has_dtype<T>
inline constexpr dtype dtype_of = std::floating_point<T> ? (sizeof(T) == 4 ? dtype::f32 : dtype::f64)
                                  : sizeof(T) == 1      ? dtype::u8
                                  : std::signed_integral<T> ? (sizeof(T) == 4 ? dtype::i32 : dtype::i64)
                                                            : (sizeof(T) == 4 ? dtype::u32 : dtype::u64);

}  // namespace accy
