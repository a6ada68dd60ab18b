// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::fresh_engine`, a random engine seeded anew each run, its seed printed for a replay.
#pragma once

#include <iostream>
#include <random>

namespace accy_test {

/// Printed on stdout, which ctest shows when a test fails.
inline std::mt19937 fresh_engine() {
    const std::random_device::result_type seed = std::random_device{}();
    std::cout << "random seed " << seed << "\n";
    return std::mt19937(seed);
}

}  // namespace accy_test
