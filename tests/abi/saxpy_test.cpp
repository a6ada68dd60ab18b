// SPDX-License-Identifier: Apache-2.0
// A host pipeline end to end, with the GPU signature: saxpy_count(const float* x, float* y,
// float alpha, unsigned long long n, int* workspace, int* positives) computes y = alpha * x + y and
// counts the positive results, the last block (by a ticket in the zero_filled workspace) writing
// the count; checked against a C++ reference on fresh random data, cold and with a pool and scratch.
#include "abi/abi_support.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

using namespace accy_abi;

namespace {

void host_saxpy_count(const accy::host_block& block) {
    const auto x = block.buffer_as<const float>(0);
    const auto y = block.buffer_as<float>(1);
    const auto alpha = block.scalar_as<float>(2);
    const auto n = block.scalar_as<std::uint64_t>(3);
    const auto workspace = block.buffer_as<std::int32_t>(4);  // [0]: positives so far, [1]: blocks done
    const auto positives = block.buffer_as<std::int32_t>(5);
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * block.block_dim.x;
    std::int32_t counted = 0;
    for (std::uint64_t i = begin; i < n && i < begin + block.block_dim.x; ++i) {
        y[i] = alpha * x[i] + y[i];
        counted += y[i] > 0.0f ? 1 : 0;
    }
    std::atomic_ref<std::int32_t>(workspace[0]).fetch_add(counted, std::memory_order_relaxed);
    const std::int32_t done = std::atomic_ref<std::int32_t>(workspace[1]).fetch_add(1, std::memory_order_acq_rel) + 1;
    if (static_cast<std::uint32_t>(done) == block.grid_dim.x)
        positives[0] = std::atomic_ref<std::int32_t>(workspace[0]).load(std::memory_order_relaxed);
}

constexpr accy::parameter_list saxpy_parameters{
    parameter::buffer("x", access::read, dtype::f32),         parameter::buffer("y", access::read_write, dtype::f32),
    parameter::scalar("alpha", dtype::f32),                   parameter::scalar("n", dtype::u64),
    parameter::buffer("workspace", access::read_write, dtype::i32), parameter::buffer("positives", access::write, dtype::i32)};
constexpr std::uint32_t threads = 256;
constexpr accy::launch_geometry saxpy_launch{{grid_dim::ceil_div(3, threads), grid_dim::fixed(1), grid_dim::fixed(1)},
                                             {threads, 1, 1}};

inline constexpr auto saxpy_kernels = in_both_formats({.target = "abi.saxpy_count", .parameters = saxpy_parameters, .geometry = saxpy_launch}, "saxpy_count", &host_saxpy_count);

struct saxpy_definition : accy::definition_base<"abi.saxpy", saxpy_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t, accy::at_least<1>>, accy::scalar<"alpha", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>, accy::shape<dtype::i32, accy::constant<1>>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::i32, accy::constant<2>>>>;
    using stages = accy::stages<accy::stage<"abi.saxpy_count", 1, accy::operand<0>, accy::result<0>, accy::forward<1>, n,
                                            accy::workspace<0>, accy::result<1>>>;
};
using saxpy = accy::pipeline<saxpy_definition>;

struct reference {
    std::vector<float> y;
    std::int32_t positives = 0;
};

reference saxpy_count(float alpha, const std::vector<float>& x, std::vector<float> y) {
    reference expected{std::move(y)};
    for (std::size_t i = 0; i < x.size(); ++i) {
        expected.y[i] = alpha * x[i] + expected.y[i];
        expected.positives += expected.y[i] > 0.0f ? 1 : 0;
    }
    return expected;
}

std::vector<float> fresh_floats(std::mt19937& engine, std::uint64_t n) {
    return drawn<float>(engine, n, std::uniform_real_distribution<float>(-100.0f, 100.0f));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_saxpy)

BOOST_AUTO_TEST_CASE(saxpy_count_records_alpha_n_and_its_workspace) {
    recording_backend device;
    const std::uint64_t n = 1000;
    accy::launch_pipeline<saxpy>(device, accy::formats::cuda_ptx, std::array{recorded<float>(1001, n)},
                                 std::array{recorded<float>(1002, n), recorded<std::int32_t>(1003, 1)},
                                 saxpy::scalar_values{n, 0.75f});
    const auto& launch = device.launches.at(0);
    BOOST_TEST(launch.value<float>(2) == 0.75f);
    BOOST_TEST(launch.value<std::uint64_t>(3) == n);
    BOOST_TEST((launch.config.grid == accy::dim3{4, 1, 1}));
    BOOST_TEST(launch.buffer_id(4) == device.allocated_ids.at(0));
    BOOST_TEST(device.allocated_byte_sizes.at(0) == 8u);
    BOOST_TEST(device.zeroed_ids == std::vector<recording_backend::object_id>{device.allocated_ids.at(0)},
               boost::test_tools::per_element());
    BOOST_TEST(launch.buffer_id(5) == 1003u);
}

BOOST_AUTO_TEST_CASE(cold_launches_match_the_reference) {
    accy::host::backend device(4);
    std::mt19937 engine = accy_test::fresh_engine();
    std::uniform_real_distribution<float> alphas(-4.0f, 4.0f);
    for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{255}, std::uint64_t{256}, std::uint64_t{257},
                                  std::uint64_t{4096}, std::uint64_t{100003}}) {
        const float alpha = alphas(engine);
        const std::vector<float> x = fresh_floats(engine, n), y = fresh_floats(engine, n);
        host_buffer in(device, n * 4), out(device, n * 4), positives(device, 4);
        in.upload(x);
        out.upload(y);
        positives.fill(0xff);
        accy::launch_pipeline<saxpy>(device, accy::formats::host, std::array{in.view()}, std::array{out.view(), positives.view()},
                                     saxpy::scalar_values{n, alpha});
        const reference expected = saxpy_count(alpha, x, y);
        BOOST_TEST_CONTEXT("n " << n << ", alpha " << alpha) {
            BOOST_TEST(out.download<float>(n) == expected.y, boost::test_tools::per_element());
            BOOST_TEST(positives.download<std::int32_t>(1)[0] == expected.positives);
        }
    }
}

BOOST_AUTO_TEST_CASE(pool_and_caller_workspace_launches_match_the_reference) {
    accy::host::backend device(3);
    std::mt19937 engine = accy_test::fresh_engine();
    std::uniform_real_distribution<float> alphas(-4.0f, 4.0f);
    constexpr std::uint64_t capacity = 50000;
    const auto pool = accy::load_artifacts<saxpy>(device, accy::formats::host);
    host_buffer in(device, capacity * 4), out(device, capacity * 4), positives(device, 4), workspace(device, 8);
    const std::array scratch{workspace.view()};
    for (int round = 0; round < 50; ++round) {
        const std::uint64_t n = engine() % capacity + 1;
        const float alpha = alphas(engine);
        const std::vector<float> x = fresh_floats(engine, n), y = fresh_floats(engine, n);
        in.upload(x);
        out.upload(y);
        workspace.fill(0x7f);  // left dirty: the launch zeroes it
        accy::launch_pipeline<saxpy>(device, accy::formats::host, std::array{in.view()}, std::array{out.view(), positives.view()},
                                     saxpy::scalar_values{n, alpha}, accy::use_pool(pool), accy::use_scratch(scratch),
                                     accy::on_stream(accy::host::stream{}));
        const reference expected = saxpy_count(alpha, x, y);
        BOOST_TEST(out.download<float>(n) == expected.y, "round " << round << ", n " << n);
        BOOST_TEST(positives.download<std::int32_t>(1)[0] == expected.positives, "round " << round << ", n " << n);
    }
}

BOOST_AUTO_TEST_SUITE_END()
