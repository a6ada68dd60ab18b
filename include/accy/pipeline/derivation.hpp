// SPDX-License-Identifier: Apache-2.0
// Defines the derivations of values from a pipeline's runtime scalars: `accy::forward<i>`,
// `accy::constant<v>`, `accy::ceil_div<D, d>`, `accy::sum<A, B>`, `accy::product<A, B>`,
// `accy::min_of<A, B>`, `accy::max_of<A, B>` and `accy::convert<dtype, D>`.
//
// Every derivation has a type, known at compile time: forward<i> has runtime scalar i's, a
// constant its C++ type's, arithmetic the smallest of i8, u8, i16, u16, i32, u32, i64, u64 that
// holds both operands' types, convert<t, D> the type t. Integers are computed in 128 bits and every result is
// checked against its type at run time: a value that does not fit is `errc::launch_argument_mismatch`.
//
// A derivation compiles to a few `detail::derivation_step`s (detail/compile_derivation.hpp), which
// one function evaluates: each derivation of each stage adds data to a program, not code.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>
#include <accy/pipeline/runtime_scalars.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>

namespace accy {

/// What may be wrong with a derivation, found at compile time.
enum class derivation_fault { none, scalar_index_out_of_range, divisor_zero, not_an_integer, no_common_type, not_a_number };

/// A derivation's type in a pipeline, or its fault.
struct derived {
    derivation_fault fault = derivation_fault::none;
    value_type type{};
};

namespace detail {
/// Derivations derive from this tag; `derivation` recognises them.
struct derivation_tag {};
}  // namespace detail

/// A derivation: `forward`, `constant`, `ceil_div`, `sum`, `product`, `max_of`, `min_of` or `convert`.
template <class T>
concept derivation = std::derived_from<T, detail::derivation_tag>;

namespace detail {

/// The smallest integer dtype holding every value of `a` and `b`, or the fault that there is none:
/// i8 and u8 make i16, i16 and u16 i32. Where both dtypes of one size hold both (u8 and u8 in i16
/// and in u16), a smaller one does too, so the order within a size does not matter.
constexpr derived common_integer(const derived& a, const derived& b) noexcept {
    if (a.fault != derivation_fault::none) return a;
    if (b.fault != derivation_fault::none) return b;
    if (!a.type.integer() || !b.type.integer()) return {derivation_fault::not_an_integer};
    for (const dtype candidate :
         {dtype::i8, dtype::u8, dtype::i16, dtype::u16, dtype::i32, dtype::u32, dtype::i64, dtype::u64})
        if (holds_every_value(candidate, a.type.type) && holds_every_value(candidate, b.type.type))
            return {derivation_fault::none, {false, candidate, size_of(candidate)}};
    return {derivation_fault::no_common_type};
}

constexpr value_type number(dtype type) noexcept { return {false, type, size_of(type)}; }

/// `operand` where it is an integer, else its fault (its own first).
constexpr derived integer_operand(const derived& operand) noexcept {
    if (operand.fault == derivation_fault::none && !operand.type.integer()) return {derivation_fault::not_an_integer};
    return operand;
}

}  // namespace detail

/// Runtime scalar `Index`, passed through with its type.
template <std::size_t Index>
struct forward : detail::derivation_tag {
    static constexpr std::size_t steps = 1;

    template <class Scalars>
    static constexpr derived type_in() noexcept {
        if constexpr (Index >= Scalars::count) return {derivation_fault::scalar_index_out_of_range};
        else return {derivation_fault::none, Scalars::infos[Index].type};
    }
};

/// The integer `Value`, of its C++ type: `constant<64>` is i32, `constant<64u>` u32, `constant<std::uint64_t{64}>` u64.
template <auto Value>
struct constant : detail::derivation_tag {
    static_assert(std::integral<decltype(Value)> && has_dtype<decltype(Value)>,
                  "accy::constant<v>: v must be an integer of 32 or 64 bits");
    static constexpr std::size_t steps = 1;

    template <class Scalars>
    static constexpr derived type_in() noexcept {
        return {derivation_fault::none, detail::number(dtype_of<decltype(Value)>)};
    }
};

namespace detail {
template <class>
inline constexpr bool is_constant = false;
template <auto Value>
inline constexpr bool is_constant<constant<Value>> = true;
}  // namespace detail

/// ceil(D / Divisor), of D's type: the number of blocks of `Divisor` that cover D.
template <derivation D, std::uint64_t Divisor>
struct ceil_div : detail::derivation_tag {
    static constexpr std::size_t steps = 1 + D::steps;

    template <class Scalars>
    static constexpr derived type_in() noexcept {
        const derived operand = detail::integer_operand(D::template type_in<Scalars>());
        if (operand.fault == derivation_fault::none && Divisor == 0) return {derivation_fault::divisor_zero};
        return operand;
    }
};

namespace detail {

/// An arithmetic derivation of two integer derivations, of their common type.
template <derivation A, derivation B, derivation_step::operation Operation>
struct binary : detail::derivation_tag {
    static constexpr std::size_t steps = 1 + A::steps + B::steps;

    template <class Scalars>
    static constexpr derived type_in() noexcept {
        return common_integer(A::template type_in<Scalars>(), B::template type_in<Scalars>());
    }
};

}  // namespace detail

/// A + B, checked against their common type.
template <derivation A, derivation B>
struct sum : detail::binary<A, B, detail::derivation_step::operation::sum> {};

/// A × B, checked against their common type.
template <derivation A, derivation B>
struct product : detail::binary<A, B, detail::derivation_step::operation::product> {};

/// The smaller of A and B, of their common type.
template <derivation A, derivation B>
struct min_of : detail::binary<A, B, detail::derivation_step::operation::min> {};

/// The larger of A and B, of their common type.
template <derivation A, derivation B>
struct max_of : detail::binary<A, B, detail::derivation_step::operation::max> {};

/// D as a `Type`, the explicit conversion. Fails at run time: a value that does not fit an integer
/// `Type` (a floating-point one also when it is not finite), a finite value beyond the largest
/// finite one of a floating-point `Type` narrower than f64 (f32, f16, bf16, f8_e4m3, f8_e5m2), and
/// an infinity converted to f8_e4m3, which has none. A floating-point value converted to an integer
/// is truncated toward zero; one converted to a narrower floating-point `Type` is rounded to the
/// nearest value of it, ties to even.
template <dtype Type, derivation D>
struct convert : detail::derivation_tag {
    static constexpr std::size_t steps = 1 + D::steps;

    template <class Scalars>
    static constexpr derived type_in() noexcept {
        constexpr derived operand = D::template type_in<Scalars>();
        if constexpr (operand.fault != derivation_fault::none) return operand;
        else if constexpr (operand.type.bytes) return {derivation_fault::not_a_number};
        else return {derivation_fault::none, detail::number(Type)};
    }
};

}  // namespace accy
