// Defines the scalar derivations `accy::forward<i>`, `accy::ceil_div<i, d>` and `accy::constant<v>`.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>

namespace accy {

/// A derivation as a value. Stage scalars and intermediate extents are both derived from the
/// pipeline's runtime scalars this way.
struct scalar_derivation {
    enum class kind { forward, ceil_div, constant };

    kind rule = kind::forward;
    std::size_t index = 0;      ///< the runtime scalar read (forward, ceil_div)
    std::uint32_t operand = 0;  ///< the divisor (ceil_div) or the value (constant)

    constexpr bool reads_runtime_scalar() const noexcept { return rule != kind::constant; }

    /// The derived value; 64 bits wide, so that no derivation of 32-bit scalars overflows.
    constexpr std::uint64_t evaluate(std::span<const std::uint32_t> runtime_scalars) const noexcept {
        switch (rule) {
        case kind::forward: return runtime_scalars[index];
        case kind::ceil_div: return (std::uint64_t{runtime_scalars[index]} + operand - 1) / operand;
        case kind::constant: return operand;
        }
        return 0;
    }
};

/// Runtime scalar `Index`, passed through.
template <std::size_t Index>
struct forward {
    static constexpr scalar_derivation derivation{scalar_derivation::kind::forward, Index, 0};
};

/// ceil(runtime scalar `Index` / `Divisor`): the number of blocks of `Divisor` covering it.
template <std::size_t Index, std::uint32_t Divisor>
struct ceil_div {
    static constexpr scalar_derivation derivation{scalar_derivation::kind::ceil_div, Index, Divisor};
};

/// The fixed value `Value`.
template <std::uint32_t Value>
struct constant {
    static constexpr scalar_derivation derivation{scalar_derivation::kind::constant, 0, Value};
};

template <class T>
concept derivation = requires {
    { T::derivation } -> std::convertible_to<scalar_derivation>;
};

}  // namespace accy
