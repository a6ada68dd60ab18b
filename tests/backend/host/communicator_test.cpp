// SPDX-License-Identifier: Apache-2.0
// accy::host::communicator (backend/host/communicator.hpp): collectives between 1, 2 and 4 thread
// ranks against a reference computed here, on fresh random data; a call one rank makes wrongly, or
// the ranks make differently, refused on every rank with the group still usable; a rank that leaves
// failing the collectives that wait for it. Every group runs under a watchdog: a hang fails the test.
#include "support/errors.hpp"
#include "support/thread_ranks.hpp"

#include <accy/backend/host/communicator.hpp>
#include <accy/core/float_types.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <random>
#include <string>
#include <vector>

namespace {

using accy::dtype;
using accy::reduction;
using accy::host::communicator;
using accy::host::rank_group;
using accy_test::fails_with;

template <class T>
accy::buffer view(std::vector<T>& elements) {
    return {reinterpret_cast<std::uintptr_t>(elements.data()), elements.size() * sizeof(T)};
}

void expect_all_returned(const std::vector<std::exception_ptr>& thrown) {
    for (std::size_t r = 0; r < thrown.size(); ++r) {
        try {
            if (thrown[r]) std::rethrow_exception(thrown[r]);
        } catch (const std::exception& failure) {
            BOOST_ERROR("rank " << r << " threw: " << failure.what());
        }
    }
}

/// Each rank's elements, drawn afresh: `count` per rank.
std::vector<std::vector<float>> draw(int size, std::size_t count, std::mt19937& random) {
    std::uniform_real_distribution<float> value(-8.0f, 8.0f);
    std::vector<std::vector<float>> drawn(static_cast<std::size_t>(size), std::vector<float>(count));
    for (auto& rank : drawn)
        for (float& element : rank) element = value(random);
    return drawn;
}

std::mt19937 seeded() {
    const unsigned seed = std::random_device{}();
    BOOST_TEST_MESSAGE("random seed " << seed);
    return std::mt19937(seed);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_communicator)

BOOST_AUTO_TEST_CASE(all_reduce_of_every_reduction_in_rank_order) {
    std::mt19937 random = seeded();
    for (const int size : {1, 2, 4})
        for (const reduction op : {reduction::sum, reduction::product, reduction::max, reduction::min}) {
            const std::size_t count = 1000 + static_cast<std::size_t>(size);  // ragged
            const auto drawn = draw(size, count, random);
            std::vector<float> expected = drawn[0];
            for (std::size_t r = 1; r < drawn.size(); ++r)
                for (std::size_t k = 0; k < count; ++k) {
                    const float a = expected[k], b = drawn[r][k];
                    expected[k] = op == reduction::sum ? a + b : op == reduction::product ? a * b : op == reduction::max ? (b > a ? b : a) : (b < a ? b : a);
                }
            std::vector<std::vector<float>> got(static_cast<std::size_t>(size), std::vector<float>(count));
            expect_all_returned(accy_test::on_thread_ranks(size, [&](int r, communicator& rank) {
                std::vector<float> mine = drawn[static_cast<std::size_t>(r)];
                rank.all_reduce(view(mine), view(got[static_cast<std::size_t>(r)]), count, dtype::f32, op);
            }));
            for (int r = 0; r < size; ++r)
                BOOST_TEST(got[static_cast<std::size_t>(r)] == expected, "rank " << r << " of " << size << ", " << to_string(op));
        }
}

BOOST_AUTO_TEST_CASE(all_reduce_in_place_of_integers_and_half_precision) {
    std::mt19937 random = seeded();
    constexpr int size = 4;
    constexpr std::size_t count = 333;
    std::vector<std::vector<std::int32_t>> integers(size, std::vector<std::int32_t>(count));
    std::vector<std::vector<accy::half>> halves(size, std::vector<accy::half>(count));
    std::uniform_int_distribution<std::int32_t> value(-1000000, 1000000);
    for (int r = 0; r < size; ++r)
        for (std::size_t k = 0; k < count; ++k) {
            integers[r][k] = value(random);
            halves[r][k] = accy::half(static_cast<float>(value(random) % 64) / 8.0f);  // sums exact in f16
        }
    std::vector<std::int32_t> integer_sum(count, 0);
    std::vector<float> half_max(count, -1e9f);
    for (int r = 0; r < size; ++r)
        for (std::size_t k = 0; k < count; ++k) {
            integer_sum[k] += integers[r][k];
            half_max[k] = std::max(half_max[k], static_cast<float>(halves[r][k]));
        }
    expect_all_returned(accy_test::on_thread_ranks(size, [&](int r, communicator& rank) {
        rank.all_reduce(view(integers[r]), view(integers[r]), count, dtype::i32, reduction::sum);  // in place
        rank.all_reduce(view(halves[r]), view(halves[r]), count, dtype::f16, reduction::max);
    }));
    for (int r = 0; r < size; ++r) {
        BOOST_TEST(integers[r] == integer_sum, "rank " << r);
        for (std::size_t k = 0; k < count; ++k) BOOST_TEST(static_cast<float>(halves[r][k]) == half_max[k]);
    }
}

BOOST_AUTO_TEST_CASE(all_gather_reduce_scatter_and_broadcast) {
    std::mt19937 random = seeded();
    for (const int size : {1, 2, 4}) {
        constexpr std::size_t per_rank = 257;
        const auto drawn = draw(size, per_rank * static_cast<std::size_t>(size), random);
        std::vector<float> gathered_expected;
        for (int r = 0; r < size; ++r)
            gathered_expected.insert(gathered_expected.end(), drawn[r].begin(), drawn[r].begin() + per_rank);
        std::vector<float> summed(per_rank * static_cast<std::size_t>(size), 0.0f);
        for (int r = 0; r < size; ++r)
            for (std::size_t k = 0; k < summed.size(); ++k) summed[k] += drawn[r][k];
        const int root = size - 1;

        std::vector<std::vector<float>> gathered(size), scattered(size), broadcast(size);
        expect_all_returned(accy_test::on_thread_ranks(size, [&](int r, communicator& rank) {
            std::vector<float> mine = drawn[r];
            gathered[r].resize(per_rank * static_cast<std::size_t>(size));
            rank.all_gather({view(mine).address, per_rank * sizeof(float)}, view(gathered[r]), per_rank, dtype::f32);
            scattered[r].resize(per_rank);
            rank.reduce_scatter(view(mine), view(scattered[r]), per_rank, dtype::f32, reduction::sum);
            broadcast[r].resize(mine.size());
            rank.broadcast(view(mine), view(broadcast[r]), mine.size(), dtype::f32, root);
        }));
        for (int r = 0; r < size; ++r) {
            BOOST_TEST(gathered[r] == gathered_expected, "all_gather, rank " << r << " of " << size);
            const std::vector<float> block(summed.begin() + r * per_rank, summed.begin() + (r + 1) * per_rank);
            BOOST_TEST(scattered[r] == block, "reduce_scatter, rank " << r << " of " << size);
            BOOST_TEST(broadcast[r] == drawn[root], "broadcast, rank " << r << " of " << size);
        }
    }
}

BOOST_AUTO_TEST_CASE(sends_around_a_ring_never_wait_and_arrive_in_order) {
    std::mt19937 random = seeded();
    for (const int size : {1, 2, 4}) {
        const auto drawn = draw(size, 2 * 100, random);
        std::vector<std::vector<float>> received(size, std::vector<float>(2 * 100));
        expect_all_returned(accy_test::on_thread_ranks(size, [&](int r, communicator& rank) {
            // Every rank sends to the next before it receives from the one before: a send that waited would deadlock.
            std::vector<float> mine = drawn[r];
            const int next = (r + 1) % size, previous = (r + size - 1) % size;
            rank.send({view(mine).address, 100 * sizeof(float)}, 100, dtype::f32, next);
            rank.send({view(mine).address + 100 * sizeof(float), 100 * sizeof(float)}, 100, dtype::f32, next);
            mine.assign(mine.size(), 0.0f);  // a send copied what it sends
            rank.receive(view(received[r]), 100, dtype::f32, previous);
            rank.receive({view(received[r]).address + 100 * sizeof(float), 100 * sizeof(float)}, 100, dtype::f32, previous);
        }));
        for (int r = 0; r < size; ++r) BOOST_TEST(received[r] == drawn[(r + size - 1) % size], "rank " << r << " of " << size);
    }
}

BOOST_AUTO_TEST_CASE(a_call_one_rank_makes_wrongly_is_refused_on_every_rank_and_the_group_goes_on) {
    constexpr int size = 2;
    std::vector<std::vector<float>> data(size, std::vector<float>(64, 1.0f));
    const auto refusals = accy_test::on_thread_ranks(size, [&](int r, communicator& rank) {
        const std::size_t count = r == 1 ? 65 : 64;  // rank 1's buffers hold 64
        std::vector<std::string> failures;
        try {
            rank.all_reduce(view(data[r]), view(data[r]), count, dtype::f32, reduction::sum);
        } catch (const accy::error& failure) {
            if (failure.code() != accy::errc::launch_argument_mismatch) throw;
            failures.push_back(failure.what());
        }
        try {
            rank.all_reduce(view(data[r]), view(data[r]), 64, dtype::f32, r == 0 ? reduction::sum : reduction::max);
        } catch (const accy::error& failure) {
            if (failure.code() != accy::errc::launch_argument_mismatch) throw;
            failures.push_back(failure.what());
        }
        if (failures.size() != 2) throw std::runtime_error("rank " + std::to_string(r) + " was not refused twice");
        if (failures[0].find("rank 1's call of all_reduce of 65 f32 elements: its source holds 256 bytes, and 65 f32 elements take 260") ==
            std::string::npos)
            throw std::runtime_error("rank " + std::to_string(r) + ": " + failures[0]);
        if (failures[1].find("the ranks called different collectives: rank 0 all_reduce (sum) of 64 f32 elements, rank 1 "
                             "all_reduce (max) of 64 f32 elements") == std::string::npos)
            throw std::runtime_error("rank " + std::to_string(r) + ": " + failures[1]);
        rank.all_reduce(view(data[r]), view(data[r]), 64, dtype::f32, reduction::sum);  // the group still works
    });
    expect_all_returned(refusals);
    for (int r = 0; r < size; ++r) BOOST_TEST(data[r] == std::vector<float>(64, 2.0f));
}

BOOST_AUTO_TEST_CASE(a_rank_that_leaves_fails_the_collectives_that_wait_for_it) {
    std::vector<float> data(16, 1.0f);
    const auto thrown = accy_test::on_thread_ranks(3, [&](int r, communicator& rank) {
        if (r == 2) return;  // leaves without taking part
        std::vector<float> mine = data;
        if (r == 1) {
            rank.receive(view(mine), 16, dtype::f32, 2);  // nothing was sent
            return;
        }
        rank.all_reduce(view(mine), view(mine), 16, dtype::f32, reduction::sum);
    });
    BOOST_CHECK_EXCEPTION(std::rethrow_exception(thrown[0]), accy::error,
                          fails_with(accy::errc::device_error, {"accy::host::communicator rank 0 of 3: all_reduce waits for rank "}));
    BOOST_CHECK_EXCEPTION(std::rethrow_exception(thrown[1]), accy::error,
                          fails_with(accy::errc::device_error,
                                     {"accy::host::communicator rank 1 of 3: receive from rank 2, which left the group without sending"}));
    BOOST_TEST(!thrown[2]);
}

BOOST_AUTO_TEST_CASE(ranks_groups_and_dtypes_out_of_range_are_refused) {
    BOOST_CHECK_EXCEPTION(rank_group(0), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"accy::host::rank_group of 0 ranks: the size must be at least 1"}));
    const rank_group group(2);
    const communicator first(group, 0);
    BOOST_CHECK_EXCEPTION(communicator(group, 0), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"rank 0 of a group of 2 ranks joined it already"}));
    BOOST_CHECK_EXCEPTION(communicator(group, 2), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"rank 2 of a group of 2 ranks is out of range"}));
    communicator alone(rank_group(1), 0);
    std::vector<std::int16_t> shorts(4);
    BOOST_CHECK_EXCEPTION(alone.all_reduce(view(shorts), view(shorts), 4, dtype::i16, reduction::sum), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"collectives take no i16 elements"}));
    BOOST_CHECK_EXCEPTION(alone.send(view(shorts), 4, dtype::u8, 1), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"accy::host::communicator rank 0 of 1: send of 4 u8 elements: peer rank 1 is outside the 1 ranks (0 to 0)"}));
    std::vector<float> one(1, 3.0f);
    BOOST_CHECK_EXCEPTION(alone.broadcast(view(one), view(one), 1, dtype::f32, 1), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"root rank 1 is outside the 1 ranks (0 to 0)"}));
    const communicator moved(std::move(alone));
    BOOST_CHECK_EXCEPTION(alone.all_reduce(view(one), view(one), 1, dtype::f32, reduction::sum), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"accy::host::communicator was moved from"}));
}

BOOST_AUTO_TEST_SUITE_END()
