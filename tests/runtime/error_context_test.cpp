// SPDX-License-Identifier: Apache-2.0
// The context of the errors of launch_pipeline, allocate_scratch and load_artifacts on the recording backend:
// the operation, the pipeline, the label, the stage, the parameter and the step, each a field of the error.
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace {

using namespace accy_test;

/// The tests' scan with stage 1's count derived as n x 1000000, which overflows u32 from n = 4295 on.
struct overflowing_scan_definition : device_scan_definition {
    using stages = accy::stages<
        accy::stage<"accy.kernel.test.block_scan", 1, accy::result<0>, accy::operand<0>, accy::intermediate<0>, n>,
        accy::stage<"accy.kernel.test.sums_scan", 1, accy::intermediate<1>, accy::intermediate<0>,
                    accy::product<n, accy::constant<std::uint32_t{1000000}>>>,
        accy::stage<"accy.kernel.test.add_base", 1, accy::result<0>, accy::intermediate<1>, n>>;
};
using overflowing_scan = accy::pipeline<overflowing_scan_definition>;

constexpr std::string_view scan_name = "accy.kernel.test.device_scan";

/// The accy::error that `call` throws, or none.
std::optional<accy::error> error_of(auto&& call) {
    try {
        call();
    } catch (const accy::error& failure) {
        BOOST_TEST_MESSAGE("accy::error: " << failure.what());
        return failure;
    }
    return std::nullopt;
}

bool is(std::optional<std::size_t> index, std::size_t expected) { return index.has_value() && *index == expected; }

}  // namespace

BOOST_AUTO_TEST_SUITE(error_context)

BOOST_AUTO_TEST_CASE(a_parameter_that_does_not_fit_names_the_launch_the_stage_and_the_parameter) {
    recording_backend device;
    const auto failure = error_of([&] {
        accy::launch_pipeline<overflowing_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                                accy::label("nightly"));
    });
    BOOST_TEST_REQUIRE(failure.has_value());
    BOOST_TEST((failure->code() == errc::launch_argument_mismatch));
    BOOST_TEST(failure->operation() == "launch_pipeline");
    BOOST_TEST(failure->pipeline() == scan_name);
    BOOST_TEST(failure->pipeline_version() == 1u);
    BOOST_TEST(failure->label() == "nightly");
    BOOST_TEST(is(failure->stage(), 1));
    BOOST_TEST(failure->stage_target() == "accy.kernel.test.sums_scan");
    BOOST_TEST(is(failure->parameter(), 2));
    BOOST_TEST(failure->parameter_name() == "count");
    BOOST_TEST(failure->step().empty());
    BOOST_TEST(failure->reason() == "a product is 5000000000, outside u32 (0 to 4294967295)");
    BOOST_TEST(failure->message() ==
               "launch_pipeline of pipeline 'accy.kernel.test.device_scan' v1 [nightly], stage 1 "
               "('accy.kernel.test.sums_scan'), parameter 2 ('count'): a product is 5000000000, outside u32 (0 to "
               "4294967295)");
    BOOST_TEST(device.allocate_count == 0u, "refused before anything is allocated");
}

BOOST_AUTO_TEST_CASE(a_backends_failure_names_the_stage_it_failed_in) {
    recording_backend device;
    device.launch_fault = {1, errc::device_error};
    const auto failure = error_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000);
    });
    BOOST_TEST_REQUIRE(failure.has_value());
    BOOST_TEST((failure->code() == errc::device_error));
    BOOST_TEST(failure->operation() == "launch_pipeline");
    BOOST_TEST(failure->pipeline() == scan_name);
    BOOST_TEST(failure->label().empty());
    BOOST_TEST(is(failure->stage(), 1));
    BOOST_TEST(failure->stage_target() == "accy.kernel.test.sums_scan");
    BOOST_TEST(!failure->parameter().has_value());
    BOOST_TEST(failure->reason() == "recording backend: injected failure of launch after 1 successful calls");
}

BOOST_AUTO_TEST_CASE(a_launchs_own_allocation_is_the_launchs_step) {
    // The intermediates are ceil(5000 / 64) = 79 floats each, 316 bytes, in an arena of 512 + 316 bytes.
    recording_backend device;
    device.allocate_fault = {0, errc::out_of_memory};
    const auto launching = error_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::label("cold"));
    });
    BOOST_TEST_REQUIRE(launching.has_value());
    BOOST_TEST((launching->code() == errc::out_of_memory));
    BOOST_TEST(launching->operation() == "launch_pipeline");
    BOOST_TEST(launching->label() == "cold");
    BOOST_TEST(launching->step() == "allocating the scratch arena of 828 bytes");
    BOOST_TEST(!launching->stage().has_value());
    BOOST_TEST(launching->message() ==
               "launch_pipeline of pipeline 'accy.kernel.test.device_scan' v1 [cold], allocating the scratch arena of 828 "
               "bytes: recording backend: injected failure of allocate_buffer after 0 successful calls");

    recording_backend other;
    other.allocate_fault = {0, errc::out_of_memory};
    const auto allocating = error_of([&] { accy::allocate_scratch<device_scan>(other, n_5000, "cold"); });
    BOOST_TEST_REQUIRE(allocating.has_value());
    BOOST_TEST(allocating->operation() == "allocate_scratch");
    BOOST_TEST(allocating->step() == launching->step());
    BOOST_TEST(allocating->reason() == launching->reason());
}

BOOST_AUTO_TEST_CASE(a_pool_names_the_stage_it_failed_to_load) {
    recording_backend device;
    device.create_fault = {2, errc::invalid_artifact};
    const auto failure = error_of([&] { accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx); });
    BOOST_TEST_REQUIRE(failure.has_value());
    BOOST_TEST(failure->operation() == "load_artifacts");
    BOOST_TEST(failure->pipeline() == scan_name);
    BOOST_TEST(is(failure->stage(), 2));
    BOOST_TEST(failure->stage_target() == "accy.kernel.test.add_base");
    BOOST_TEST(failure->message() == "load_artifacts of pipeline 'accy.kernel.test.device_scan' v1, stage 2 "
                                     "('accy.kernel.test.add_base'): recording backend: injected failure of "
                                     "create_artifact after 2 successful calls");
}

BOOST_AUTO_TEST_SUITE_END()
