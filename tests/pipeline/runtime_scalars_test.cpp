// SPDX-License-Identifier: Apache-2.0
// P::runtime_scalars (pipeline/pipeline.hpp, pipeline/detail/runtime_scalars_of.hpp): a launch's runtime
// scalars from values that convert with nothing lost; lossy values are compile_fail's runtime_scalars_*.
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <tuple>
#include <type_traits>

namespace {

using scan = accy_test::device_scan;  // one runtime scalar, n: std::uint32_t

static_assert(std::is_same_v<decltype(scan::runtime_scalars(std::uint32_t{1})), scan::scalar_values>);
static_assert(accy::detail::keeps_values<std::uint32_t, std::uint16_t> && accy::detail::keeps_values<double, float> &&
              accy::detail::keeps_values<std::int64_t, std::int32_t>);
static_assert(!accy::detail::keeps_values<std::uint32_t, int> && !accy::detail::keeps_values<float, double> &&
              !accy::detail::keeps_values<std::uint32_t, std::uint64_t> && !accy::detail::keeps_values<std::uint32_t, bool> &&
              !accy::detail::keeps_values<float, std::int32_t>);

BOOST_AUTO_TEST_CASE(runtime_scalars_takes_values_that_convert_with_nothing_lost) {
    const std::uint16_t small = 4999;
    BOOST_TEST(std::get<0>(scan::runtime_scalars(small)) == 4999u);
    BOOST_TEST(std::get<0>(scan::runtime_scalars(std::uint32_t{5000})) == 5000u);
    // What it builds launches as P::scalar_values does.
    accy::testing::recording_backend device;
    accy::launch_pipeline<scan>(device, accy::formats::cuda_ptx, accy_test::scan_operands, accy_test::scan_results,
                                scan::runtime_scalars(small));
    BOOST_TEST(device.launches.at(0).value<std::uint32_t>(3) == 4999u);
}

}  // namespace
