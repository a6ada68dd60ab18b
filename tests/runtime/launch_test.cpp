// SPDX-License-Identifier: Apache-2.0
// launch_pipeline beyond the specification's tests: waiting rules, error messages, derived geometry.
// Stages on the given stream and the wait for it (or for the device) are a conformance case
// (tests/conformance/cases/pipelines.hpp), on every backend.
#include "support/call_counts.hpp"
#include "support/errors.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <tuple>

namespace {

using namespace accy_test;


}  // namespace

BOOST_AUTO_TEST_SUITE(launch)

BOOST_AUTO_TEST_CASE(waits_when_it_owns_either_the_kernels_or_the_intermediates) {
    recording_backend device;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, n_5000);
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::use_pool(pool));
    BOOST_TEST(device.synchronize_count == 1u);
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::use_scratch(scratch));
    BOOST_TEST(device.synchronize_count == 2u);
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::use_pool(pool), accy::use_scratch(scratch));
    BOOST_TEST(device.synchronize_count == 2u);
}

BOOST_AUTO_TEST_CASE(a_launch_error_wins_over_a_failing_best_effort_wait) {
    recording_backend device;
    device.launch_fault = {1, errc::device_error};
    device.synchronize_fault = {0, errc::runtime_unavailable};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             scan_results, n_5000),
                          accy::error, code_is(errc::device_error));
    BOOST_TEST(device.launch_count == 1u);
    BOOST_TEST(device.live_objects() == 0u);
}

BOOST_AUTO_TEST_CASE(a_failing_wait_still_destroys_owned_objects) {
    recording_backend device;
    device.synchronize_fault = {0, errc::device_error};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             scan_results, n_5000),
                          accy::error, code_is(errc::device_error));
    BOOST_TEST(device.launch_count == 3u);
    BOOST_TEST(device.live_objects() == 0u);
}

BOOST_AUTO_TEST_CASE(errors_name_the_pipeline_the_stage_and_the_numbers) {
    recording_backend device;
    const std::string bound = message_of([&] {
        const std::tuple<std::uint32_t> n_6000{6000};
        accy::launch_pipeline<bounded_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results,
                                                       n_6000, accy::label("nightly-42"));
    });
    BOOST_TEST(contains(bound, "accy.kernel.test.device_scan"));
    BOOST_TEST(contains(bound, "nightly-42"));
    BOOST_TEST(contains(bound, "6000"));
    BOOST_TEST(contains(bound, "5000"));

    device.launch_fault.after = 1;
    const std::string launch = message_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000);
    });
    BOOST_TEST(contains(launch, "stage 1"));
    BOOST_TEST(contains(launch, "accy.kernel.test.sums_scan"));

    const std::string undersized = message_of([&] {
        const std::array scratch{recording_backend::buffer_for(3001, 316), recording_backend::buffer_for(3002, 300)};
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_scratch(std::span<const accy::buffer>(scratch)));
    });
    BOOST_TEST(contains(undersized, "intermediate 1 holds 300 bytes"));
    BOOST_TEST(contains(undersized, "316"));
}

BOOST_AUTO_TEST_CASE(a_zero_extent_is_an_invalid_artifact_before_anything_is_allocated) {
    // n = 0 gives the operand, the result and both intermediates an extent of 0 elements.
    recording_backend device;
    const std::tuple<std::uint32_t> n_0{0};
    const std::string launch = message_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_0);
    });
    BOOST_TEST(contains(launch, "invalid_artifact"));
    BOOST_TEST(contains(launch, "operand 0 (f32) derives an extent of 0 elements"));
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             scan_results, n_0),
                          accy::error, code_is(errc::invalid_artifact));
    BOOST_CHECK_EXCEPTION(accy::allocate_scratch<device_scan>(device, n_0), accy::error,
                          code_is(errc::invalid_artifact));
    check_counts(device, {.allocate = 0, .launch = 0});
}

// One stage that writes n doubles into an intermediate and one that reads them into the result.
inline constexpr auto copy_registry = accy::make_registry(
    accy::kernel_entry{"test.fill_f64", 1, accy::format::cuda_ptx, "fill_f64",
                       {accy::parameter::buffer("out", accy::access::write, accy::dtype::f64),
                        accy::parameter::scalar("n", accy::dtype::u64)},
                       accy::payload::from_text("// fill"), accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1})},
    accy::kernel_entry{"test.copy_f64", 1, accy::format::cuda_ptx, "copy_f64",
                       {accy::parameter::buffer("out", accy::access::write, accy::dtype::f64),
                        accy::parameter::buffer("in", accy::access::read, accy::dtype::f64),
                        accy::parameter::scalar("n", accy::dtype::u64)},
                       accy::payload::from_text("// copy"), accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1})});

struct f64_copy_definition : accy::definition_base<"test.f64_copy", copy_registry> {
    using n = accy::forward<0>;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<accy::dtype::f64, n>>;
    using intermediates = accy::intermediates<accy::shape<accy::dtype::f64, n>>;
    using stages = accy::stages<accy::stage<"test.fill_f64", 1, accy::intermediate<0>, n>,
                                accy::stage<"test.copy_f64", 1, accy::result<0>, accy::intermediate<0>, n>>;
};
using f64_copy = accy::pipeline<f64_copy_definition>;

BOOST_AUTO_TEST_CASE(intermediate_byte_sizes_reject_zero_and_overflow) {
    recording_backend device;
    {
        const auto scratch = accy::allocate_scratch<f64_copy>(device, std::tuple<std::uint64_t>{1000});
        BOOST_TEST(scratch.buffers()[0].byte_size == 8000u);
        BOOST_TEST(device.allocated_byte_sizes.back() == 8000u);
    }
    BOOST_CHECK_EXCEPTION(accy::allocate_scratch<f64_copy>(device, std::tuple<std::uint64_t>{0}), accy::error,
                          code_is(errc::invalid_artifact));
    // 2^61 doubles are 2^64 bytes, one past SIZE_MAX.
    const std::tuple<std::uint64_t> too_many{std::uint64_t{1} << 61};
    const std::string overflow = message_of([&] { accy::allocate_scratch<f64_copy>(device, too_many); });
    BOOST_TEST(contains(overflow, "invalid_artifact"));
    BOOST_TEST(contains(overflow, "intermediate 0 (f64) of 2305843009213693952 elements overflows a byte size"));
    BOOST_TEST(device.allocate_count == 1u);
    // One double fewer is a byte size, which the backend is asked for: more than the recording backend's address space.
    const std::tuple<std::uint64_t> largest_fit{(std::uint64_t{1} << 61) - 1};
    const std::string too_large = message_of([&] { accy::allocate_scratch<f64_copy>(device, largest_fit); });
    BOOST_TEST(contains(too_large, "out_of_memory"));
    BOOST_TEST(contains(too_large, "the scratch arena of 18446744073709551608 bytes"));
    // The scan's intermediates: ceil(5000 / 64) = 79 floats each.
    const auto scan_scratch = accy::allocate_scratch<device_scan>(device, n_5000);
    BOOST_TEST(scan_scratch.buffers()[0].byte_size == 79u * 4u);
    BOOST_TEST(scan_scratch.buffers()[1].byte_size == 79u * 4u);
}

BOOST_AUTO_TEST_CASE(payload_overrides_replace_the_entries_payloads_at_load) {
    recording_backend device;
    const std::array<accy::payload, 2> too_few{};
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx, too_few), accy::error,
                          code_is(errc::launch_argument_mismatch));
    BOOST_TEST(device.create_count == 0u);
    const std::array<accy::payload, 3> overrides{accy::payload::from_text("// stage 0 at run time"), accy::payload{},
                                                 accy::payload::from_text("// stage 2 at run time")};
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx, overrides);
    BOOST_TEST(device.load_count == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
