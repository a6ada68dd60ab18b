// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::scan::check`, which compares a scan's output with a plain C++ inclusive scan.
#pragma once

#include "common/wrapping_add.hpp"
#include "scan/scan_config.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>

namespace accy_examples::scan {

/// Whether `output` is the inclusive scan of `input`; prints the first mismatches to stderr,
/// naming `what` was checked. Integers must match exactly (with wrap-around). f16 and bf16 must match
/// exactly the exact sum rounded once to T: random_values gives them small integers, whose sums in
/// f32 are exact, and the kernels round each result once (common/sum_type.hpp). A float prefix is
/// compared with the scan in double within the worst-case error of float summation, k * epsilon
/// * (sum of |x| up to there), where k bounds the additions on the path of any one element: at
/// most a whole tile within the tile, then one per tile in the scan of the tile sums.
template <class T>
bool check(std::span<const T> input, std::span<const T> output, std::string_view what) {
    const std::size_t n = input.size();
    const double tiles = std::ceil(static_cast<double>(n) / tile::elements);
    const double relative = (tile::elements + tiles + 1) * std::numeric_limits<float>::epsilon();
    // What is printed of an element: a number, not an 8-bit integer's character or a 16-bit float's bits.
    const auto printable = [](T value) {
        if constexpr (std::is_integral_v<T>) return +value;
        else return static_cast<double>(static_cast<float>(value));
    };
    std::size_t mismatches = 0;
    T exact{};
    double sum = 0, magnitude = 0;
    for (std::size_t i = 0; i < n; ++i) {
        bool equal;
        double tolerance = 0;
        if constexpr (std::is_integral_v<T>) {
            exact = wrapping_add(exact, input[i]);
            equal = output[i] == exact;
        } else if constexpr (std::is_floating_point_v<T>) {
            sum += input[i];
            magnitude += std::abs(input[i]);
            tolerance = relative * magnitude;
            equal = std::abs(output[i] - sum) <= tolerance;
        } else {
            sum += static_cast<float>(input[i]);
            exact = T(sum);
            equal = output[i].bits() == exact.bits();
        }
        if (!equal && mismatches++ < 5) {
            std::cerr << "scan mismatch (" << what << ") at " << i << ": got " << printable(output[i]) << ", expected ";
            if constexpr (std::is_floating_point_v<T>) std::cerr << sum << " within " << tolerance << "\n";
            else std::cerr << printable(exact) << "\n";
        }
    }
    if (mismatches > 0) std::cerr << "scan: " << mismatches << " of " << n << " elements differ (" << what << ")\n";
    return mismatches == 0;
}

}  // namespace accy_examples::scan
