// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::compile_derivation<Scalars>(D, at)`, which writes derivation D's
// `derivation_step`s at `at`, in prefix order: the operation, then its operands' steps.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>

#include <cstddef>
#include <cstdint>

namespace accy::detail {

// Declared first, since each overload compiles its operands with the others.
template <class Scalars, std::size_t Index>
constexpr void compile_derivation(forward<Index>, derivation_step* at) noexcept;
template <class Scalars, auto Value>
constexpr void compile_derivation(constant<Value>, derivation_step* at) noexcept;
template <class Scalars, derivation D, std::uint64_t Divisor>
constexpr void compile_derivation(ceil_div<D, Divisor>, derivation_step* at) noexcept;
template <class Scalars, derivation A, derivation B, derivation_step::operation Operation>
constexpr void compile_derivation(binary<A, B, Operation>, derivation_step* at) noexcept;
template <class Scalars, dtype Type, derivation D>
constexpr void compile_derivation(convert<Type, D>, derivation_step* at) noexcept;

template <class Scalars, std::size_t Index>
constexpr void compile_derivation(forward<Index> self, derivation_step* at) noexcept {
    *at = {derivation_step::operation::scalar, self.template type_in<Scalars>().type, Index};
}

template <class Scalars, auto Value>
constexpr void compile_derivation(constant<Value> self, derivation_step* at) noexcept {
    *at = {derivation_step::operation::constant, self.template type_in<Scalars>().type, Value};
}

template <class Scalars, derivation D, std::uint64_t Divisor>
constexpr void compile_derivation(ceil_div<D, Divisor> self, derivation_step* at) noexcept {
    *at = {derivation_step::operation::ceil_div, self.template type_in<Scalars>().type, Divisor};
    compile_derivation<Scalars>(D{}, at + 1);
}

template <class Scalars, derivation A, derivation B, derivation_step::operation Operation>
constexpr void compile_derivation(binary<A, B, Operation> self, derivation_step* at) noexcept {
    *at = {Operation, self.template type_in<Scalars>().type, 0};
    compile_derivation<Scalars>(A{}, at + 1);
    compile_derivation<Scalars>(B{}, at + 1 + A::steps);
}

template <class Scalars, dtype Type, derivation D>
constexpr void compile_derivation(convert<Type, D> self, derivation_step* at) noexcept {
    *at = {derivation_step::operation::convert, self.template type_in<Scalars>().type, 0};
    compile_derivation<Scalars>(D{}, at + 1);
}

}  // namespace accy::detail
