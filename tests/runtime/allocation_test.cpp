// SPDX-License-Identifier: Apache-2.0
// Counts global operator new around repeated launches with a pool and caller-owned intermediates:
// the hot path must not allocate.
#include "support/seed_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::size_t> allocations{0};

}  // namespace

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
    throw std::bad_alloc();
}
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }

BOOST_AUTO_TEST_CASE(no_alloc_on_launches_with_pool_and_intermediates) {
    using accy_test::device_scan;
    accy::testing::recording_backend device;
    device.record_arguments = false;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, accy_test::n_5000);

    const std::size_t before = allocations.load();
    for (int round = 0; round < 1000; ++round)
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, accy_test::seed_operands,
                                           accy_test::seed_results, accy_test::n_5000, accy::use_pool(pool),
                                           accy::use_scratch(scratch));
    const std::size_t during = allocations.load() - before;

    BOOST_TEST(device.launch_count == 3000u);
    BOOST_TEST(during == 0u);
}

BOOST_AUTO_TEST_CASE(alloc_counter_sees_allocations_of_a_cold_launch) {
    // The counter works: a cold launch builds nothing on the heap either, but its recording does.
    using accy_test::device_scan;
    accy::testing::recording_backend device;
    const std::size_t before = allocations.load();
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, accy_test::seed_operands,
                                       accy_test::seed_results, accy_test::n_5000);
    BOOST_TEST(allocations.load() - before > 0u);
}
