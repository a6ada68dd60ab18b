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
/// naming `what` was checked. Integers must match exactly (with wrap-around). A float prefix is
/// compared with the scan in double within the worst-case error of float summation, k * epsilon
/// * (sum of |x| up to there), where k bounds the additions on the path of any one element: at
/// most a whole tile within the tile, then one per tile in the scan of the tile sums.
template <class T>
bool check(std::span<const T> input, std::span<const T> output, std::string_view what) {
    const std::size_t n = input.size();
    const double tiles = std::ceil(static_cast<double>(n) / tile::elements);
    const double relative = (tile::elements + tiles + 1) * std::numeric_limits<float>::epsilon();
    std::size_t mismatches = 0;
    T exact{};
    double sum = 0, magnitude = 0;
    for (std::size_t i = 0; i < n; ++i) {
        bool equal;
        if constexpr (std::is_integral_v<T>) {
            exact = wrapping_add(exact, input[i]);
            equal = output[i] == exact;
        } else {
            sum += input[i];
            magnitude += std::abs(input[i]);
            equal = std::abs(output[i] - sum) <= relative * magnitude;
        }
        if (!equal && mismatches++ < 5) {
            std::cerr << "scan mismatch (" << what << ") at " << i << ": got " << output[i] << ", expected ";
            if constexpr (std::is_integral_v<T>) std::cerr << exact << "\n";
            else std::cerr << sum << " within " << relative * magnitude << "\n";
        }
    }
    if (mismatches > 0) std::cerr << "scan: " << mismatches << " of " << n << " elements differ (" << what << ")\n";
    return mismatches == 0;
}

}  // namespace accy_examples::scan
