// SPDX-License-Identifier: Apache-2.0
// Counts global operator new (support/allocation_counter.cpp) around repeated launches with a pool and
// caller-owned scratch: the hot path must not allocate.
#include "support/allocation_counter.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>

namespace {

using namespace accy_test;

}  // namespace

BOOST_AUTO_TEST_CASE(no_alloc_on_launches_with_pool_and_intermediates) {
    recording_backend device;
    device.record_arguments = false;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, n_5000);

    const std::size_t before = allocations();
    for (int round = 0; round < 1000; ++round)
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_pool(pool), accy::use_scratch(scratch));
    const std::size_t during = allocations() - before;

    BOOST_TEST(device.launch_count == 3000u);
    BOOST_TEST(during == 0u);
}

BOOST_AUTO_TEST_CASE(alloc_counter_sees_allocations_of_a_cold_launch) {
    // The counter works: a cold launch builds nothing on the heap either, but its recording does.
    recording_backend device;
    const std::size_t before = allocations();
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000);
    BOOST_TEST(allocations() - before > 0u);
}
