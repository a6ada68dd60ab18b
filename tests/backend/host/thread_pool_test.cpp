// SPDX-License-Identifier: Apache-2.0
#include <accy/backend/host/thread_pool.hpp>

#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

namespace {

/// Counts the calls of each index and the distinct threads that made them.
struct counting_job {
    std::vector<std::atomic<unsigned>> calls;
    std::atomic<unsigned> total{0};

    explicit counting_job(std::size_t count) : calls(count) {}

    void operator()(std::uint64_t index) noexcept {
        calls[index].fetch_add(1, std::memory_order_relaxed);
        total.fetch_add(1, std::memory_order_relaxed);
    }

    bool each_index_once() const {
        for (const std::atomic<unsigned>& count : calls)
            if (count.load() != 1) return false;
        return true;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(host_thread_pool)

BOOST_AUTO_TEST_CASE(size_counts_the_caller) {
    BOOST_TEST(accy::host::thread_pool(0).size() == 1u);
    BOOST_TEST(accy::host::thread_pool(1).size() == 1u);
    BOOST_TEST(accy::host::thread_pool(4).size() == 4u);
}

BOOST_AUTO_TEST_CASE(runs_every_index_once_for_counts_below_and_above_the_thread_count) {
    for (unsigned threads : {1u, 2u, 4u})
        for (std::size_t count : {1u, 2u, 3u, 5u, 1000u}) {
            accy::host::thread_pool pool(threads);
            counting_job job(count);
            pool.run(count, job);
            BOOST_TEST(job.each_index_once(), "threads " << threads << ", count " << count);
        }
}

BOOST_AUTO_TEST_CASE(an_empty_job_runs_nothing) {
    accy::host::thread_pool pool(3);
    counting_job job(0);
    pool.run(0, job);
    BOOST_TEST(job.total.load() == 0u);
}

BOOST_AUTO_TEST_CASE(uses_its_workers) {
    accy::host::thread_pool pool(4);
    std::atomic<unsigned> running{0};
    std::atomic<unsigned> most{0};
    // Each call waits a little while the others start, so that several threads overlap.
    auto body = [&](std::uint64_t) noexcept {
        const unsigned now = running.fetch_add(1) + 1;
        for (unsigned seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        running.fetch_sub(1);
    };
    pool.run(16, body);
    BOOST_TEST(most.load() > 1u);
    BOOST_TEST(most.load() <= 4u);
}

BOOST_AUTO_TEST_CASE(each_job_sees_what_the_previous_one_wrote) {
    accy::host::thread_pool pool(3);
    std::vector<std::uint64_t> from(257, 0), to(257, 0);
    constexpr std::uint64_t rounds = 2000;
    for (std::uint64_t round = 0; round < rounds; ++round) {
        // Each index reads what another index, likely on another thread, wrote in the previous job.
        auto body = [&](std::uint64_t index) noexcept { to[index] = from[(index + 1) % from.size()] + 1; };
        pool.run(to.size(), body);
        std::swap(from, to);
    }
    for (const std::uint64_t value : from) BOOST_TEST(value == rounds);
}

BOOST_AUTO_TEST_CASE(jobs_from_two_threads_run_one_after_another) {
    accy::host::thread_pool pool(3);
    counting_job first(100), second(100);
    std::thread other([&] {
        for (int round = 0; round < 50; ++round) pool.run(100, second);
    });
    for (int round = 0; round < 50; ++round) pool.run(100, first);
    other.join();
    BOOST_TEST(first.total.load() == 5000u);
    BOOST_TEST(second.total.load() == 5000u);
}

BOOST_AUTO_TEST_SUITE_END()
