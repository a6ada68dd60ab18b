// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::compact::check`, which compares a compaction with a plain C++ one.
#pragma once

#include "compact/compact_config.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <type_traits>
#include <span>
#include <string_view>
#include <vector>

namespace accy_examples::compact {

/// The elements of `input` above `threshold`, in order.
template <class T>
std::vector<T> kept(std::span<const T> input, T threshold) {
    std::vector<T> above;
    std::copy_if(input.begin(), input.end(), std::back_inserter(above), [&](T value) { return is_kept(value, threshold); });
    return above;
}

/// Whether `count` and the first `count` elements of `output` are exactly `expected`, bit for bit;
/// prints the first mismatches to stderr, naming `what` was checked.
template <class T>
bool check(const std::vector<T>& expected, std::span<const T> output, std::uint32_t count, std::string_view what) {
    // What is printed of an element: a number, not an 8-bit integer's character or a 16-bit float's bits.
    const auto printable = [](T value) { return static_cast<sum_type<T>>(value); };
    if (count != expected.size()) {
        std::cerr << "compact mismatch (" << what << "): count " << count << ", expected " << expected.size() << "\n";
        return false;
    }
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (std::memcmp(&output[i], &expected[i], sizeof(T)) != 0 && mismatches++ < 5)
            std::cerr << "compact mismatch (" << what << ") at " << i << ": got " << printable(output[i]) << ", expected "
                      << printable(expected[i]) << "\n";
    if (mismatches > 0)
        std::cerr << "compact: " << mismatches << " of " << expected.size() << " kept elements differ (" << what << ")\n";
    return mismatches == 0;
}

}  // namespace accy_examples::compact
