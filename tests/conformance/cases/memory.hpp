// SPDX-License-Identifier: Apache-2.0
// Defines the conformance cases of buffers: allocation and freeing, alignment, an empty buffer, out of memory,
// transfers, fill_zero.
// Included by a test executable after it declares `accy_conformance::models` (see conformance/model.hpp).
#pragma once

#include "conformance/support.hpp"

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace accy_conformance {

/// `count` random bytes in [1, 255]: a byte left unwritten or wrongly zeroed shows.
inline std::vector<unsigned char> random_bytes(std::mt19937& engine, std::size_t count) {
    std::uniform_int_distribution<unsigned> draw(1, 255);
    std::vector<unsigned char> bytes(count);
    for (unsigned char& byte : bytes) byte = static_cast<unsigned char>(draw(engine));
    return bytes;
}

// An error here that `models` is not declared means the including file must declare the type list of its model first.
BOOST_AUTO_TEST_SUITE(conformance)

BOOST_AUTO_TEST_CASE_TEMPLATE(allocations_are_aligned_disjoint_and_hold_their_size, Model, models) {
    typename Model::backend device = Model::make();
    constexpr std::array<std::size_t, 7> sizes{1, 3, 255, 256, 257, 4096, 1'000'003};
    std::vector<accy::buffer> buffers;
    for (const std::size_t size : sizes) buffers.push_back(device.allocate_buffer(size));

    std::mt19937 engine;  // seeded afresh where the model computes
    if constexpr (Model::computes) engine = accy_test::fresh_engine();
    std::vector<std::vector<unsigned char>> written;
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        BOOST_TEST_CONTEXT("buffer " << i << " of " << sizes[i] << " bytes") {
            BOOST_TEST(buffers[i].address != 0u);
            BOOST_TEST(buffers[i].address % accy::buffer_alignment == 0u);
            BOOST_TEST(buffers[i].byte_size == sizes[i]);
            for (std::size_t j = 0; j < i; ++j)
                BOOST_TEST(!accy::overlap(buffers[i], buffers[j]), "overlaps buffer " << j);
        }
        if constexpr (Model::computes) {  // every byte of each is its own: fill them all, then read each back
            written.push_back(random_bytes(engine, sizes[i]));
            upload<unsigned char>(device, buffers[i], written.back());
        }
    }
    if constexpr (Model::computes)
        for (std::size_t i = 0; i < buffers.size(); ++i)
            check_equal(download<unsigned char>(device, buffers[i], sizes[i]), written[i]);
    for (const accy::buffer& allocated : buffers) device.free_buffer(allocated);

    if constexpr (Model::records_calls) {
        BOOST_TEST(device.allocate_count == sizes.size());
        BOOST_TEST(device.allocated_byte_sizes == std::vector<std::size_t>(sizes.begin(), sizes.end()),
                   boost::test_tools::per_element());
        for (const accy::buffer& freed : buffers) BOOST_TEST(device.destroyed(device.id_of(freed)));
        BOOST_TEST(device.live_objects() == 0u);
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_zero_byte_allocation_is_an_empty_buffer_that_frees, Model, models) {
    typename Model::backend device = Model::make();
    const accy::buffer empty = device.allocate_buffer(0);
    BOOST_TEST(empty.byte_size == 0u);
    device.free_buffer(empty);
    if constexpr (Model::records_calls) {
        BOOST_TEST(device.allocated_byte_sizes == std::vector<std::size_t>{0}, boost::test_tools::per_element());
        BOOST_TEST(device.live_objects() == 0u);
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(an_allocation_the_system_cannot_give_is_out_of_memory, Model, models) {
    typename Model::backend device = Model::make();
    constexpr std::size_t pebibyte = std::size_t{1} << 50;  // past any host's address space and any device's memory
    if constexpr (Model::limits_memory) {
        BOOST_CHECK_EXCEPTION(device.allocate_buffer(pebibyte), accy::error,
                              fails_with(accy::errc::out_of_memory, {std::to_string(pebibyte) + " bytes"}));
    } else {
        say_instead<Model>("allocates any size; an injected allocation fault refuses with out_of_memory");
        const accy::buffer any = device.allocate_buffer(pebibyte);
        BOOST_TEST(any.byte_size == pebibyte);
        device.free_buffer(any);
        device.allocate_fault.after = device.allocate_count;
        BOOST_CHECK_EXCEPTION(device.allocate_buffer(1), accy::error, fails_with(accy::errc::out_of_memory));
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(an_upload_then_a_download_round_trips, Model, models) {
    typename Model::backend device = Model::make();
    if constexpr (Model::computes) {
        std::mt19937 engine = accy_test::fresh_engine();
        const std::vector<unsigned char> sent = random_bytes(engine, 100'003);
        const owned_buffer buffer(device, sent.size() + 500);  // a transfer may cover only the start of a buffer
        upload<unsigned char>(device, buffer.view(), sent);
        check_equal(download<unsigned char>(device, buffer.view(), sent.size()), sent);
        const std::vector<unsigned char> prefix(sent.begin(), sent.begin() + 1000);
        check_equal(download<unsigned char>(device, buffer.view(), prefix.size()), prefix);
    } else {
        say_instead<Model>("buffers hold no data and there is no upload or download (checked at compile time)");
        static_assert(!transfers<typename Model::backend>);
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_transfer_past_the_buffer_or_of_a_null_buffer_is_an_argument_mismatch, Model, models) {
    typename Model::backend device = Model::make();
    if constexpr (Model::computes && Model::checks_arguments) {
        const owned_buffer buffer(device, 64);
        std::vector<unsigned char> host(65, 1);
        BOOST_CHECK_EXCEPTION(device.upload(buffer.view(), host.data(), 65), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch, {"upload of 65 bytes", "holds 64"}));
        BOOST_CHECK_EXCEPTION(device.download(host.data(), buffer.view(), 65), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch, {"download of 65 bytes", "holds 64"}));
        device.upload(buffer.view(), host.data(), 0);  // the edges fit
        device.download(host.data(), buffer.view(), 64);
        // A null buffer (address 0) of any size: nothing to copy to or from.
        const accy::buffer null{0, 64};
        BOOST_CHECK_EXCEPTION(device.upload(null, host.data(), 1), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch, {"upload of 1 bytes", "null buffer"}));
        BOOST_CHECK_EXCEPTION(device.download(host.data(), null, 1), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch, {"download of 1 bytes", "null buffer"}));
    } else {
        static_assert(!transfers<typename Model::backend>, "a model that transfers must check the transfer's size");
        say_instead<Model>("there is no transfer to refuse (checked at compile time)");
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(fill_zero_clears_exactly_its_view_on_a_stream_and_on_the_default_stream, Model, models) {
    typename Model::backend device = Model::make();
    const auto stream = Model::make_stream(device);
    std::mt19937 engine = accy_test::fresh_engine();
    constexpr std::size_t size = 10'000, begin = 256, end = 9'000;  // the view: [begin, end)
    const owned_buffer buffer(device, size);
    const accy::buffer middle{buffer.view().address + begin, end - begin};
    for (const std::optional<typename Model::backend::stream> on :
         {std::optional<typename Model::backend::stream>{}, std::optional(stream.get())}) {
        BOOST_TEST_CONTEXT((on ? "on a stream" : "on the default stream")) {
            std::vector<unsigned char> expected = random_bytes(engine, size);
            if constexpr (Model::computes) {
                upload<unsigned char>(device, buffer.view(), expected);
                device.synchronize(std::nullopt);  // the upload is done before work on another stream starts
            }
            device.fill_zero(middle, on);
            device.synchronize(on);
            if constexpr (Model::computes) {
                std::fill(expected.begin() + begin, expected.begin() + end, 0);
                check_equal(download<unsigned char>(device, buffer.view(), size), expected);
            }
            if constexpr (Model::records_calls) {
                BOOST_TEST(device.zeroed_ids.back() == device.id_of(buffer.view()));
                BOOST_TEST((device.synchronized.back() == on));
            }
        }
    }
    if constexpr (Model::records_calls) BOOST_TEST(device.fill_count == 2u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace accy_conformance
