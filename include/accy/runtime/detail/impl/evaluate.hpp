// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/evaluate.hpp declares: the steps of a derivation run, each value
// checked against its type.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/float_types.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/detail/evaluate.hpp>

#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace accy::detail {

/// Whether `value` is neither infinite nor NaN: `std::isfinite` without `<cmath>`, whose parse alone
/// costs a third of what accy's other standard headers cost (docs/performance.md).
constexpr bool is_finite(double value) noexcept {
    return -DBL_MAX <= value && value <= DBL_MAX;
}

ACCY_DECL wide_int fit(wide_int value, dtype type, std::string_view what) {
    if (value < lowest(type) || value > highest(type)) [[unlikely]]
        fail(errc::launch_argument_mismatch, {},
             {what, " is ", value, ", outside ", type, " (", lowest(type), " to ", highest(type), ")"});
    return value;
}

/// `rounded`, `value` rounded to `type`, whose largest finite value is `largest`, unless `value` is
/// finite and beyond it or, where `type` has no infinity, `value` is one.
inline double fitted(double value, double rounded, double largest, dtype type) {
    // An infinity rounds to itself, or to the largest finite value where there is none.
    if ((value < 0 ? -value : value) > largest && (is_finite(value) || is_finite(rounded))) [[unlikely]]
        fail(errc::launch_argument_mismatch, {}, {"a converted value ", value, " does not fit ", type});
    return rounded;
}

ACCY_DECL double fit_floating(double value, dtype type) {
    return type == dtype::f64 ? value : fitted(value, static_cast<float>(value), FLT_MAX, type);
}

ACCY_DECL double fit_narrow_floating(double value, dtype type) {
    const float_format format = float_format_of(type);
    return fitted(value, format.value(static_cast<std::uint32_t>(format.round(value))),
                  format.value(static_cast<std::uint32_t>(format.largest())), type);
}

ACCY_DECL void store_narrow_float(std::byte* at, dtype type, double value) noexcept {
    const std::uint64_t bits = float_format_of(type).round(value);
    if (size_of(type) == 2) {
        const auto narrow = static_cast<std::uint16_t>(bits);
        std::memcpy(at, &narrow, sizeof narrow);
    } else {
        const auto narrow = static_cast<std::uint8_t>(bits);
        std::memcpy(at, &narrow, sizeof narrow);
    }
}

ACCY_DECL derived_value evaluate(derivation_steps& next, const derived_value* scalars) {
    // A runtime scalar or a constant, the most common derivations, without a call.
    const derivation_step& step = *next.next++;
    if (step.op == derivation_step::operation::scalar) return scalars[static_cast<std::size_t>(step.operand)];
    if (step.op == derivation_step::operation::constant) return {step.operand};
    return next.operations[static_cast<std::size_t>(step.op)](step, next, scalars);
}

ACCY_DECL derived_value evaluate_ceil_div(const derivation_step& step, derivation_steps& next, const derived_value* scalars) {
    const wide_int value = evaluate(next, scalars).integer;
    // The magnitude fits 64 bits: a 64-bit division, not a 128-bit one. Rounded up, toward zero below it.
    const auto divisor = static_cast<std::uint64_t>(step.operand);
    if (value > 0) return {blocks_covering(static_cast<std::uint64_t>(value), divisor)};
    return {-static_cast<wide_int>(static_cast<std::uint64_t>(-value) / divisor)};
}

ACCY_DECL derived_value evaluate_sum(const derivation_step& step, derivation_steps& next, const derived_value* scalars) {
    const wide_int a = evaluate(next, scalars).integer;
    return {fit(a + evaluate(next, scalars).integer, step.type.type, "a sum")};
}

ACCY_DECL derived_value evaluate_product(const derivation_step& step, derivation_steps& next, const derived_value* scalars) {
    const wide_int a = evaluate(next, scalars).integer;
    const wide_int b = evaluate(next, scalars).integer;
    // Both lie within 64-bit ranges, so the product of their magnitudes fits 128 unsigned bits.
    const wide_uint magnitude = static_cast<wide_uint>(a < 0 ? -a : a) * static_cast<wide_uint>(b < 0 ? -b : b);
    if (magnitude > static_cast<wide_uint>(UINT64_MAX)) [[unlikely]]
        fail(errc::launch_argument_mismatch, {}, {"a product ", a, " x ", b, " overflows ", step.type.type});
    const wide_int value = (a < 0) != (b < 0) ? -static_cast<wide_int>(magnitude) : static_cast<wide_int>(magnitude);
    return {fit(value, step.type.type, "a product")};
}

ACCY_DECL derived_value evaluate_extreme(const derivation_step& step, derivation_steps& next, const derived_value* scalars) {
    const wide_int a = evaluate(next, scalars).integer;
    const wide_int b = evaluate(next, scalars).integer;
    return {(a < b) == (step.op == derivation_step::operation::max) ? b : a};
}

ACCY_DECL derived_value evaluate_convert(const derivation_step& step, derivation_steps& next, const derived_value* scalars) {
    const bool from_floating = next.next->type.floating();
    const derived_value value = evaluate(next, scalars);
    const dtype to = step.type.type;
    if (is_floating(to))
        return {{}, fit_floating(from_floating ? value.floating : static_cast<double>(value.integer), to)};
    if (!from_floating) return {fit(value.integer, to, "a converted value")};
    if (!is_finite(value.floating) || value.floating < static_cast<double>(lowest(to)) ||
        value.floating >= static_cast<double>(highest(to)) + 1.0) [[unlikely]]
        fail(errc::launch_argument_mismatch, {}, {"a converted value ", value.floating, " does not fit ", to});
    return {static_cast<wide_int>(value.floating)};
}

ACCY_DECL derived_value evaluate_convert_to_narrow(const derivation_step& step, derivation_steps& next,
                                                   const derived_value* scalars) {
    if (!is_narrow_floating(step.type.type)) return evaluate_convert(step, next, scalars);
    const bool from_floating = next.next->type.floating();
    const derived_value value = evaluate(next, scalars);
    return {{}, fit_narrow_floating(from_floating ? value.floating : static_cast<double>(value.integer), step.type.type)};
}

}  // namespace accy::detail
