// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::code_is`, a predicate for BOOST_CHECK_EXCEPTION on `accy::error`.
#pragma once

#include <accy/core/error.hpp>

#include <boost/test/unit_test.hpp>

namespace accy_test {

/// Checks the error's code, and prints the message so that failures show what accy said.
inline auto code_is(accy::errc expected) {
    return [expected](const accy::error& failure) {
        BOOST_TEST_MESSAGE("accy::error: " << failure.what());
        return failure.code() == expected;
    };
}

}  // namespace accy_test
