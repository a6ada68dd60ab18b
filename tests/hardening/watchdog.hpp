// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::within`, which runs a call that may hang and ends the process if it does, and
// `accy_test::forked`, which runs a call that may crash, corrupt the heap or hang in a child process.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <future>
#include <memory>
#include <string>
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

/// Runs `body` in a child process and says how it ended: "returned"; "threw" (the child prints what
/// on stderr); "killed by signal N" (a crash: 11 is SIGSEGV, 6 SIGABRT); "exited with status N";
/// or "hung", after `limit`, when the child is killed. So that a case that crashes or hangs before
/// its fix fails as a test (`BOOST_TEST(forked(...) == "returned")`) instead of ending the run.
/// `body` reports a wrong outcome by throwing: Boost.Test's checks in the child are not counted.
template <class Body>
std::string forked(std::chrono::seconds limit, const char* what, Body&& body) {
    std::fflush(nullptr);  // what the parent buffered must not be written twice
    const pid_t child = fork();
    if (child < 0) return "not run: fork failed";
    if (child == 0) {
        // Boost.Test's handlers would turn a crash into a test failure of the child and run on: crash instead.
        for (const int crash : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(crash, SIG_DFL);
        int status = 0;
        try {
            body();
        } catch (const std::exception& thrown) {
            std::fprintf(stderr, "%s: %s\n", what, thrown.what());
            status = 1;
        } catch (...) {
            std::fprintf(stderr, "%s: threw something not derived from std::exception\n", what);
            status = 1;
        }
        std::fflush(stderr);
        std::_Exit(status);  // no destructors or atexit handlers of the parent's objects
    }
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (waitpid(child, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            kill(child, SIGKILL);
            waitpid(child, &status, 0);
            std::fprintf(stderr, "HANG: %s did not return within %lld s\n", what, static_cast<long long>(limit.count()));
            return "hung";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    if (WEXITSTATUS(status) == 1) return "threw";
    return WEXITSTATUS(status) == 0 ? "returned" : "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace accy_test
