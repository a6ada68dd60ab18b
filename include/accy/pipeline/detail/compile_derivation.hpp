// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::compile_derivation<Scalars>(D, at)`, which writes derivation D's
// `derivation_step`s at `at`, in prefix order: the operation, then its operands' steps; and
// `compile_argument<Scalars, A>(at)`, the steps of a stage argument (`steps_of<A>` of them).
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>
#include <accy/pipeline/tensor_map.hpp>

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

/// The steps a stage argument compiles to: a derivation's, a tensor map's extents' and strides',
/// none for a buffer reference (nor for a malformed tensor map, which `diagnose` reports).
template <class Argument>
inline constexpr std::size_t steps_of = 0;
template <derivation D>
inline constexpr std::size_t steps_of<D> = D::steps;
template <tensor_map_argument M>
inline constexpr std::size_t steps_of<M> = M::steps;

/// Compiles a tensor map's extents, then its strides, at `at`.
template <class Scalars, buffer_reference Buffer, derivation... Extents, std::uint32_t... Box, tensor_map_options Options,
          derivation... Strides>
constexpr void compile_map(const tensor_map<Buffer, extents<Extents...>, box<Box...>, Options, strides<Strides...>>*,
                           derivation_step* at) noexcept {
    const bool compiled[] = {true, (compile_derivation<Scalars>(Extents{}, at), at += Extents::steps, true)...,
                             (compile_derivation<Scalars>(Strides{}, at), at += Strides::steps, true)...};
    static_cast<void>(compiled);
}

/// Writes stage argument `Argument`'s `steps_of<Argument>` steps at `at`.
template <class Scalars, class Argument>
constexpr void compile_argument(derivation_step* at) noexcept {
    if constexpr (derivation<Argument>) compile_derivation<Scalars>(Argument{}, at);
    else if constexpr (tensor_map_argument<Argument> && steps_of<Argument> != 0)
        compile_map<Scalars>(static_cast<const Argument*>(nullptr), at);
}

}  // namespace accy::detail
