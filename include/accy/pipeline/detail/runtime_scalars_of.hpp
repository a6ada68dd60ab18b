// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::runtime_scalars_of<Scalars>(values...)`, what `P::runtime_scalars(values...)`
// builds a launch's runtime scalars with: each value converted to its scalar's declared type only
// where nothing can be lost, else one compile error naming the scalar.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/pipeline/report.hpp>

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
    static_assert(always_false<InScalar>,
                  "accy: P::runtime_scalars(values...): a value's type could lose values of the type its runtime "
                  "scalar declares (an int for an unsigned scalar, a double for a float, a bool for a number); "
                  "pass the declared type");
};

}  // namespace diagnostic

namespace detail {

/// Whether a `Value` becomes a `Declared` runtime scalar with no value lost: the same type, or
/// numbers that braces convert (a u32 into a u64, a float into a double), never a bool.
template <class Declared, class Value>
inline constexpr bool keeps_values =
    std::is_same_v<Value, Declared> || (std::is_arithmetic_v<Declared> && std::is_arithmetic_v<Value> &&
                                        !std::is_same_v<Value, bool> && requires(const Value& value) { Declared{value}; });

/// The index of the first of `Values` that its scalar of `Scalars` would not keep, or their count.
template <class Scalars, class... Values, std::size_t... Index>
constexpr std::size_t first_lossy_value(std::index_sequence<Index...>) noexcept {
    std::size_t first = sizeof...(Values);
    ((first = first == sizeof...(Values) && !keeps_values<typename Scalars::template at<Index>::type, Values> ? Index : first),
     ...);
    return first;
}

template <class Scalars, class... Values>
constexpr typename Scalars::values runtime_scalars_of(const Values&... values) {
    if constexpr (sizeof...(Values) != Scalars::count) {
        static_assert(diagnostic::always_false<Scalars>,
                      "accy: P::runtime_scalars(values...) takes one value per runtime scalar of P, in their order");
        return {};
    } else {
        constexpr std::size_t lossy = first_lossy_value<Scalars, Values...>(std::index_sequence_for<Values...>{});
        if constexpr (lossy != sizeof...(Values)) {
            using scalar = typename Scalars::template at<lossy>;
            using in_scalar =
                diagnostic::in_scalar<lossy, diagnostic::text_of<fixed_string_of<scalar::name.size()>(scalar::name)>, scalar>;
            static_assert(sizeof(diagnostic::lossy_runtime_scalar<in_scalar, std::tuple_element_t<lossy, std::tuple<Values...>>>) != 0);
            return {};
        } else {
            return typename Scalars::values{values...};
        }
    }
}

}  // namespace detail

}  // namespace accy
