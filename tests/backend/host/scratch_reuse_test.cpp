// SPDX-License-Identifier: Apache-2.0
// Pipelines whose intermediates share the scratch arena on the host backend, against the CPU: a
// chain of 30 stages (two buffers' worth of arena for 29 intermediates) and pipelines drawn at
// random, on fresh random data, cold, from allocated scratch, and in an arena the test allocates.
#include "support/chain_pipeline.hpp"
#include "support/random_data.hpp"

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

template <std::size_t Stages, std::uint32_t Seed>
void check_against_cpu(accy::host::backend& device, std::mt19937& engine, std::uint32_t n) {
    using pipeline = accy_test::chain<Stages, Seed>;
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    std::vector<float> first(n), second(n);
    std::generate(first.begin(), first.end(), [&] { return value(engine); });
    std::generate(second.begin(), second.end(), [&] { return value(engine); });
    const std::vector<float> expected = accy_test::chain_on_cpu<Stages, Seed>(first, second);
    accy::device_buffer<float, accy::host::backend> a(device, n), b(device, n), out(device, n);
    a.upload(first);
    b.upload(second);
    const std::array operands{a.view(), b.view()};
    const std::array results{out.view()};
    const std::tuple scalars{n};
    BOOST_TEST_CONTEXT("seed " << Seed << ", " << Stages << " stages, n " << n) {
        accy::launch_pipeline<pipeline>(device, accy::formats::host, operands, results, scalars);
        BOOST_TEST(out.download() == expected, boost::test_tools::per_element());
        const auto scratch = accy::allocate_scratch<pipeline>(device, scalars);
        accy::launch_pipeline<pipeline>(device, accy::formats::host, operands, results, scalars, accy::use_scratch(scratch));
        BOOST_TEST(out.download() == expected, boost::test_tools::per_element());
        const auto layout = accy::layout_scratch<pipeline>(scalars);
        accy::device_buffer<std::byte, accy::host::backend> arena(device, layout.byte_size);
        accy::launch_pipeline<pipeline>(device, accy::formats::host, operands, results, scalars,
                                        accy::use_scratch(layout.buffers_in(arena.view())));
        BOOST_TEST(out.download() == expected, boost::test_tools::per_element());
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_scratch_reuse)

BOOST_AUTO_TEST_CASE(chains_and_drawn_pipelines_sharing_their_arena_match_the_cpu) {
    accy::host::backend device(2);
    std::mt19937 engine = accy_test::fresh_engine();
    for (const std::uint32_t n : {1u, 100u, 4099u}) {
        check_against_cpu<30, 0>(device, engine, n);
        check_against_cpu<12, 1>(device, engine, n);
        check_against_cpu<12, 5>(device, engine, n);
        check_against_cpu<12, 9>(device, engine, n);
    }
}

BOOST_AUTO_TEST_SUITE_END()
