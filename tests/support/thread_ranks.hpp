// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::on_thread_ranks`, which runs one body per rank of an accy::host::rank_group, each
// on a thread of its own with that rank's communicator, under a watchdog, and `accy_test::what_of`.
#pragma once

#include "hardening/watchdog.hpp"

#include <accy/backend/host.hpp>

#include <chrono>
#include <exception>
#include <string>
#include <thread>
#include <vector>

namespace accy_test {

/// Runs `body(rank, communicator)` on one thread per rank of a group of `size`, and returns what each
/// rank threw (null where it returned). A group that does not finish within 30 s fails the test.
template <class Body>
std::vector<std::exception_ptr> on_thread_ranks(int size, Body&& body) {
    std::vector<std::exception_ptr> thrown(static_cast<std::size_t>(size));
    within(std::chrono::seconds(30), "a group of thread ranks", [&] {
        const accy::host::rank_group group(size);
        std::vector<std::thread> ranks;
        for (int r = 0; r < size; ++r)
            ranks.emplace_back([&, r] {
                try {
                    accy::host::communicator communicator(group, r);
                    body(r, communicator);
                } catch (...) {
                    thrown[static_cast<std::size_t>(r)] = std::current_exception();
                }
            });
        for (std::thread& rank : ranks) rank.join();
    });
    return thrown;
}

/// What a rank threw, as text: empty where it returned.
inline std::string what_of(const std::exception_ptr& thrown) {
    if (!thrown) return {};
    try {
        std::rethrow_exception(thrown);
    } catch (const std::exception& failure) {
        return failure.what();
    } catch (...) {
        return "an exception that is not a std::exception";
    }
}

}  // namespace accy_test
