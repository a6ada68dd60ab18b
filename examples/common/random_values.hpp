// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::random_values`, the fresh input of every example run.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

namespace accy_examples {

/// `n` values: floats and doubles uniform in [0, 1), positive so that a sum's rounding error is small
/// next to the sum itself; 32-bit integers uniform in [-1000, 1000], narrower ones over their whole
/// range (their sums wrap); f16 and bf16 (accy::half, accy::bfloat16) integers uniform in [-8, 8],
/// whose sums in f32 are exact, so that a scan's only rounding is each result's, to T, which a
/// reference can repeat.
template <class T>
std::vector<T> random_values(std::mt19937& engine, std::uint32_t n) {
    std::vector<T> values(n);
    if constexpr (std::is_floating_point_v<T>) {
        std::uniform_real_distribution<T> distribution(0, 1);
        std::generate(values.begin(), values.end(), [&] { return distribution(engine); });
    } else if constexpr (std::is_integral_v<T>) {
        constexpr bool narrow = sizeof(T) < 4;
        constexpr auto low = narrow ? static_cast<std::int32_t>(std::numeric_limits<T>::min()) : -1000;
        constexpr auto high = narrow ? static_cast<std::int32_t>(std::numeric_limits<T>::max()) : 1000;
        std::uniform_int_distribution<std::int32_t> distribution(low, high);
        std::generate(values.begin(), values.end(), [&] { return static_cast<T>(distribution(engine)); });
    } else {
        std::uniform_int_distribution<std::int32_t> distribution(-8, 8);
        std::generate(values.begin(), values.end(), [&] { return T(static_cast<float>(distribution(engine))); });
    }
    return values;
}

}  // namespace accy_examples
