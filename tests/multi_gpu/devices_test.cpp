// SPDX-License-Identifier: Apache-2.0
// The multi-device view on every device of the machine: peer access between every two, copies
// between every two with and without it, the split scan over all of them, a thread per device, one
// load of each payload for all. Exits 77, which ctest counts as skipped, with fewer than 2 devices.
#include "multi_gpu/cuda_cases.hpp"
#include "support/errors.hpp"

#include <accy/backend/cuda.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>

namespace {

using namespace accy_multi_gpu_test;

using require_two_devices = devices_needed<2>;
BOOST_TEST_GLOBAL_FIXTURE(require_two_devices);

constexpr std::initializer_list<std::uint32_t> split_sizes{1, 2, 1000, tile + 1, (1u << 20) + 3, (1u << 27) + 7};

}  // namespace

BOOST_AUTO_TEST_SUITE(multi_gpu_devices)

// First, before any peer access is enabled: every copy is staged through host memory by the driver.
BOOST_AUTO_TEST_CASE(copies_and_the_split_scan_without_peer_access) {
    accy::cuda::devices devices;
    check_copies_between_every_two(devices);
    check_split_scan(devices, split_sizes);
}

BOOST_AUTO_TEST_CASE(peer_access_is_enabled_where_the_devices_can_and_refused_where_not) {
    accy::cuda::devices devices;
    for (const accy::cuda::backend& from : devices)
        for (const accy::cuda::backend& to : devices) {
            BOOST_TEST_MESSAGE("device " << from.ordinal() << " to " << to.ordinal() << ": peer access "
                                         << (accy::cuda::can_access_peer(from, to) ? "yes" : "no"));
            if (accy::cuda::can_access_peer(from, to)) {
                accy::cuda::enable_peer_access(from, to);
                accy::cuda::enable_peer_access(from, to);  // again: no error
            } else {
                BOOST_CHECK_EXCEPTION(accy::cuda::enable_peer_access(from, to), accy::error,
                                      accy_test::code_is(accy::errc::unsupported_operation));
            }
        }
}

BOOST_AUTO_TEST_CASE(copies_and_the_split_scan_with_peer_access) {
    accy::cuda::devices devices;
    BOOST_TEST_MESSAGE("every two devices have peer access: " << devices.enable_peer_access());
    check_copies_between_every_two(devices);
    check_split_scan(devices, split_sizes);
}

BOOST_AUTO_TEST_CASE(a_thread_per_device) {
    accy::cuda::devices devices;
    check_thread_per_device(devices);
}

BOOST_AUTO_TEST_CASE(one_load_of_each_payload_for_every_device) {
    accy::cuda::devices devices;
    check_one_load_for_every_device(devices);
}

BOOST_AUTO_TEST_CASE(chosen_ordinals_in_the_order_asked) {
    const int last = accy::cuda::device_count() - 1;
    accy::cuda::devices devices{last, 0};
    BOOST_TEST(devices[0].ordinal() == last);
    BOOST_TEST(devices[1].ordinal() == 0);
    check_split_scan(devices, {tile + 1, (1u << 20) + 3});
}

BOOST_AUTO_TEST_SUITE_END()
