// SPDX-License-Identifier: Apache-2.0
// The split scan without a GPU: how the array is cut, the scan on host backends standing for
// devices against the C++ reference, what each device is asked to run and which totals cross
// (recording backends), and a device failing part way.
#include "multi_gpu/recording_devices.hpp"
#include "support/errors.hpp"
#include "support/random_data.hpp"

#include "common/random_values.hpp"
#include "scan/scan_check.hpp"
#include "split_scan/host_devices.hpp"
#include "split_scan/split_scan.hpp"

#include <accy/accy.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace {

using accy_examples::split::host_devices;
using accy_examples::split::slices_of;
using accy_examples::split::split_scan;
using accy_multi_gpu_test::recording_devices;

constexpr std::uint32_t tile = accy_examples::scan::tile::elements;

/// Whether the split scan over `devices` of fresh values of `T` matches the C++ scan.
template <class T, class Devices, class Format>
bool scans_like_the_reference(Devices& devices, Format format, std::uint32_t n, std::mt19937& engine) {
    split_scan<T, Devices, Format> scan(devices, format, n);
    const std::vector<T> input = accy_examples::random_values<T>(engine, n);
    scan.upload(input);
    scan.launch();
    return accy_examples::scan::check<T>(input, scan.download(), "split scan");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(split_scan_without_gpu)

BOOST_AUTO_TEST_CASE(slices_cover_the_array_in_order_and_differ_by_one_at_most) {
    for (const std::uint32_t n : {1u, 2u, 3u, 7u, 100u, tile + 1, 1000003u})
        for (std::size_t devices = 1; devices <= 8; ++devices) {
            const auto slices = slices_of(n, devices);
            BOOST_TEST(slices.size() == std::min<std::size_t>(devices, n));
            std::size_t next = 0;
            for (const auto& share : slices) {
                BOOST_TEST(share.first == next);
                BOOST_TEST(share.count >= slices.back().count);
                BOOST_TEST(share.count <= slices.back().count + 1);
                next += share.count;
            }
            BOOST_TEST(next == n, "n " << n << " over " << devices << " devices");
        }
}

BOOST_AUTO_TEST_CASE(host_backends_standing_for_devices_scan_like_one) {
    std::mt19937 engine = accy_test::fresh_engine();
    for (std::size_t count = 1; count <= 5; ++count) {
        host_devices devices(count);
        for (const std::uint32_t n : {1u, 2u, 5u, tile - 1, tile, tile + 1, 3 * tile + 5, 100003u})
            BOOST_TEST(scans_like_the_reference<std::int32_t>(devices, accy::formats::host, n, engine),
                       "i32, n " << n << " over " << count << " devices");
        BOOST_TEST(scans_like_the_reference<float>(devices, accy::formats::host, 100003u, engine), "f32 over " << count);
    }
}

BOOST_AUTO_TEST_CASE(each_device_runs_its_slice_on_its_stream_and_receives_the_totals_before_it) {
    recording_devices devices(3);
    constexpr std::uint32_t n = 3 * tile + 5;  // slices of 8194, 8194 and 8193 elements: two tiles each
    split_scan<std::int32_t, recording_devices, accy::format> scan(devices, accy::format::host, n);
    scan.launch();

    const auto slices = slices_of(n, 3);
    for (std::size_t device = 0; device < 3; ++device) {
        const auto& launches = devices[device].launches;
        BOOST_TEST_REQUIRE(launches.size() == 5u);  // reduce_tiles, scan_sums, slice_total; add_carry, scan_tiles
        for (const auto& launch : launches) BOOST_TEST(launch.on.value() == devices.stream(device));
        BOOST_TEST(launches[0].value<std::uint32_t>(2) == slices[device].count);
        BOOST_TEST(launches[3].value<std::uint32_t>(3) == device);  // predecessors
        BOOST_TEST(launches[3].value<std::uint32_t>(4) == 2u);      // tiles
        BOOST_TEST(launches[4].value<std::uint32_t>(3) == slices[device].count);
    }

    // Device 1 receives device 0's total; device 2 those of devices 0 and 1, each into its own element.
    const std::vector<std::pair<std::size_t, std::size_t>> expected{{1, 0}, {2, 0}, {2, 1}};
    BOOST_TEST_REQUIRE(devices.copies.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        const auto& copied = devices.copies[k];
        const auto [receiver, sender] = expected[k];
        BOOST_TEST(copied.target == receiver);
        BOOST_TEST(copied.source == sender);
        BOOST_TEST(copied.bytes == sizeof(std::int32_t));
        // From the buffer slice_total writes on the sender, into the totals add_carry reads on the receiver.
        BOOST_TEST(devices[sender].id_of(copied.from) == devices[sender].launches[2].buffer_id(0));
        BOOST_TEST(devices[receiver].id_of(copied.to) == devices[receiver].launches[3].buffer_id(2));
        BOOST_TEST(copied.to.address % accy::buffer_alignment == sender * sizeof(std::int32_t));
    }
}

BOOST_AUTO_TEST_CASE(a_device_failing_part_way_leaves_nothing_on_any_device) {
    {
        recording_devices devices(3);
        devices[2].load_fault.after = 0;  // the third device cannot load its kernels
        BOOST_CHECK_EXCEPTION((split_scan<float, recording_devices, accy::format>(devices, accy::format::host, 5 * tile)),
                              accy::error, accy_test::fails_with(accy::errc::runtime_unavailable, {"slice_sums"}));
        for (std::size_t device = 0; device < 3; ++device) BOOST_TEST(devices[device].live_objects() == 0u);
        BOOST_TEST(devices[0].load_count > 0u);
    }
    {
        recording_devices devices(3);
        devices[1].allocate_fault.after = 6;  // the second device runs out of memory for its scratch
        BOOST_CHECK_EXCEPTION((split_scan<float, recording_devices, accy::format>(devices, accy::format::host, 5 * tile)),
                              accy::error, accy_test::code_is(accy::errc::out_of_memory));
        for (std::size_t device = 0; device < 3; ++device) BOOST_TEST(devices[device].live_objects() == 0u);
    }
}

BOOST_AUTO_TEST_SUITE_END()
