// SPDX-License-Identifier: Apache-2.0
// Defines the derivations of values from a pipeline's runtime scalars: `accy::forward<i>`,
// `accy::constant<v>`, `accy::ceil_div<D, d>`, `accy::sum<A, B>`, `accy::product<A, B>`,
// `accy::min_of<A, B>`, `accy::max_of<A, B>` and `accy::convert<dtype, D>`.
//
// Every derivation has a type, known at compile time: forward<i> has runtime scalar i's, a
// constant its C++ type's, arithmetic the smallest of u8, i32, u32, i64, u64 that holds both
// operands' types, convert<t, D> the type t. Integers are computed in 128 bits and every result is
// checked against its type at run time: a value that does not fit is `errc::launch_argument_mismatch`.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/pipeline/runtime_scalars.hpp>

#include <cfloat>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>

namespace accy {

/// What may be wrong with a derivation, found at compile time.
enum class derivation_fault { none, scalar_index_out_of_range, divisor_zero, not_an_integer, no_common_type, not_a_number };

/// A derivation's type in a pipeline, or its fault.
struct derived {
    derivation_fault fault = derivation_fault::none;
    value_type type{};
};

/// Derivations derive from this tag; `derivation` recognises them.
struct derivation_tag {};

template <class T>
concept derivation = std::derived_from<T, derivation_tag>;

namespace detail {

// The sign is inserted rather than written `"-" + to_string(-value)`, on which g++ 12 warns falsely (-Wrestrict).
inline std::string to_string(wide_int value) {
    const bool negative = value < 0;
    wide_uint magnitude = negative ? wide_uint{0} - static_cast<wide_uint>(value) : static_cast<wide_uint>(value);
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative) digits.insert(digits.begin(), '-');
    return digits;
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_outside(std::string_view what, wide_int value, dtype type) {
    throw error(errc::launch_argument_mismatch, std::string(what) + " is " + to_string(value) + ", outside " +
                                                    std::string(accy::to_string(type)) + " (" +
                                                    to_string(lowest(type)) + " to " + to_string(highest(type)) + ")");
}

/// `value`, checked to be a value of the integer `type`.
inline wide_int fit(wide_int value, dtype type, std::string_view what) {
    if (value < lowest(type) || value > highest(type)) [[unlikely]]
        throw_outside(what, value, type);
    return value;
}

/// The smallest integer dtype holding every value of `a` and `b`, or the fault that there is none.
constexpr derived common_integer(const derived& a, const derived& b) noexcept {
    if (a.fault != derivation_fault::none) return a;
    if (b.fault != derivation_fault::none) return b;
    if (!a.type.integer() || !b.type.integer()) return {derivation_fault::not_an_integer};
    for (const dtype candidate : {dtype::u8, dtype::i32, dtype::u32, dtype::i64, dtype::u64})
        if (holds_every_value(candidate, a.type.type) && holds_every_value(candidate, b.type.type))
            return {derivation_fault::none, {false, candidate, size_of(candidate)}};
    return {derivation_fault::no_common_type};
}

constexpr value_type number(dtype type) noexcept { return {false, type, size_of(type)}; }

}  // namespace detail

/// Runtime scalar `Index`, passed through with its type.
template <std::size_t Index>
struct forward : derivation_tag {
    template <class Scalars>
    static constexpr derived type_in() noexcept {
        if constexpr (Index >= Scalars::count) return {derivation_fault::scalar_index_out_of_range};
        else return {derivation_fault::none, Scalars::infos[Index].type};
    }

    /// A wide integer, a double, or a pointer to a struct's bytes.
    template <class Scalars>
    static auto evaluate(const typename Scalars::values& values) noexcept {
        const auto& value = std::get<Index>(values);
        constexpr value_type type = type_in<Scalars>().type;
        if constexpr (type.integer()) return detail::wide_int{value};
        else if constexpr (type.floating()) return static_cast<double>(value);
        else return static_cast<const void*>(&value);
    }
};

/// The integer `Value`, of its C++ type: `constant<64>` is i32, `constant<64u>` u32, `constant<std::uint64_t{64}>` u64.
template <auto Value>
struct constant : derivation_tag {
    static_assert(std::integral<decltype(Value)> && has_dtype<decltype(Value)>,
                  "accy::constant<v>: v must be an integer of 32 or 64 bits");

    template <class Scalars>
    static constexpr derived type_in() noexcept {
        return {derivation_fault::none, detail::number(dtype_of<decltype(Value)>)};
    }
    template <class Scalars>
    static constexpr detail::wide_int evaluate(const typename Scalars::values&) noexcept {
        return Value;
    }
};

/// ceil(D / Divisor), of D's type: the number of blocks of `Divisor` that cover D.
template <derivation D, std::uint64_t Divisor>
struct ceil_div : derivation_tag {
    template <class Scalars>
    static constexpr derived type_in() noexcept {
        constexpr derived operand = D::template type_in<Scalars>();
        if constexpr (operand.fault != derivation_fault::none) return operand;
        else if constexpr (!operand.type.integer()) return {derivation_fault::not_an_integer};
        else if constexpr (Divisor == 0) return {derivation_fault::divisor_zero};
        else return operand;
    }
    template <class Scalars>
    static detail::wide_int evaluate(const typename Scalars::values& values) {
        const detail::wide_int value = D::template evaluate<Scalars>(values);
        // The magnitude fits 64 bits: a 64-bit division by a constant, not a 128-bit one.
        const auto magnitude = static_cast<std::uint64_t>(value < 0 ? -value : value);
        const detail::wide_int quotient = magnitude / Divisor + (value > 0 && magnitude % Divisor != 0);
        return value < 0 ? -quotient : quotient;
    }
};

namespace detail {

/// An arithmetic derivation of two integer derivations, of their common type.
template <derivation A, derivation B>
struct binary : derivation_tag {
    template <class Scalars>
    static constexpr derived type_in() noexcept {
        return common_integer(A::template type_in<Scalars>(), B::template type_in<Scalars>());
    }
};

}  // namespace detail

/// A + B, checked against their common type.
template <derivation A, derivation B>
struct sum : detail::binary<A, B> {
    template <class Scalars>
    static detail::wide_int evaluate(const typename Scalars::values& values) {
        return detail::fit(A::template evaluate<Scalars>(values) + B::template evaluate<Scalars>(values),
                           sum::template type_in<Scalars>().type.type, "a sum");
    }
};

/// A × B, checked against their common type.
template <derivation A, derivation B>
struct product : detail::binary<A, B> {
    template <class Scalars>
    static detail::wide_int evaluate(const typename Scalars::values& values) {
        const detail::wide_int a = A::template evaluate<Scalars>(values), b = B::template evaluate<Scalars>(values);
        // Both lie within 64-bit ranges, so the product of their magnitudes fits 128 unsigned bits.
        const detail::wide_uint magnitude = static_cast<detail::wide_uint>(a < 0 ? -a : a) *
                                            static_cast<detail::wide_uint>(b < 0 ? -b : b);
        constexpr dtype type = product::template type_in<Scalars>().type.type;
        if (magnitude > static_cast<detail::wide_uint>(UINT64_MAX)) [[unlikely]]
            throw error(errc::launch_argument_mismatch, "a product " + detail::to_string(a) + " x " +
                                                            detail::to_string(b) + " overflows " +
                                                            std::string(to_string(type)));
        const detail::wide_int value = (a < 0) != (b < 0) ? -static_cast<detail::wide_int>(magnitude)
                                                          : static_cast<detail::wide_int>(magnitude);
        return detail::fit(value, type, "a product");
    }
};

namespace detail {

/// The smaller of A and B, or with `Larger` the larger.
template <derivation A, derivation B, bool Larger>
struct selection : binary<A, B> {
    template <class Scalars>
    static wide_int evaluate(const typename Scalars::values& values) {
        const wide_int a = A::template evaluate<Scalars>(values), b = B::template evaluate<Scalars>(values);
        return (a < b) == Larger ? b : a;
    }
};

}  // namespace detail

/// The smaller of A and B, of their common type.
template <derivation A, derivation B>
struct min_of : detail::selection<A, B, false> {};

/// The larger of A and B, of their common type.
template <derivation A, derivation B>
struct max_of : detail::selection<A, B, true> {};

/// D as a `Type`, the explicit conversion. Fails at run time: a value that does not fit an integer
/// `Type` (a floating-point one also when it is not finite), and a finite value beyond f32's range
/// converted to f32. A floating-point value converted to an integer is truncated toward zero.
template <dtype Type, derivation D>
struct convert : derivation_tag {
    template <class Scalars>
    static constexpr derived type_in() noexcept {
        constexpr derived operand = D::template type_in<Scalars>();
        if constexpr (operand.fault != derivation_fault::none) return operand;
        else if constexpr (operand.type.bytes) return {derivation_fault::not_a_number};
        else return {derivation_fault::none, detail::number(Type)};
    }
    template <class Scalars>
    static auto evaluate(const typename Scalars::values& values) {
        static_assert(!D::template type_in<Scalars>().type.bytes);
        const auto value = D::template evaluate<Scalars>(values);
        if constexpr (is_floating(Type)) {
            const double converted = static_cast<double>(value);
            if (Type == dtype::f32 && std::isfinite(converted) && std::abs(converted) > FLT_MAX) [[unlikely]]
                throw error(errc::launch_argument_mismatch,
                            "a converted value " + std::to_string(converted) + " does not fit f32");
            return converted;
        } else if constexpr (std::is_same_v<decltype(value), const detail::wide_int>) {
            return detail::fit(value, Type, "a converted value");
        } else {
            if (!std::isfinite(value) || value < static_cast<double>(lowest(Type)) ||
                value >= static_cast<double>(highest(Type)) + 1.0) [[unlikely]]
                throw error(errc::launch_argument_mismatch, "a converted value " + std::to_string(value) +
                                                                " does not fit " + std::string(to_string(Type)));
            return static_cast<detail::wide_int>(value);
        }
    }
};

}  // namespace accy
