// SPDX-License-Identifier: Apache-2.0
// A launch on a stream that is capturing a graph: what breaks a capture (allocating scratch, loading
// kernels, the wait before freeing them) is refused before anything happens; a launch from a pool
// with scratch goes into the capture as its kernels and zero fills. The recording backend's
// `capturing_streams` stand for CUDA's stream capture (tests/backend/cuda/backend_test.cpp runs the real one).
#include "support/call_counts.hpp"
#include "support/errors.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>

namespace {

using namespace accy_test;


constexpr recording_backend::stream capturing_stream = 7;

// One stage, no scratch: out[i] = in[i] for n doubles.
inline constexpr auto copy_registry = accy::make_registry(
    accy::kernel_entry{"test.copy_f64", 1, accy::format::cuda_ptx, "copy_f64",
                       {accy::parameter::buffer("out", accy::access::write, accy::dtype::f64),
                        accy::parameter::buffer("in", accy::access::read, accy::dtype::f64),
                        accy::parameter::scalar("n", accy::dtype::u64)},
                       accy::payload::from_text("// copy"), accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1})});

struct copy_definition : accy::definition_base<"test.copy", copy_registry> {
    using n = accy::forward<0>;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>>;
    using operands = accy::operands<accy::shape<accy::dtype::f64, n>>;
    using results = accy::results<accy::shape<accy::dtype::f64, n>>;
    using stages = accy::stages<accy::stage<"test.copy_f64", 1, accy::result<0>, accy::operand<0>, n>>;
};
using copy = accy::pipeline<copy_definition>;

}  // namespace

BOOST_AUTO_TEST_SUITE(capture)

BOOST_AUTO_TEST_CASE(a_cold_launch_on_a_capturing_stream_is_refused_before_it_does_anything) {
    recording_backend device;
    device.capturing_streams = {capturing_stream};
    const std::string refused = message_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::on_stream(capturing_stream));
    });
    BOOST_TEST(contains(refused, "unsupported_operation"));
    BOOST_TEST(contains(refused, "accy.kernel.test.device_scan"));
    BOOST_TEST(contains(refused, "the stream is capturing a graph, and this launch would allocate its scratch, load its "
                                 "kernels, then wait and free them"));
    BOOST_TEST(contains(refused, "launch from an accy::artifact_pool with accy::scratch_buffers"));
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             scan_results, n_5000, accy::on_stream(capturing_stream)),
                          accy::error, code_is(errc::unsupported_operation));
    check_counts(device, {.allocate = 0, .create = 0, .load = 0, .launch = 0, .synchronize = 0});

    // The same launch on a stream that is not capturing runs, allocating, loading and waiting.
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::on_stream(recording_backend::stream{8}));
    check_counts(device, {.allocate = 1, .create = 3, .load = 3, .launch = 3, .synchronize = 1});
    BOOST_TEST(device.live_objects() == 0u);
}

BOOST_AUTO_TEST_CASE(the_default_stream_capturing_refuses_a_launch_without_a_stream) {
    recording_backend device;
    device.capturing_streams = {std::nullopt};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             scan_results, n_5000),
                          accy::error, code_is(errc::unsupported_operation));
    check_counts(device, {.allocate = 0, .load = 0, .launch = 0});
}

BOOST_AUTO_TEST_CASE(a_launch_that_only_loads_or_only_allocates_is_refused_and_names_what_it_would_do) {
    recording_backend device;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, n_5000);
    device.capturing_streams = {capturing_stream};
    const std::string allocates = message_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_pool(pool), accy::on_stream(capturing_stream));
    });
    BOOST_TEST(contains(allocates, "would allocate its scratch, then wait and free them"));
    const std::string loads = message_of([&] {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_scratch(scratch), accy::on_stream(capturing_stream));
    });
    BOOST_TEST(contains(loads, "would load its kernels, then wait and free them"));
    check_counts(device, {.allocate = 1, .load = 3, .launch = 0, .synchronize = 0});
}

BOOST_AUTO_TEST_CASE(a_launch_from_a_pool_with_scratch_goes_into_the_capture_without_a_wait) {
    recording_backend device;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, n_5000);
    device.capturing_streams = {capturing_stream};
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::use_pool(pool), accy::use_scratch(scratch),
                                       accy::on_stream(capturing_stream));
    check_counts(device, {.allocate = 1, .load = 3, .launch = 3, .synchronize = 0});
    for (const recording_backend::launch_record& launched : device.launches) BOOST_TEST((launched.on == capturing_stream));
}

BOOST_AUTO_TEST_CASE(a_pipeline_without_scratch_needs_only_a_pool_and_does_not_wait) {
    recording_backend device;
    const auto pool = accy::load_artifacts<copy>(device, accy::formats::cuda_ptx);
    device.capturing_streams = {capturing_stream};
    const std::array<accy::buffer, 1> in{recording_backend::buffer_for(1001, 800)};
    const std::array<accy::buffer, 1> out{recording_backend::buffer_for(1002, 800)};
    const std::tuple<std::uint64_t> n_100{100};
    accy::launch_pipeline<copy>(device, accy::formats::cuda_ptx, in, out, n_100, accy::use_pool(pool),
                                accy::on_stream(capturing_stream));
    BOOST_TEST(device.launch_count == 1u);
    BOOST_TEST(device.synchronize_count == 0u);  // it made nothing, so it waits for nothing, captured or not
    device.capturing_streams.clear();
    accy::launch_pipeline<copy>(device, accy::formats::cuda_ptx, in, out, n_100, accy::use_pool(pool));
    BOOST_TEST(device.synchronize_count == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
