// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::derivation_step`, one step of a derivation compiled for the run time
// (compile_derivation.hpp compiles them; runtime/detail/evaluate.hpp runs them).
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/pipeline/runtime_scalars.hpp>

#include <cstdint>

namespace accy::detail {

/// One step of a compiled derivation. A derivation's steps are in prefix order: its own step, then
/// its operands' steps, each derivation's first step holding the type of its value.
struct derivation_step {
    enum class operation : std::uint8_t { scalar, constant, ceil_div, sum, product, min, max, convert };
    operation op = operation::constant;
    value_type type{};   ///< the type of this step's value
    wide_int operand{};  ///< the runtime scalar's index, the constant, or the divisor
};

}  // namespace accy::detail
