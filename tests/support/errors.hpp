// SPDX-License-Identifier: Apache-2.0
// Defines the tests' checks of an `accy::error`: `code_is` and `fails_with`, predicates for
// BOOST_CHECK_EXCEPTION, and `message_of`, the message a call fails with.
#pragma once

#include <accy/core/error.hpp>

#include <boost/test/unit_test.hpp>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace accy_test {

/// Checks the error's code, and prints the message so that failures show what accy said.
inline auto code_is(accy::errc expected) {
    return [expected](const accy::error& failure) {
        BOOST_TEST_MESSAGE("accy::error: " << failure.what());
        return failure.code() == expected;
    };
}

/// Checks the error's code and that its message holds every one of `parts`; a missing part fails on its own, by name.
inline auto fails_with(accy::errc expected, std::initializer_list<std::string_view> parts = {}) {
    return [has_code = code_is(expected), wanted = std::vector<std::string>(parts.begin(), parts.end())](
               const accy::error& failure) {
        bool found = has_code(failure);
        for (const std::string& part : wanted) {
            const bool has = failure.message().find(part) != std::string::npos;
            BOOST_TEST(has, "the message holds '" << part << "': " << failure.what());
            found = found && has;
        }
        return found;
    };
}

/// The message of the accy::error that `call` throws, or "no error".
inline std::string message_of(auto&& call) {
    try {
        call();
    } catch (const accy::error& failure) {
        return failure.what();
    }
    return "no error";
}

inline bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace accy_test
