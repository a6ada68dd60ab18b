// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::evaluate`, the one function that runs the steps of any compiled derivation
// (pipeline/detail/derivation_step.hpp): each result checked against its type, a value that does not
// fit is `errc::launch_argument_mismatch`; and the runtime scalars' values as the steps read them.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/float_types.hpp>
#include <accy/core/linkage.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace accy::detail {

/// `value` in decimal, for the texts that describe a derivation.
inline std::string to_string(wide_int value) {
    return message(value);
}

/// `value`, checked to be a value of the integer `type`.
ACCY_DECL wide_int fit(wide_int value, dtype type, std::string_view what);

/// `value` rounded to the floating-point dtype `type`, to nearest, ties to even; a finite value beyond
/// its largest finite one, or an infinity where `type` has none (f8_e4m3), is
/// `errc::launch_argument_mismatch`.
ACCY_DECL double fit_floating(double value, dtype type);

/// ceil(value / divisor) for a value of at least 1: a shift where the divisor is a power of two,
/// as block sizes are, since a division by a divisor known only at run time costs tens of cycles.
constexpr std::uint64_t blocks_covering(std::uint64_t value, std::uint64_t divisor) noexcept {
    if ((divisor & (divisor - 1)) == 0) return ((value - 1) >> std::countr_zero(divisor)) + 1;
    return (value - 1) / divisor + 1;
}

/// A runtime scalar's or a derivation's value: an integer in 128 bits, a floating-point number, or
/// a struct's bytes, as the type says.
struct derived_value {
    wide_int integer{};
    double floating = 0;
    const void* bytes = nullptr;
};

/// A runtime scalar's value, as a derivation step reads it.
template <class T>
derived_value value_of(const T& scalar) noexcept {
    if constexpr (std::is_integral_v<T>) return {static_cast<wide_int>(scalar)};
    else if constexpr (std::is_floating_point_v<T>) return {{}, static_cast<double>(scalar)};
    else if constexpr (is_float_storage<T>) return {{}, static_cast<float>(scalar)};
    else return {{}, 0, &scalar};
}

/// The runtime scalars' values, as derivation steps read them; a struct's points into `values`.
template <class Scalars>
std::array<derived_value, Scalars::count> values_of(const typename Scalars::values& values) noexcept {
    return std::apply([](const auto&... scalar) { return std::array<derived_value, Scalars::count>{value_of(scalar)...}; },
                      values);
}

/// The value of the derivation whose steps start at `next`, which is left past them. A value that
/// does not fit its type is `errc::launch_argument_mismatch`, as the derivations say.
ACCY_DECL derived_value evaluate(const derivation_step*& next, const derived_value* scalars);

/// `evaluate` of an operation's step, its operands' steps following at `next`.
ACCY_DECL derived_value evaluate_operation(const derivation_step& step, const derivation_step*& next,
                                           const derived_value* scalars);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/evaluate.hpp>
#endif
