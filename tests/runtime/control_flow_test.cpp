// SPDX-License-Identifier: Apache-2.0
// A pipeline's repeat_while and when on a stream launch: the loop's stages launched again while its
// flag, read on the host after each pass, is non-zero, up to its bound; a when's stages only where
// its flag is non-zero; the bound checked before anything launches; a capture refused. The recording
// backend's `download_values` script the flags (tests/backend/host/control_flow_test.cpp runs the kernels).
#include "support/errors.hpp"
#include "support/halving_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using accy::testing::recording_backend;
using accy_test::halving;

/// A download's bytes: a u32 flag.
std::vector<std::byte> flag(std::uint32_t value) {
    std::vector<std::byte> bytes(sizeof value);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::byte>(value >> (8 * i));
    return bytes;
}

/// The targets of the kernels the backend launched, in order: c(opy), h(alve), a(ny above), n(egate).
std::string launched(const recording_backend& device, const accy::artifact_pool<halving, recording_backend>& pool) {
    std::string letters;
    for (const recording_backend::launch_record& launch : device.launches)
        for (std::size_t s = 0; s < halving::stage_count; ++s)
            if (pool[s].kernel == launch.launched) letters += halving::stage_infos[s].target.substr(17, 1);
    return letters;
}

struct halving_launch {
    recording_backend device;
    accy::artifact_pool<halving, recording_backend> pool = accy::load_artifacts<halving>(device, accy::formats::cuda_ptx);
    std::array<accy::buffer, 1> operands{recording_backend::buffer_for(1001, 4096)};
    std::array<accy::buffer, 1> results{recording_backend::buffer_for(1002, 4096)};

    void launch(std::uint32_t passes) {
        accy::launch_pipeline<halving>(device, accy::formats::cuda_ptx, operands, results,
                                       halving::runtime_scalars(1000u, passes, 0.5f), accy::use_pool(pool));
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(control_flow)

BOOST_AUTO_TEST_CASE(the_regions_are_numbered_through_in_launch_order) {
    static_assert(halving::stage_count == 4 && halving::region_count == 2);
    static_assert(halving::regions[0].kind == accy::region_kind::repeat_while && halving::regions[0].first == 1 &&
                  halving::regions[0].end == 3);
    static_assert(halving::regions[1].kind == accy::region_kind::when && halving::regions[1].first == 3 &&
                  halving::regions[1].end == 4);
    static_assert(halving::regions[0].flag == accy::buffer_ref{accy::buffer_kind::intermediate, 0});
    BOOST_TEST(halving::stage_infos[3].target == "accy.kernel.test.negate");
}

BOOST_AUTO_TEST_CASE(a_loop_runs_until_its_flag_is_zero_and_a_when_is_skipped_on_zero) {
    halving_launch run;
    run.device.download_values = {flag(1), flag(7), flag(0), flag(0)};
    const std::size_t waits_before = run.device.synchronize_count;
    run.launch(10);
    BOOST_TEST(launched(run.device, run.pool) == "chahaha");
    BOOST_TEST(run.device.download_count == 4u);  // after each of 3 passes, then the when's
    // Each read waits for the stream first; the launch waits once more before it frees the scratch it allocated.
    BOOST_TEST(run.device.synchronize_count - waits_before == 5u);
    for (const recording_backend::object_id id : run.device.downloaded_ids) BOOST_TEST(id == run.device.downloaded_ids[0]);
}

BOOST_AUTO_TEST_CASE(a_loop_stops_at_its_bound_without_reading_the_flag_and_a_when_runs_on_non_zero) {
    halving_launch run;
    run.device.download_values = {flag(1), flag(3)};
    run.launch(2);
    BOOST_TEST(launched(run.device, run.pool) == "chahan");
    BOOST_TEST(run.device.download_count == 2u);  // after the first pass, then the when's
}

BOOST_AUTO_TEST_CASE(a_bound_of_one_runs_the_body_once) {
    halving_launch run;
    run.device.download_values = {flag(0)};
    run.launch(1);
    BOOST_TEST(launched(run.device, run.pool) == "cha");
    BOOST_TEST(run.device.download_count == 1u);  // the when's only
}

BOOST_AUTO_TEST_CASE(a_bound_of_zero_is_refused_before_anything_launches) {
    halving_launch run;
    BOOST_CHECK_EXCEPTION(run.launch(0), accy::error,
                          accy_test::fails_with(accy::errc::launch_argument_mismatch,
                                                {"the bound of the repeat_while of stages 1 to 2 is 0 passes"}));
    BOOST_TEST(run.device.launch_count == 0u);
    BOOST_TEST(run.device.download_count == 0u);
}

BOOST_AUTO_TEST_CASE(a_cold_launch_loads_each_kernel_once_whatever_the_passes) {
    recording_backend device;
    device.download_values = {flag(1), flag(1), flag(0), flag(1)};
    accy::launch_pipeline<halving>(device, accy::formats::cuda_ptx, std::array{recording_backend::buffer_for(1001, 4096)},
                                   std::array{recording_backend::buffer_for(1002, 4096)},
                                   halving::runtime_scalars(1000u, 5u, 0.5f));
    BOOST_TEST(device.load_count == 4u);
    BOOST_TEST(device.launch_count == 8u);  // copy, 3 passes of 2, negate
    BOOST_TEST(device.live_objects() == 0u);
}

BOOST_AUTO_TEST_CASE(a_failed_flag_read_names_the_region_and_the_stage) {
    halving_launch run;
    run.device.download_fault = {1, accy::errc::device_error};
    run.device.download_values = {flag(1), flag(1)};
    BOOST_CHECK_EXCEPTION(run.launch(5), accy::error,
                          accy_test::fails_with(accy::errc::device_error,
                                                {"reading the flag of the repeat_while of stages 1 to 2", "stage 2"}));
    BOOST_TEST(run.device.launch_count == 5u);  // copy, then 2 passes
}

BOOST_AUTO_TEST_CASE(a_launch_on_a_capturing_stream_is_refused_before_anything_launches) {
    halving_launch run;
    run.device.capturing_streams = {std::nullopt};
    const std::string message = accy_test::message_of([&] { run.launch(5); });
    BOOST_TEST(message.find("unsupported_operation") != std::string::npos, message);
    BOOST_TEST(message.find("read the flag of its repeat_while on the host") != std::string::npos, message);
    BOOST_TEST(run.device.launch_count == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
