// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::within`, which runs a call that may hang and ends the process if it does.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <future>
#include <memory>
#include <thread>

namespace accy_test {

/// Runs `body` on a thread of its own and returns what it threw, if anything. If it has not
/// returned after `limit`, the test cannot go on (the hung thread holds the objects the test
/// made): prints "HANG: <what>" and ends the process with status 3, which fails the test.
template <class Body>
void within(std::chrono::seconds limit, const char* what, Body&& body) {
    auto finished = std::make_shared<std::promise<void>>();
    std::future<void> done = finished->get_future();
    std::thread([finished, &body] {
        try {
            body();
            finished->set_value();
        } catch (...) {
            finished->set_exception(std::current_exception());
        }
    }).detach();
    if (done.wait_for(limit) == std::future_status::timeout) {
        std::fprintf(stderr, "HANG: %s did not return within %lld s\n", what, static_cast<long long>(limit.count()));
        std::fflush(stderr);
        std::_Exit(3);
    }
    done.get();
}

}  // namespace accy_test
