// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::random_values`, the fresh input of every example run.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

namespace accy_examples {

/// `n` values: floats uniform in [0, 1), positive so that a sum's rounding error is small next to
/// the sum itself; integers uniform in [-1000, 1000].
template <class T>
std::vector<T> random_values(std::mt19937& engine, std::uint32_t n) {
    std::vector<T> values(n);
    if constexpr (std::is_floating_point_v<T>) {
        std::uniform_real_distribution<T> distribution(0, 1);
        std::generate(values.begin(), values.end(), [&] { return distribution(engine); });
    } else {
        std::uniform_int_distribution<T> distribution(-1000, 1000);
        std::generate(values.begin(), values.end(), [&] { return distribution(engine); });
    }
    return values;
}

}  // namespace accy_examples
