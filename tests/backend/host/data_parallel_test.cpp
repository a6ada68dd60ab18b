// SPDX-License-Identifier: Apache-2.0
// A data-parallel step on 1, 2 and 4 thread ranks, each with a host backend of its own: a gradient
// pipeline over the rank's shard, an all-reduce of the gradients through accy::host::communicator,
// then an update pipeline, against the same step computed in one thread on fresh random data.
#include "support/random_data.hpp"
#include "support/thread_ranks.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <exception>
#include <random>
#include <vector>

namespace {

using accy::access;
using accy::dtype;
using accy::parameter;

constexpr std::uint32_t threads = 64;

/// The gradient of (w x - 1)² / 2 in w, and one step of descent.
float gradient_of(float x, float w) { return x * (w * x - 1.0f); }
float stepped(float w, float summed, float rate) { return w - rate * summed; }

constexpr accy::kernel_declaration gradient{
    .target = "accy.test.data_parallel.gradient",
    .parameters = {parameter::buffer("g", access::write, dtype::f32), parameter::buffer("x", access::read, dtype::f32),
                   parameter::buffer("w", access::read, dtype::f32), parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(3, threads)};
constexpr accy::kernel_declaration update{
    .target = "accy.test.data_parallel.update",
    .parameters = {parameter::buffer("w_next", access::write, dtype::f32), parameter::buffer("w", access::read, dtype::f32),
                   parameter::buffer("summed", access::read, dtype::f32), parameter::scalar("rate", dtype::f32),
                   parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(4, threads)};

std::uint32_t first(const accy::host_block& block) { return block.block_index.x * block.block_dim.x; }
std::uint32_t last(const accy::host_block& block, std::uint32_t n) { return std::min(n, first(block) + block.block_dim.x); }

void gradient_on_host(const accy::host_block& block) {
    const auto g = block.buffer_as<float>(0);
    const auto x = block.buffer_as<const float>(1);
    const auto w = block.buffer_as<const float>(2);
    const auto n = block.scalar_as<std::uint32_t>(3);
    for (std::uint32_t i = first(block); i < last(block, n); ++i) g[i] = gradient_of(x[i], w[i]);
}

void update_on_host(const accy::host_block& block) {
    const auto w_next = block.buffer_as<float>(0);
    const auto w = block.buffer_as<const float>(1);
    const auto summed = block.buffer_as<const float>(2);
    const auto rate = block.scalar_as<float>(3);
    const auto n = block.scalar_as<std::uint32_t>(4);
    for (std::uint32_t i = first(block); i < last(block, n); ++i) w_next[i] = stepped(w[i], summed[i], rate);
}

constexpr auto registry = accy::make_registry(gradient.host_entry(&gradient_on_host), update.host_entry(&update_on_host));

using n = accy::forward<0>;

struct gradient_definition : accy::definition_base<"accy.test.data_parallel.gradient_step", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;  // x, w
    using results = accy::results<accy::shape<dtype::f32, n>>;                                 // g
    using stages = accy::stages<accy::stage_of<gradient, accy::result<0>, accy::operand<0>, accy::operand<1>, n>>;
};
using gradient_step = accy::pipeline<gradient_definition>;

struct update_definition : accy::definition_base<"accy.test.data_parallel.update_step", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>, accy::scalar<"rate", float>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;  // w, summed
    using results = accy::results<accy::shape<dtype::f32, n>>;                                 // w_next
    using stages = accy::stages<
        accy::stage_of<update, accy::result<0>, accy::operand<0>, accy::operand<1>, accy::forward<1>, n>>;
};
using update_step = accy::pipeline<update_definition>;

/// Rank `rank`'s step: its gradient, the ranks' sum of them, the updated weights.
std::vector<float> step_on_rank(accy::host::communicator& comm, const std::vector<float>& shard, const std::vector<float>& w,
                                float rate) {
    accy::host::backend device(1);
    const auto count = static_cast<std::uint32_t>(w.size());
    accy::device_buffer<float, accy::host::backend> x(device, count), weights(device, count), g(device, count),
        summed(device, count), next(device, count);
    x.upload(shard);
    weights.upload(w);
    accy::launch_pipeline<gradient_step>(device, accy::formats::host, std::array{x.view(), weights.view()},
                                         std::array{g.view()}, gradient_step::runtime_scalars(count));
    comm.all_reduce(g.view(), summed.view(), count, dtype::f32, accy::reduction::sum);
    accy::launch_pipeline<update_step>(device, accy::formats::host, std::array{weights.view(), summed.view()},
                                       std::array{next.view()}, update_step::runtime_scalars(count, rate));
    return next.download();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_data_parallel)

BOOST_AUTO_TEST_CASE(a_step_on_thread_ranks_matches_the_same_step_in_one_thread) {
    std::mt19937 engine = accy_test::fresh_engine();
    std::uniform_real_distribution<float> value(-2.0f, 2.0f);
    for (const int ranks : {1, 2, 4})
        for (const std::uint32_t count : {1u, 1000u, 4099u}) {
            BOOST_TEST_CONTEXT(ranks << " rank(s), " << count << " weights") {
                const float rate = 0.01f / static_cast<float>(ranks);
                std::vector<float> w(count);
                std::generate(w.begin(), w.end(), [&] { return value(engine); });
                std::vector<std::vector<float>> shards(ranks, std::vector<float>(count));
                for (auto& shard : shards) std::generate(shard.begin(), shard.end(), [&] { return value(engine); });

                // The ranks' gradients summed in rank order, as the communicator sums them.
                std::vector<float> summed(count, 0.0f), expected(count);
                for (std::uint32_t i = 0; i < count; ++i) {
                    summed[i] = gradient_of(shards[0][i], w[i]);
                    for (int r = 1; r < ranks; ++r) summed[i] += gradient_of(shards[r][i], w[i]);
                    expected[i] = stepped(w[i], summed[i], rate);
                }

                std::vector<std::vector<float>> got(ranks);
                const std::vector<std::exception_ptr> thrown =
                    accy_test::on_thread_ranks(ranks, [&](int r, accy::host::communicator& comm) {
                        got[r] = step_on_rank(comm, shards[r], w, rate);
                    });
                for (int r = 0; r < ranks; ++r) {
                    BOOST_TEST(!thrown[r], "rank " << r << ": " << accy_test::what_of(thrown[r]));
                    BOOST_TEST_REQUIRE(got[r].size() == count);
                    for (std::uint32_t i = 0; i < count; ++i)
                        BOOST_TEST(std::abs(got[r][i] - expected[i]) <= 1e-6f * (1.0f + std::abs(expected[i])),
                                   "rank " << r << ", w[" << i << "] = " << got[r][i] << ", expected " << expected[i]);
                }
            }
        }
}

BOOST_AUTO_TEST_SUITE_END()
