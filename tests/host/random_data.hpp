// Defines `accy_test::fresh_engine`, a random engine seeded anew each run, its seed logged for a replay.
#pragma once

#include <boost/test/unit_test.hpp>

#include <random>

namespace accy_test {

inline std::mt19937 fresh_engine() {
    const std::random_device::result_type seed = std::random_device{}();
    BOOST_TEST_MESSAGE("random seed " << seed);
    return std::mt19937(seed);
}

}  // namespace accy_test
