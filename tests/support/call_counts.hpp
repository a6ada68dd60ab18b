// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::check_counts`, which checks a recording backend's counts of calls, the kinds a test names.
#pragma once

#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace accy_test {

/// Counts of a recording backend's calls by kind, `{.allocate = 2, .launch = 3}`: a kind left out is not checked.
struct call_counts {
    std::optional<std::size_t> allocate{}, create{}, load{}, fill{}, launch{}, synchronize{}, destroy{};
};

/// Checks each count that `expected` names against the one `device` has made.
inline void check_counts(const accy::testing::recording_backend& device, const call_counts& expected) {
    const auto check = [](std::string_view kind, std::size_t made, std::optional<std::size_t> wanted) {
        if (wanted) BOOST_TEST(made == *wanted, kind << " calls: " << made << ", expected " << *wanted);
    };
    check("allocate", device.allocate_count, expected.allocate);
    check("create", device.create_count, expected.create);
    check("load", device.load_count, expected.load);
    check("fill", device.fill_count, expected.fill);
    check("launch", device.launch_count, expected.launch);
    check("synchronize", device.synchronize_count, expected.synchronize);
    check("destroy", device.destroy_count, expected.destroy);
}

}  // namespace accy_test
