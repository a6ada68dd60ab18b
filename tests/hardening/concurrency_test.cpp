// SPDX-License-Identifier: Apache-2.0
// Concurrency tests: 8 threads sharing one artifact pool, each with its own operands, results and
// intermediates, on the host backend (results checked against a C++ scan) and on the recording
// backend (item 9: every launch counted and recorded). The tsan preset runs them under
// ThreadSanitizer. ACCY_HARDENING_LAUNCHES sets the launches per thread (default 1000 on the host
// backend, 2000 on the recording backend).
#include "support/host_scan.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace {

constexpr unsigned thread_count = 8;

std::size_t launches_per_thread(std::size_t fallback) {
    const char* set = std::getenv("ACCY_HARDENING_LAUNCHES");
    return set != nullptr ? std::strtoull(set, nullptr, 10) : fallback;
}

/// Runs `body(thread)` on 8 threads at once; rethrows the first exception any of them threw.
template <class Body>
void on_8_threads(Body body) {
    std::vector<std::thread> threads;
    std::mutex guard;
    std::exception_ptr first;
    std::atomic<unsigned> ready{0};
    for (unsigned t = 0; t < thread_count; ++t)
        threads.emplace_back([&, t] {
            ready.fetch_add(1);
            while (ready.load() < thread_count) std::this_thread::yield();  // start together
            try {
                body(t);
            } catch (...) {
                const std::lock_guard lock(guard);
                if (!first) first = std::current_exception();
            }
        });
    for (std::thread& thread : threads) thread.join();
    if (first) std::rethrow_exception(first);
}

BOOST_AUTO_TEST_SUITE(concurrency)

BOOST_AUTO_TEST_CASE(eight_threads_share_one_pool_on_the_host_backend) {
    accy::host::backend device(4);
    const auto pool = accy::load_artifacts<accy_test::host_scan>(device, accy::formats::host);
    const std::size_t launches = launches_per_thread(1000);
    std::array<std::size_t, thread_count> correct{};
    on_8_threads([&](unsigned t) {
        const std::uint32_t n = 500 + 97 * t;  // each thread its own size
        const std::tuple<std::uint32_t> scalars{n};
        const auto scratch = accy::allocate_scratch<accy_test::host_scan>(device, scalars);
        const std::array<accy::buffer, 1> operands{device.allocate_buffer(n * sizeof(float))};
        const std::array<accy::buffer, 1> results{device.allocate_buffer(n * sizeof(float))};
        std::vector<float> input(n), expected(n), output(n);
        for (std::size_t launch = 0; launch < launches; ++launch) {
            float running = 0;
            for (std::uint32_t i = 0; i < n; ++i) {
                input[i] = static_cast<float>((i + launch + t) % 7);  // small integers: the sums are exact
                expected[i] = running += input[i];
            }
            device.upload(operands[0], input.data(), n * sizeof(float));
            accy::launch_pipeline<accy_test::host_scan>(device, accy::formats::host, operands, results, scalars,
                                                        accy::use_pool(pool),
                                                        accy::use_scratch(scratch.buffers()));
            device.download(output.data(), results[0], n * sizeof(float));
            if (output == expected) ++correct[t];
        }
        device.free_buffer(operands[0]);
        device.free_buffer(results[0]);
    });
    for (unsigned t = 0; t < thread_count; ++t) BOOST_TEST(correct[t] == launches, "thread " << t);
}

BOOST_AUTO_TEST_CASE(item9_the_recording_backend_shared_by_8_threads_counts_every_call) {
    accy::testing::recording_backend device;
    const auto pool = accy::load_artifacts<accy_test::device_scan>(device, accy::formats::cuda_ptx);
    const std::size_t launches = launches_per_thread(2000);
    // Ids far above any the backend hands out here: the scan pipeline's 1001 and 1002 would collide with them.
    const std::array operands{accy::testing::recording_backend::buffer_for(1'000'001, 20000)};
    const std::array results{accy::testing::recording_backend::buffer_for(1'000'002, 20000)};
    on_8_threads([&](unsigned t) {
        const std::tuple<std::uint32_t> scalars{5000};
        for (std::size_t launch = 0; launch < launches; ++launch) {
            if (launch % 2 == 0) {  // a cold launch: allocates, loads, waits, destroys
                accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx, operands, results, scalars);
            } else {
                const auto scratch = accy::allocate_scratch<accy_test::device_scan>(device, scalars);
                accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx, operands, results,
                                                              scalars, accy::use_pool(pool),
                                                              accy::use_scratch(scratch.buffers()),
                                                              accy::on_stream(t));
            }
        }
    });
    const std::size_t total = thread_count * launches;
    BOOST_TEST(device.launch_count == 3 * total);
    BOOST_TEST(device.launches.size() == 3 * total);
    BOOST_TEST(device.allocate_count == total);                     // one scratch arena per launch
    BOOST_TEST(device.load_count == 3 + 3 * (total / 2));           // the pool's, and each cold launch's
    BOOST_TEST(device.live_objects() == 3u);                        // only the pool's kernels remain
    std::vector<accy::testing::recording_backend::object_id> ids = device.allocated_ids;
    ids.insert(ids.end(), device.loaded_ids.begin(), device.loaded_ids.end());
    std::sort(ids.begin(), ids.end());
    BOOST_TEST((std::adjacent_find(ids.begin(), ids.end()) == ids.end()));  // every id handed out once
    BOOST_TEST(ids.size() == total + 3 + 3 * (total / 2));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
