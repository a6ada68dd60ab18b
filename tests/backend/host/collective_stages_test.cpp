// SPDX-License-Identifier: Apache-2.0
// Pipelines with collective stages on 1, 2 and 4 thread ranks, each with a host backend and an
// accy::host::communicator of its own, against the same computation in one thread on fresh random
// data: a step (kernel, all_reduce, kernel), and a pipeline of every collective. Under a watchdog.
#include "support/collective_pipeline.hpp"
#include "support/random_data.hpp"
#include "support/thread_ranks.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/device_buffer.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <random>
#include <vector>

namespace {

namespace collectives = accy_test::collectives;
using buffer = accy::device_buffer<float, accy::host::backend>;

std::vector<float> drawn(std::uint32_t count, std::mt19937& engine) {
    std::uniform_real_distribution<float> value(-4.0f, 4.0f);
    std::vector<float> values(count);
    std::generate(values.begin(), values.end(), [&] { return value(engine); });
    return values;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_collective_stages)

BOOST_AUTO_TEST_CASE(a_step_with_an_all_reduce_stage_matches_one_thread) {
    std::mt19937 engine = accy_test::fresh_engine();
    for (const int ranks : {1, 2, 4})
        for (const std::uint32_t n : {1u, 1000u, 4099u}) {
            BOOST_TEST_CONTEXT(ranks << " rank(s), n " << n) {
                std::vector<std::vector<float>> inputs(ranks);
                for (auto& input : inputs) input = drawn(n, engine);
                std::vector<float> expected(n);
                for (std::uint32_t i = 0; i < n; ++i) {
                    float sum = 2.0f * inputs[0][i];  // in rank order, as the communicator sums
                    for (int r = 1; r < ranks; ++r) sum += 2.0f * inputs[r][i];
                    expected[i] = 2.0f * sum;
                }
                std::vector<std::vector<float>> got(ranks);
                const std::vector<std::exception_ptr> thrown = accy_test::on_thread_ranks(ranks, [&](int r, accy::host::communicator& communicator) {
                    accy::host::backend device(1);
                    buffer in(device, n), out(device, n);
                    in.upload(inputs[r]);
                    accy::launch_pipeline<collectives::step>(device, accy::formats::host, std::array{in.view()}, std::array{out.view()},
                                                             collectives::step::runtime_scalars(n), accy::use_communicator(communicator));
                    got[r] = out.download();
                });
                for (int r = 0; r < ranks; ++r) {
                    BOOST_TEST(!thrown[r], "rank " << r << ": " << accy_test::what_of(thrown[r]));
                    BOOST_TEST(got[r] == expected, "rank " << r);
                }
            }
        }
}

BOOST_AUTO_TEST_CASE(every_collective_stage_matches_one_thread) {
    std::mt19937 engine = accy_test::fresh_engine();
    for (const int ranks : {1, 2, 4}) {
        const std::uint32_t n = 257;
        BOOST_TEST_CONTEXT(ranks << " rank(s)") {
            std::vector<std::vector<float>> inputs(ranks);
            std::vector<float> gathered;
            for (auto& input : inputs) {
                input = drawn(n, engine);
                gathered.insert(gathered.end(), input.begin(), input.end());
            }
            std::vector<float> from_root(n);
            for (std::uint32_t i = 0; i < n; ++i) {
                float sum = inputs[0][i];
                for (int r = 1; r < ranks; ++r) sum += inputs[0][i];
                from_root[i] = sum;
            }
            std::vector<std::array<std::vector<float>, 3>> got(ranks);
            const std::vector<std::exception_ptr> thrown = accy_test::on_thread_ranks(ranks, [&](int r, accy::host::communicator& communicator) {
                accy::host::backend device(1);
                buffer in(device, n), all(device, n * static_cast<std::uint32_t>(ranks)), root(device, n), received(device, n);
                in.upload(inputs[r]);
                const auto scalars = collectives::every::runtime_scalars(n, static_cast<std::uint32_t>(ranks), (r + 1) % ranks,
                                                                         (r + ranks - 1) % ranks);
                accy::launch_pipeline<collectives::every>(device, accy::formats::host, std::array{in.view()},
                                                          std::array{all.view(), root.view(), received.view()}, scalars,
                                                          accy::use_communicator(communicator));
                got[r] = {all.download(), root.download(), received.download()};
            });
            for (int r = 0; r < ranks; ++r) {
                BOOST_TEST(!thrown[r], "rank " << r << ": " << accy_test::what_of(thrown[r]));
                BOOST_TEST(got[r][0] == gathered, "all_gather, rank " << r);
                BOOST_TEST(got[r][1] == from_root, "reduce_scatter then broadcast, rank " << r);
                BOOST_TEST(got[r][2] == inputs[(r + ranks - 1) % ranks], "send and receive: the previous rank's operand, rank " << r);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_receive_before_a_send_runs_as_one_group_and_does_not_wait_for_itself) {
    std::mt19937 engine = accy_test::fresh_engine();
    for (const int ranks : {1, 2, 4}) {
        const std::uint32_t n = 1000;
        BOOST_TEST_CONTEXT(ranks << " rank(s)") {
            std::vector<std::vector<float>> inputs(ranks);
            for (auto& input : inputs) input = drawn(n, engine);
            std::vector<std::vector<float>> got(ranks);
            const std::vector<std::exception_ptr> thrown = accy_test::on_thread_ranks(ranks, [&](int r, accy::host::communicator& communicator) {
                accy::host::backend device(1);
                buffer in(device, n), received(device, n);
                in.upload(inputs[r]);
                accy::launch_pipeline<collectives::ring>(device, accy::formats::host, std::array{in.view()}, std::array{received.view()},
                                            collectives::ring::runtime_scalars(n, (r + 1) % ranks, (r + ranks - 1) % ranks),
                                            accy::use_communicator(communicator));
                got[r] = received.download();
            });
            for (int r = 0; r < ranks; ++r) {
                BOOST_TEST(!thrown[r], "rank " << r << ": " << accy_test::what_of(thrown[r]));
                BOOST_TEST(got[r] == inputs[(r + ranks - 1) % ranks], "rank " << r << " holds the previous rank's operand");
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
