// SPDX-License-Identifier: Apache-2.0
// The looping pipeline on the host backend, against the CPU: the loop's passes and the when's
// negation on fresh random data, with bounds that stop the loop before and after its flag does.
#include "support/halving_pipeline.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

BOOST_AUTO_TEST_SUITE(host_control_flow)

BOOST_AUTO_TEST_CASE(the_halving_loop_matches_the_cpu_cold_and_from_a_pool) {
    using accy_test::halving;
    accy::host::backend device(2);
    std::mt19937 engine = accy_test::fresh_engine();
    std::uniform_real_distribution<float> value(-1000.0f, 1000.0f);
    const auto pool = accy::load_artifacts<halving>(device, accy::formats::host);
    for (const std::uint32_t n : {1u, 63u, 65u, 1000u}) {
        for (const std::uint32_t bound : {1u, 3u, 40u}) {
            BOOST_TEST_CONTEXT("n " << n << ", bound " << bound) {
                std::vector<float> input(n);
                std::generate(input.begin(), input.end(), [&] { return value(engine); });
                const float threshold = std::uniform_real_distribution<float>(0.5f, 8.0f)(engine);
                const accy_test::halved expected = accy_test::halve_on_cpu(input, bound, threshold);
                accy::device_buffer<float, accy::host::backend> in(device, n), out(device, n);
                in.upload(input);
                const auto scalars = halving::runtime_scalars(n, bound, threshold);
                accy::launch_pipeline<halving>(device, accy::formats::host, std::array{in.view()}, std::array{out.view()}, scalars);
                BOOST_TEST(out.download() == expected.values, boost::test_tools::per_element());
                const auto scratch = accy::allocate_scratch<halving>(device, scalars);
                accy::launch_pipeline<halving>(device, accy::formats::host, std::array{in.view()}, std::array{out.view()}, scalars,
                                               accy::use_pool(pool), accy::use_scratch(scratch));
                BOOST_TEST(out.download() == expected.values, boost::test_tools::per_element());
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
