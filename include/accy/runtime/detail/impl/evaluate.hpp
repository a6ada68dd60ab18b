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
#include <cstdint>
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

ACCY_DECL double fit_floating(double value, dtype type) {
    if (type == dtype::f64) return value;
    double rounded = static_cast<float>(value), largest = FLT_MAX;
    if (type != dtype::f32) {
        const float_format format = float_format_of(type);
        rounded = format.value(static_cast<std::uint32_t>(format.round(value)));
        largest = format.value(static_cast<std::uint32_t>(format.largest()));
    }
    // An infinity rounds to itself, or to the largest finite value where there is none.
    if ((value < 0 ? -value : value) > largest && (is_finite(value) || is_finite(rounded))) [[unlikely]]
        fail(errc::launch_argument_mismatch, {}, {"a converted value ", value, " does not fit ", type});
    return rounded;
}

ACCY_DECL derived_value evaluate(const derivation_step*& next, const derived_value* scalars) {
    // A runtime scalar or a constant, the most common derivations, without a call.
    const derivation_step& step = *next++;
    if (step.op == derivation_step::operation::scalar) return scalars[static_cast<std::size_t>(step.operand)];
    if (step.op == derivation_step::operation::constant) return {step.operand};
    return evaluate_operation(step, next, scalars);
}

ACCY_DECL derived_value evaluate_operation(const derivation_step& step, const derivation_step*& next,
                                           const derived_value* scalars) {
    using operation = derivation_step::operation;
    switch (step.op) {
    case operation::scalar:
    case operation::constant: break;  // evaluate's
    case operation::ceil_div: {
        const wide_int value = evaluate(next, scalars).integer;
        // The magnitude fits 64 bits: a 64-bit division, not a 128-bit one. Rounded up, toward zero below it.
        const auto divisor = static_cast<std::uint64_t>(step.operand);
        if (value > 0) return {blocks_covering(static_cast<std::uint64_t>(value), divisor)};
        return {-static_cast<wide_int>(static_cast<std::uint64_t>(-value) / divisor)};
    }
    case operation::sum: {
        const wide_int a = evaluate(next, scalars).integer;
        return {fit(a + evaluate(next, scalars).integer, step.type.type, "a sum")};
    }
    case operation::product: {
        const wide_int a = evaluate(next, scalars).integer;
        const wide_int b = evaluate(next, scalars).integer;
        // Both lie within 64-bit ranges, so the product of their magnitudes fits 128 unsigned bits.
        const wide_uint magnitude = static_cast<wide_uint>(a < 0 ? -a : a) * static_cast<wide_uint>(b < 0 ? -b : b);
        if (magnitude > static_cast<wide_uint>(UINT64_MAX)) [[unlikely]]
            fail(errc::launch_argument_mismatch, {}, {"a product ", a, " x ", b, " overflows ", step.type.type});
        const wide_int value = (a < 0) != (b < 0) ? -static_cast<wide_int>(magnitude) : static_cast<wide_int>(magnitude);
        return {fit(value, step.type.type, "a product")};
    }
    case operation::min:
    case operation::max: {
        const wide_int a = evaluate(next, scalars).integer;
        const wide_int b = evaluate(next, scalars).integer;
        return {(a < b) == (step.op == operation::max) ? b : a};
    }
    case operation::convert: {
        const bool from_floating = next->type.floating();
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
    }
    return {};
}

}  // namespace accy::detail
