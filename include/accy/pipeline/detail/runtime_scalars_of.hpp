// SPDX-License-Identifier: Apache-2.0
// Defines how a launch's runtime scalars reach it: `accy::detail::runtime_scalars_of<Scalars>(values...)`,
// behind `P::runtime_scalars(values...)`, converts each value to its scalar's declared type only where
// nothing can be lost, and `scalar_values_of<Scalars>(tuple)` takes a tuple whose types are the
// declared ones; anything else is one compile error naming the scalar.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/pipeline/report.hpp>
#include <accy/pipeline/runtime_scalars.hpp>

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace accy {

namespace diagnostic {

/// The error of `P::runtime_scalars(values...)` whose value of type `Given` could lose values as the
/// runtime scalar `InScalar` names it (`in_scalar<index, text<'n'>, accy::scalar<"n", T>>`) declares it.
template <class InScalar, class Given>
struct lossy_runtime_scalar {
    static_assert(detail::always_false<InScalar>,
                  "accy: P::runtime_scalars(values...): a value's type could lose values of the type its runtime "
                  "scalar declares (an int for an unsigned scalar, a double for a float, a bool for a number); "
                  "pass the declared type");
};

/// The error of a launch whose runtime scalars tuple holds a `Given` where the runtime scalar
/// `InScalar` names (`in_scalar<index, text<'n'>, accy::scalar<"n", T>>`) declares another type.
template <class InScalar, class Given>
struct runtime_scalar_type_differs {
    static_assert(detail::always_false<InScalar>,
                  "accy: a runtime scalar's type differs from the type P declares for it; runtime scalars are not "
                  "converted: build them with P::runtime_scalars(values...)");
};

}  // namespace diagnostic

namespace detail {

/// `in_scalar<Index, text<...>, Scalar>`: runtime scalar `Index` of `Scalars`, in a compile error.
template <class Scalars, std::size_t Index>
using in_runtime_scalar = diagnostic::in_scalar<
    Index,
    diagnostic::detail::text_of<fixed_string_of<Scalars::template at<Index>::name.size()>(Scalars::template at<Index>::name)>,
    typename Scalars::template at<Index>>;

/// Whether a `Value` becomes a `Declared` runtime scalar with no value lost: the same type, or
/// numbers that braces convert (a u32 into a u64, a float into a double), never a bool.
template <class Declared, class Value>
inline constexpr bool keeps_values =
    std::is_same_v<Value, Declared> || (std::is_arithmetic_v<Declared> && std::is_arithmetic_v<Value> &&
                                        !std::is_same_v<Value, bool> && requires(const Value& value) { Declared{value}; });

/// Whether `Given` is what a `Declared` runtime scalar is, with nothing to convert: the same
/// number dtype, or the same struct.
template <class Declared, class Given>
inline constexpr bool same_scalar_type =
    value_type_of<Given>() == value_type_of<Declared>() && (has_dtype<Declared> || std::is_same_v<Given, Declared>);

/// The index of the first `false` in `holds`, or `Count` when there is none.
template <std::size_t Count>
constexpr std::size_t first_false(const std::array<bool, Count>& holds) noexcept {
    for (std::size_t index = 0; index < Count; ++index)
        if (!holds[index]) return index;
    return Count;
}

template <class Scalars, class... Values>
constexpr typename Scalars::values runtime_scalars_of(const Values&... values) {
    if constexpr (sizeof...(Values) != Scalars::count) {
        static_assert(diagnostic::detail::always_false<Scalars>,
                      "accy: P::runtime_scalars(values...) takes one value per runtime scalar of P, in their order");
        return {};
    } else {
        constexpr std::size_t lossy = [&]<std::size_t... Index>(std::index_sequence<Index...>) {
            return first_false<sizeof...(Index)>({keeps_values<typename Scalars::template at<Index>::type, Values>...});
        }(std::index_sequence_for<Values...>{});
        if constexpr (lossy != sizeof...(Values)) {
            static_assert(sizeof(diagnostic::lossy_runtime_scalar<in_runtime_scalar<Scalars, lossy>,
                                                                  std::tuple_element_t<lossy, std::tuple<Values...>>>) != 0);
            return {};
        } else {
            return typename Scalars::values{values...};
        }
    }
}

/// The runtime scalars a caller passed as a tuple, as the pipeline's own: each element of the same
/// dtype (or the same struct) as the scalar it is for, so that nothing converts silently; else one
/// compile error, naming the first scalar that differs.
template <class Scalars, class Given>
typename Scalars::values scalar_values_of(const Given& given) {
    using declared = typename Scalars::values;
    using given_type = std::remove_cvref_t<Given>;
    if constexpr (std::is_same_v<given_type, declared>) {
        return given;
    } else if constexpr (!requires { std::tuple_size<given_type>::value; }) {
        static_assert(diagnostic::detail::always_false<Given>,
                      "accy: the runtime scalars of pipeline P are passed as a tuple, P::runtime_scalars(...)");
        return {};
    } else if constexpr (std::tuple_size_v<given_type> != Scalars::count) {
        static_assert(diagnostic::detail::always_false<Given>,
                      "accy: the runtime scalars tuple has a different count than P's runtime_scalars");
        return {};
    } else {
        constexpr auto given_at = []<std::size_t Index>(std::integral_constant<std::size_t, Index>) {
            return std::type_identity<std::remove_cvref_t<std::tuple_element_t<Index, given_type>>>{};
        };
        constexpr std::size_t differs = [&]<std::size_t... Index>(std::index_sequence<Index...>) {
            return first_false<sizeof...(Index)>(
                {same_scalar_type<typename Scalars::template at<Index>::type,
                                  typename decltype(given_at(std::integral_constant<std::size_t, Index>{}))::type>...});
        }(std::make_index_sequence<Scalars::count>{});
        if constexpr (differs != Scalars::count) {
            using given_scalar = typename decltype(given_at(std::integral_constant<std::size_t, differs>{}))::type;
            static_assert(sizeof(diagnostic::runtime_scalar_type_differs<in_runtime_scalar<Scalars, differs>, given_scalar>) != 0);
            return {};
        } else {
            return std::apply([](const auto&... values) { return declared{values...}; }, given);
        }
    }
}

}  // namespace detail

}  // namespace accy
