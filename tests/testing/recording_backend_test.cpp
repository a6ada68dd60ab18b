// SPDX-License-Identifier: Apache-2.0
// The recording backend's addresses (`testing/recording_backend.hpp`): allocations placed apart at any size,
// aligned, with ids of their own and out_of_memory where the address space ends; made-up buffers in slots of
// their own; and a pipeline of 8 GiB buffers, which the former id-shifted addresses made overlap.
#include "support/errors.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

namespace {

using accy::testing::recording_backend;
using accy_test::fails_with;

constexpr std::uint64_t gib = std::uint64_t{1} << 30;

}  // namespace

BOOST_AUTO_TEST_SUITE(recording_backend_addresses)

BOOST_AUTO_TEST_CASE(allocations_of_any_size_are_aligned_apart_and_found_by_id) {
    recording_backend device;
    const std::vector<std::size_t> sizes{0, 1, 255, 256, 257, 8 * gib, 0, std::uint64_t{1} << 40, 3};
    std::vector<accy::buffer> placed;
    for (const std::size_t size : sizes) placed.push_back(device.allocate_buffer(size));
    const auto kernel = device.load_artifact({});  // kernels and buffers share the id counter
    const accy::buffer after = device.allocate_buffer(16);

    for (std::size_t i = 0; i < placed.size(); ++i) {
        BOOST_TEST_CONTEXT("buffer " << i << " of " << sizes[i] << " bytes") {
            BOOST_TEST(device.allocated_ids[i] == i + 1);
            BOOST_TEST(placed[i].byte_size == sizes[i]);
            BOOST_TEST(placed[i].address >= recording_backend::allocation_base);
            BOOST_TEST(placed[i].address % accy::buffer_alignment == 0u);
            BOOST_TEST(!accy::wraps(placed[i]));
            BOOST_TEST(device.allocated_addresses[i] == placed[i].address);
            for (std::size_t j = 0; j < i; ++j) {
                BOOST_TEST(placed[i].address != placed[j].address, "shares its address with buffer " << j);
                BOOST_TEST(!accy::overlap(placed[i], placed[j]), "overlaps buffer " << j);
            }
            BOOST_TEST(device.id_of(placed[i]) == device.allocated_ids[i]);
            if (sizes[i] > 1)  // a view inside the buffer, at its last byte
                BOOST_TEST(device.id_of({placed[i].address + sizes[i] - 1, 1}) == device.allocated_ids[i]);
        }
    }
    BOOST_TEST(kernel == sizes.size() + 1);
    BOOST_TEST(device.id_of(after) == sizes.size() + 2);
    BOOST_TEST(device.id_of({after.address + accy::buffer_alignment, 1}) == 0u);  // past the last allocation
    device.free_buffer(placed[5]);
    BOOST_TEST(device.destroyed(6));
}

BOOST_AUTO_TEST_CASE(made_up_buffers_take_slots_of_their_own_below_the_allocations) {
    recording_backend device;
    const accy::buffer first = recording_backend::buffer_for(1001, recording_backend::made_up_slot);
    const accy::buffer second = recording_backend::buffer_for(1002, recording_backend::made_up_slot);
    const accy::buffer allocated = device.allocate_buffer(8 * gib);
    BOOST_TEST(!accy::overlap(first, second));
    BOOST_TEST(second.address + second.byte_size <= recording_backend::allocation_base);
    BOOST_TEST(!accy::overlap(second, allocated));
    BOOST_TEST(device.id_of(first) == 1001u);
    BOOST_TEST(device.id_of({first.address + first.byte_size - 1, 1}) == 1001u);
    BOOST_TEST(device.id_of(second) == 1002u);
    BOOST_TEST(device.id_of({0, 16}) == 0u);

    const recording_backend::object_id last = recording_backend::made_up_ids - 1;
    BOOST_TEST(device.id_of(recording_backend::buffer_for(last, recording_backend::made_up_slot)) == last);
    BOOST_CHECK_EXCEPTION(recording_backend::buffer_for(1001, recording_backend::made_up_slot + 1), accy::error,
                          fails_with(accy::errc::out_of_memory, {"a made-up buffer of id 1001 and 1099511627777 bytes "
                                                                 "does not fit its slot"}));
    BOOST_CHECK_EXCEPTION(recording_backend::buffer_for(recording_backend::made_up_ids, 1), accy::error,
                          fails_with(accy::errc::out_of_memory, {"ids below 8388608"}));
}

BOOST_AUTO_TEST_CASE(sizes_near_size_max_are_out_of_memory_not_wrapped) {
    recording_backend device;
    constexpr std::size_t max = std::numeric_limits<std::size_t>::max();
    for (const std::size_t size : {max, max - 255, max - accy::buffer_alignment, recording_backend::allocation_space + 1}) {
        BOOST_TEST_CONTEXT(size << " bytes") {
            BOOST_CHECK_EXCEPTION(device.allocate_buffer(size), accy::error,
                                  fails_with(accy::errc::out_of_memory,
                                             {"cannot place a buffer of " + std::to_string(size) + " bytes"}));
        }
    }
    BOOST_TEST(device.allocate_count == 0u);
    BOOST_TEST(device.allocated_ids.empty());

    // Half the upper half, then all but one step of the rest, then that step, ending at 2^64: then nothing fits.
    const std::uint64_t half = recording_backend::allocation_space / 2;
    device.allocate_buffer(half);
    device.allocate_buffer(half - accy::buffer_alignment - 17);
    const accy::buffer last = device.allocate_buffer(accy::buffer_alignment);
    BOOST_TEST(last.address == std::numeric_limits<std::uint64_t>::max() - accy::buffer_alignment + 1);
    BOOST_TEST(!accy::wraps(last));
    for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4096}}) {
        BOOST_CHECK_EXCEPTION(device.allocate_buffer(size), accy::error,
                              fails_with(accy::errc::out_of_memory, {"0 bytes of address space are left"}));
    }
    BOOST_TEST(device.allocate_count == 3u);
}

BOOST_AUTO_TEST_CASE(a_pipeline_of_2_31_f32_elements_launches_on_buffers_of_8_gib) {
    using namespace accy_test;
    recording_backend device;
    const std::uint32_t elements = std::uint32_t{1} << 31;
    const std::array operands{device.allocate_buffer(std::size_t{elements} * sizeof(float))};
    const std::array results{device.allocate_buffer(std::size_t{elements} * sizeof(float))};
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, operands, results, std::tuple<std::uint32_t>{elements});

    BOOST_TEST_REQUIRE(device.launches.size() == 3u);
    BOOST_TEST((device.launches[0].config.grid == accy::dim3{elements / 64, 1, 1}));
    BOOST_TEST(device.launches[0].buffer_id(0) == device.id_of(results[0]));
    BOOST_TEST(device.launches[0].buffer_id(1) == device.id_of(operands[0]));
    BOOST_TEST(device.launches[0].value<std::uint32_t>(3) == elements);
    // The scratch arena: both intermediates, live together at stage 1.
    BOOST_TEST(device.allocated_byte_sizes.at(2) == 2 * (std::size_t{elements} / 64 * sizeof(float)));
}

BOOST_AUTO_TEST_SUITE_END()
