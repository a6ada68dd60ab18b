// SPDX-License-Identifier: Apache-2.0
#include "support/backend_calls.hpp"
#include "support/random_data.hpp"
#include "support/host_scan.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

namespace {

using accy_test::host_scan;

/// Small integers: every partial sum of up to 5000 of them is exact in float, in any order.
std::vector<float> fresh_input(std::mt19937& engine, std::uint32_t n) {
    std::uniform_int_distribution<int> values(-100, 100);
    std::vector<float> input(n);
    std::generate(input.begin(), input.end(), [&] { return static_cast<float>(values(engine)); });
    return input;
}

std::vector<float> inclusive_scan(const std::vector<float>& input) {
    std::vector<float> expected(input.size());
    float running = 0;
    for (std::size_t i = 0; i < input.size(); ++i) expected[i] = running += input[i];
    return expected;
}

/// An operand and a result of `capacity` floats on the host backend.
struct scan_buffers {
    accy::host::backend& device;
    accy_test::owned_buffer<accy::host::backend> in, out;

    scan_buffers(accy::host::backend& owner, std::uint32_t capacity)
        : device(owner), in(owner, capacity * sizeof(float)), out(owner, capacity * sizeof(float)) {}

    std::vector<float> scan(const std::vector<float>& input, auto launch) {
        const auto n = static_cast<std::uint32_t>(input.size());
        device.upload(in.view(), input.data(), n * sizeof(float));
        const host_scan::scalar_values scalars{n};
        launch(std::array{in.view()}, std::array{out.view()}, scalars);
        std::vector<float> output(n);
        device.download(output.data(), out.view(), n * sizeof(float));
        return output;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(host_launch)

BOOST_AUTO_TEST_CASE(a_cold_launch_runs_the_scan) {
    accy::host::backend device;
    std::mt19937 engine = accy_test::fresh_engine();
    scan_buffers buffers(device, 5000);
    for (std::uint32_t n : {1u, 63u, 64u, 65u, 5000u}) {
        const std::vector<float> input = fresh_input(engine, n);
        const std::vector<float> output = buffers.scan(input, [&](const auto& operands, const auto& results, const auto& scalars) {
            accy::launch_pipeline<host_scan>(device, accy::formats::host, operands, results, scalars);
        });
        BOOST_TEST(output == inclusive_scan(input), boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(a_pool_and_intermediates_are_reused_across_many_launches) {
    accy::host::backend device(3);
    std::mt19937 engine = accy_test::fresh_engine();
    constexpr std::uint32_t capacity = 5000;
    const auto pool = accy::load_artifacts<host_scan>(device, accy::formats::host);
    const std::tuple<std::uint32_t> largest{capacity};
    const auto scratch = accy::allocate_scratch<host_scan>(device, largest);
    for (const accy::buffer& allocated : scratch.buffers())
        BOOST_TEST(allocated.address % accy::buffer_alignment == 0u);
    scan_buffers buffers(device, capacity);
    std::uniform_int_distribution<std::uint32_t> sizes(1, capacity);
    for (int round = 0; round < 200; ++round) {
        const std::uint32_t n = round == 0 ? capacity : sizes(engine);
        const std::vector<float> input = fresh_input(engine, n);
        const std::vector<float> output = buffers.scan(input, [&](const auto& operands, const auto& results, const auto& scalars) {
            accy::launch_pipeline<host_scan>(device, accy::formats::host, operands, results, scalars, accy::use_pool(pool),
                                             accy::use_scratch(scratch), accy::on_stream(accy::host::stream{}));
        });
        BOOST_TEST(output == inclusive_scan(input), "round " << round << ", n " << n);
    }
}

BOOST_AUTO_TEST_CASE(a_format_chosen_at_run_time_finds_the_host_entries) {
    accy::host::backend device(2);
    std::mt19937 engine = accy_test::fresh_engine();
    scan_buffers buffers(device, 5000);
    const std::vector<float> input = fresh_input(engine, 4999);
    const accy::format fmt = accy::format::host;
    const auto pool = accy::load_artifacts<host_scan>(device, fmt);
    const std::vector<float> output = buffers.scan(input, [&](const auto& operands, const auto& results, const auto& scalars) {
        accy::launch_pipeline<host_scan>(device, fmt, operands, results, scalars, accy::use_pool(pool));
    });
    BOOST_TEST(output == inclusive_scan(input), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_ptx_entries_are_refused_with_the_stage_named) {
    accy::host::backend device(1);
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<host_scan>(device, accy::formats::cuda_ptx), accy::error,
                          [](const accy::error& failure) {
                              BOOST_TEST_MESSAGE(failure.what());
                              return failure.code() == accy::errc::unsupported_operation &&
                                     failure.message().find("stage 0 ('accy.kernel.test.block_scan')") != std::string::npos;
                          });
}

BOOST_AUTO_TEST_SUITE_END()
