// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::evaluate`, the one function that runs the steps of any compiled derivation
// (pipeline/detail/derivation_step.hpp): each result checked against its type, a value that does not
// fit is `errc::launch_argument_mismatch`; the runtime scalars' values as the steps read them; and
// `operations_for`, the functions of the operations a pipeline's derivations use, and only those,
// so that a translation unit compiles only the operations its pipelines use.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/float_types.hpp>
#include <accy/core/linkage.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>
#include <accy/runtime/detail/room_for.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace accy::detail {

/// `value` in decimal, for the texts that describe a derivation.
inline std::string to_string(wide_int value) {
    return message({value});
}

/// `value`, checked to be a value of the integer `type`.
ACCY_DECL wide_int fit(wide_int value, dtype type, std::string_view what);

/// `value` rounded to `f32` or `f64` (`type`), to nearest, ties to even; a finite value beyond its
/// largest finite one is `errc::launch_argument_mismatch`.
ACCY_DECL double fit_floating(double value, dtype type);

/// `fit_floating` for a floating-point dtype narrower than `f32`; an infinity where `type` has none
/// (f8_e4m3) is `errc::launch_argument_mismatch` too.
ACCY_DECL double fit_narrow_floating(double value, dtype type);

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

/// The values of `Count` runtime scalars, as derivation steps read them (`at`, an array).
template <std::size_t Count>
struct derived_values {
    room_for<derived_value, Count> at;
};

/// The runtime scalars' values, as derivation steps read them; a struct's points into `values`.
template <class Scalars>
derived_values<Scalars::count> values_of(const typename Scalars::values& values) noexcept {
    return [&values]<std::size_t... Index>(std::index_sequence<Index...>) {
        return derived_values<Scalars::count>{{value_of(std::get<Index>(values))...}};
    }(std::make_index_sequence<Scalars::count>{});
}

struct derivation_steps;

/// Evaluates an operation's `step`, its operands' steps following at `next`.
using operation_function = derived_value (*)(const derivation_step& step, derivation_steps& next,
                                             const derived_value* scalars);

/// The number of `derivation_step::operation`s, the size of a table of their functions.
inline constexpr std::size_t operation_count = static_cast<std::size_t>(derivation_step::operation::convert) + 1;

/// A pipeline's derivation steps from `next` on, and the functions that evaluate their operations,
/// indexed by `derivation_step::operation` (`operations_for`).
struct derivation_steps {
    const derivation_step* next = nullptr;
    const operation_function* operations = nullptr;

    /// The steps from step `first` of the pipeline's on.
    derivation_steps from(std::size_t first) const noexcept { return {next + first, operations}; }
};

/// The value of the derivation whose steps start at `next`, which is left past them. A value that
/// does not fit its type is `errc::launch_argument_mismatch`, as the derivations say.
ACCY_DECL derived_value evaluate(derivation_steps& next, const derived_value* scalars);

ACCY_DECL derived_value evaluate_ceil_div(const derivation_step& step, derivation_steps& next, const derived_value* scalars);
ACCY_DECL derived_value evaluate_sum(const derivation_step& step, derivation_steps& next, const derived_value* scalars);
ACCY_DECL derived_value evaluate_product(const derivation_step& step, derivation_steps& next, const derived_value* scalars);
/// `min` or `max`, as the step says.
ACCY_DECL derived_value evaluate_extreme(const derivation_step& step, derivation_steps& next, const derived_value* scalars);
/// A conversion to an integer, `f32` or `f64`.
ACCY_DECL derived_value evaluate_convert(const derivation_step& step, derivation_steps& next, const derived_value* scalars);
/// A conversion to any dtype, the floating-point ones narrower than `f32` (f16, bf16, f8) too.
ACCY_DECL derived_value evaluate_convert_to_narrow(const derivation_step& step, derivation_steps& next,
                                                   const derived_value* scalars);

/// Whether `type` is a floating-point dtype narrower than `float`, whose rounding takes code of its own.
constexpr bool is_narrow_floating(dtype type) noexcept {
    return is_floating(type) && size_of(type) < sizeof(float);
}

/// Writes `value` into `at` as a number of the narrow floating-point `type` (f16, bf16, f8_e4m3,
/// f8_e5m2), as a kernel's parameter of that type takes it.
ACCY_DECL void store_narrow_float(std::byte* at, dtype type, double value) noexcept;

/// The function of each operation that `steps` use; null for the others, and for scalars and
/// constants, which `evaluate` reads itself.
template <std::size_t Steps>
constexpr std::array<operation_function, operation_count> operations_for(const std::array<derivation_step, Steps>& steps) noexcept {
    using operation = derivation_step::operation;
    std::array<operation_function, operation_count> functions{};
    for (const derivation_step& step : steps) {
        operation_function& function = functions[static_cast<std::size_t>(step.op)];
        switch (step.op) {
        case operation::scalar:
        case operation::constant: break;
        case operation::ceil_div: function = &evaluate_ceil_div; break;
        case operation::sum: function = &evaluate_sum; break;
        case operation::product: function = &evaluate_product; break;
        case operation::min:
        case operation::max: function = &evaluate_extreme; break;
        case operation::convert:
            if (function != &evaluate_convert_to_narrow)
                function = is_narrow_floating(step.type.type) ? &evaluate_convert_to_narrow : &evaluate_convert;
            break;
        }
    }
    return functions;
}

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/evaluate.hpp>
#endif
