// SPDX-License-Identifier: Apache-2.0
// `accy::error` (core/error.hpp): its context's fields, the message composed from them, `in_context` filling
// in what an error leaves unknown or, for a nested call's error, keeping its whole message; and the parts of
// `detail::message` (core/detail/message.hpp).
#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>

#include <boost/test/unit_test.hpp>

#include <bit>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>

namespace {

using accy::errc;

constexpr accy::error_context launch_of_scan{
    .operation = "launch_pipeline", .pipeline = "test.scan", .pipeline_version = 2, .label = "nightly"};

}  // namespace

BOOST_AUTO_TEST_SUITE(error)

BOOST_AUTO_TEST_CASE(an_error_without_context_is_its_reason) {
    const accy::error failure(errc::out_of_memory, "no memory left", 2);
    BOOST_TEST(failure.message() == "no memory left");
    BOOST_TEST(failure.reason() == "no memory left");
    BOOST_TEST(std::string_view(failure.what()) == "out_of_memory: no memory left");
    BOOST_TEST(failure.operation().empty());
    BOOST_TEST(failure.pipeline().empty());
    BOOST_TEST(!failure.stage().has_value());
    BOOST_TEST(!failure.parameter().has_value());
    BOOST_TEST(failure.driver_result() == 2);
}

BOOST_AUTO_TEST_CASE(the_message_is_the_context_then_the_reason) {
    const accy::error failure(errc::launch_argument_mismatch,
                              accy::detail::merged({.stage = 1, .stage_target = "test.sums", .parameter = 2,
                                                    .parameter_name = "count"},
                                                   launch_of_scan),
                              "a sum is 4294967296, outside u32 (0 to 4294967295)");
    BOOST_TEST(failure.message() == "launch_pipeline of pipeline 'test.scan' v2 [nightly], stage 1 ('test.sums'), "
                                    "parameter 2 ('count'): a sum is 4294967296, outside u32 (0 to 4294967295)");
    BOOST_TEST(std::string_view(failure.what()) == "launch_argument_mismatch: " + failure.message());
    BOOST_TEST(failure.reason() == "a sum is 4294967296, outside u32 (0 to 4294967295)");
    BOOST_TEST(failure.operation() == "launch_pipeline");
    BOOST_TEST(failure.pipeline() == "test.scan");
    BOOST_TEST(failure.pipeline_version() == 2u);
    BOOST_TEST(failure.label() == "nightly");
    BOOST_TEST((failure.stage() == std::optional<std::size_t>(1)));
    BOOST_TEST(failure.stage_target() == "test.sums");
    BOOST_TEST((failure.parameter() == std::optional<std::size_t>(2)));
    BOOST_TEST(failure.parameter_name() == "count");
    BOOST_TEST(failure.step().empty());
}

BOOST_AUTO_TEST_CASE(a_step_follows_the_call_and_a_context_of_a_stage_alone_names_only_it) {
    const accy::error allocating(errc::out_of_memory,
                                 {.operation = "allocate_scratch", .pipeline = "test.scan", .pipeline_version = 1,
                                  .step = "allocating workspace 0 of 64 bytes"},
                                 "host backend: cannot allocate a buffer of 64 bytes");
    BOOST_TEST(allocating.message() == "allocate_scratch of pipeline 'test.scan' v1, allocating workspace 0 of 64 "
                                       "bytes: host backend: cannot allocate a buffer of 64 bytes");
    BOOST_TEST(allocating.step() == "allocating workspace 0 of 64 bytes");
    BOOST_TEST(accy::error(errc::device_error, {.stage = 0}, "a kernel faulted").message() == "stage 0: a kernel faulted");
    BOOST_TEST(accy::detail::context_text({.stage = 3, .stage_target = "test.add"}) == "stage 3 ('test.add')");
}

BOOST_AUTO_TEST_CASE(in_context_fills_in_what_the_error_leaves_unknown) {
    // A tensor map's parameter fails while its stage is bound; the launch then names itself and the stage.
    const accy::error bound(errc::launch_argument_mismatch, {.parameter = 0, .parameter_name = "map"},
                            "the tensor map's operand 0 starts at address 8, not a multiple of 16", 700);
    const accy::error launched =
        bound.in_context(accy::detail::merged({.stage = 0, .stage_target = "test.tile", .parameter = 5}, launch_of_scan));
    BOOST_TEST(launched.message() == "launch_pipeline of pipeline 'test.scan' v2 [nightly], stage 0 ('test.tile'), "
                                     "parameter 0 ('map'): the tensor map's operand 0 starts at address 8, not a "
                                     "multiple of 16");
    BOOST_TEST((launched.parameter() == std::optional<std::size_t>(0)), "the error's own parameter stays");
    BOOST_TEST(launched.reason() == bound.reason());
    BOOST_TEST((launched.code() == errc::launch_argument_mismatch));
    BOOST_TEST(launched.driver_result() == 700);
}

BOOST_AUTO_TEST_CASE(in_context_keeps_a_nested_calls_error_whole) {
    // A host kernel's own launch_pipeline failed: the kernel's launch is the call the caller made.
    const accy::error inner(errc::unsupported_operation,
                            {.operation = "launch_pipeline", .pipeline = "test.inner", .pipeline_version = 1, .stage = 0,
                             .stage_target = "test.inner_kernel"},
                            "a host kernel must not launch on its own backend");
    const accy::error outer = inner.in_context(launch_of_scan);
    BOOST_TEST(outer.pipeline() == "test.scan");
    BOOST_TEST(!outer.stage().has_value());
    BOOST_TEST(outer.reason() == inner.message());
    BOOST_TEST(outer.message() == "launch_pipeline of pipeline 'test.scan' v2 [nightly]: launch_pipeline of pipeline "
                                  "'test.inner' v1, stage 0 ('test.inner_kernel'): a host kernel must not launch on its "
                                  "own backend");
}

BOOST_AUTO_TEST_CASE(context_returns_the_fields_an_error_can_be_rethrown_with) {
    const accy::error allocating(errc::out_of_memory,
                                 {.operation = "allocate_scratch", .pipeline = "test.scan", .pipeline_version = 1,
                                  .label = "warm-up", .step = "allocating intermediate 1 of 316 bytes"},
                                 "no memory");
    accy::error_context context = allocating.context();
    context.operation = "launch_pipeline";
    const accy::error launching(allocating.code(), context, allocating.reason(), allocating.driver_result());
    BOOST_TEST(launching.message() ==
               "launch_pipeline of pipeline 'test.scan' v1 [warm-up], allocating intermediate 1 of 316 bytes: no memory");
}

BOOST_AUTO_TEST_CASE(a_copy_keeps_every_field_and_an_error_moved_from_reads_empty) {
    accy::error original(errc::device_error,
                         accy::detail::merged({.stage = 0, .stage_target = "test.sums", .step = "waiting"}, launch_of_scan),
                         "an illegal address", 700);
    const accy::error copy = original;
    BOOST_TEST(copy.message() == original.message());
    BOOST_TEST(copy.operation() == "launch_pipeline");
    BOOST_TEST(copy.pipeline() == "test.scan");
    BOOST_TEST(copy.label() == "nightly");
    BOOST_TEST(copy.stage_target() == "test.sums");
    BOOST_TEST(copy.parameter_name().empty());
    BOOST_TEST(copy.step() == "waiting");
    BOOST_TEST(copy.reason() == "an illegal address");
    const accy::error moved = std::move(original);
    BOOST_TEST(moved.stage_target() == "test.sums");
    BOOST_TEST(moved.reason() == "an illegal address");
    // What a moved-from error reads is unspecified, but reading it must not end the program.
    BOOST_TEST(original.operation().size() <= std::string_view("launch_pipeline").size());
    BOOST_TEST(original.step().size() <= std::string_view("waiting").size());
    BOOST_TEST(original.reason().size() <= std::string_view("an illegal address").size());
}

BOOST_AUTO_TEST_CASE(message_parts_are_text_numbers_and_names) {
    using accy::detail::message;
    BOOST_TEST(message({"grid dimension ", 'x', " derives ", std::uint64_t{0}, " blocks"}) ==
               "grid dimension x derives 0 blocks");
    BOOST_TEST(message({std::numeric_limits<std::int64_t>::min(), ' ', std::numeric_limits<std::uint64_t>::max()}) ==
               "-9223372036854775808 18446744073709551615");
    BOOST_TEST(message({accy::wide_int{1} << 64, ' ', -(accy::wide_int{1} << 100)}) ==
               "18446744073709551616 -1267650600228229401496703205376");
    BOOST_TEST(message({~accy::wide_uint{0}}) == "340282366920938463463374607431768211455");
    BOOST_TEST(message({std::uint8_t{200}, ' ', std::int8_t{-5}}) == "200 -5");
    BOOST_TEST(message({-1.5, ' ', 4294967296.0, ' ', 65536.0f, ' ', 0.1f}) == "-1.5 4294967296 65536 0.1");
    BOOST_TEST(message({std::ldexp(1.0, 128), ' ', std::numeric_limits<double>::infinity(), ' ',
                        std::numeric_limits<double>::quiet_NaN()}) == "3.402823669209385e+38 inf nan");
    BOOST_TEST(message({100.0, ' ', 1e21, ' ', 0.0001, ' ', -0.0, ' ', 5e-324, ' ', 79541493760.0f}) ==
               "100 1e+21 1e-04 -0 5e-324 79541493760");
    BOOST_TEST(message({accy::dtype::f8_e4m3, ' ', accy::format::cuda_ptx, ' ', static_cast<accy::format>(250), ' ',
                        static_cast<accy::format>(-1)}) == "f8_e4m3 cuda_ptx format 250 format -1");
    BOOST_TEST(message({accy::to_string(accy::dim3{1, 2, 3}), ' ', std::string("text"), ' ', std::string_view("view")}) ==
               "(1, 2, 3) text view");
    std::string text = "a";
    accy::detail::append(text, {'b', 3u});
    BOOST_TEST(text == "ab3");
}

// Floating-point parts are written as std::to_chars writes them (accy does not include <charconv>):
// the fewest digits that read back, fixed or scientific, whichever is shorter.
BOOST_AUTO_TEST_CASE(floating_point_parts_read_as_to_chars_writes_them) {
    std::mt19937_64 random(std::random_device{}());
    const auto expected = [](auto value) {
        char text[64];
        return std::string(text, std::to_chars(text, text + sizeof(text), value).ptr);
    };
    for (int i = 0; i < 20000; ++i) {
        const std::uint64_t bits = random();
        const auto as_double = std::bit_cast<double>(bits);
        const auto as_float = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        const double scaled = std::ldexp(static_cast<double>(bits % 1000000), static_cast<int>(bits >> 58) - 32);
        BOOST_TEST(accy::detail::message({as_double}) == expected(as_double), "bits " << bits);
        BOOST_TEST(accy::detail::message({as_float}) == expected(as_float), "bits " << bits);
        BOOST_TEST(accy::detail::message({scaled}) == expected(scaled), "bits " << bits);
    }
    // snprintf writes a locale's decimal point; a message has '.' in any locale.
    const std::string previous = std::setlocale(LC_NUMERIC, nullptr);
    for (const char* comma_locale : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8"}) {
        if (std::setlocale(LC_NUMERIC, comma_locale) == nullptr) continue;
        const std::string text = accy::detail::message({-1.5, ' ', 0.25f, ' ', 1.5e-7});
        std::setlocale(LC_NUMERIC, previous.c_str());
        BOOST_TEST(text == "-1.5 0.25 1.5e-07");
        return;
    }
    BOOST_TEST_MESSAGE("no locale with a decimal comma is installed: the locale case was not run");
}

BOOST_AUTO_TEST_SUITE_END()
