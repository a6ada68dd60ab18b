// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::wrapping_add`: a + b, wrapping around for integers as GPU arithmetic does.
#pragma once

#include <type_traits>

namespace accy_examples {

/// a + b; for integers modulo 2^bits, so that a scan of any data is defined in C++ and matches the GPU's.
template <class T>
constexpr T wrapping_add(T a, T b) noexcept {
    if constexpr (std::is_integral_v<T>) {
        using bits = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<bits>(static_cast<bits>(a) + static_cast<bits>(b)));
    } else {
        return a + b;
    }
}

}  // namespace accy_examples
