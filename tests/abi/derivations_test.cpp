// SPDX-License-Identifier: Apache-2.0
// Derivations: product, sum, min_of, max_of, ceil_div and convert of runtime scalars, into
// parameters of their types; overflow and narrowing that does not fit are launch_argument_mismatch
// naming the stage, the parameter and the value, with nothing allocated or launched.
#include "abi/abi_support.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>

using namespace accy_abi;

namespace {

constexpr auto one_block = accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1});
// One block per 3 of parameter 11: a divisor that is not a power of two, as ceil_div<n, 7> is.
constexpr accy::launch_geometry per_three_sevenths{
    {accy::grid_dim::ceil_div(11, 3), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)}, {32, 1, 1}};

// Stage 0 derives eleven parameters and writes a scratch intermediate; stage 1 reads it and takes n narrowed to a u32.
inline constexpr auto derived_kernels = accy::make_registry(
    accy::kernel_entry{"abi.derive_a", 1, accy::format::cuda_ptx, "derive_a",
                       {parameter::buffer("scratch", access::write, dtype::u8), parameter::scalar("area", dtype::u32),
                        parameter::scalar("cells", dtype::u64), parameter::scalar("padded", dtype::u64),
                        parameter::scalar("low", dtype::u64), parameter::scalar("high", dtype::u64),
                        parameter::scalar("tiles", dtype::u64), parameter::scalar("n_f64", dtype::f64),
                        parameter::scalar("shifted", dtype::i64), parameter::scalar("alpha_i", dtype::i32),
                        parameter::scalar("thirds", dtype::i32), parameter::scalar("sevenths", dtype::u64)},
                       accy::payload::from_text("// derive_a"), per_three_sevenths},
    accy::kernel_entry{"abi.derive_b", 1, accy::format::cuda_ptx, "derive_b",
                       {parameter::buffer("out", access::write, dtype::u8), parameter::buffer("scratch", access::read, dtype::u8),
                        parameter::scalar("n32", dtype::u32)},
                       accy::payload::from_text("// derive_b"), one_block});

struct derived_definition : accy::definition_base<"abi.derived", derived_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"rows", std::uint32_t>,
                                                  accy::scalar<"cols", std::uint32_t>, accy::scalar<"offset", std::int32_t>,
                                                  accy::scalar<"alpha", float>>;
    using n = accy::forward<0>;
    using rows = accy::forward<1>;
    using cols = accy::forward<2>;
    using offset = accy::forward<3>;
    using alpha = accy::forward<4>;
    // rows x cols bytes, counted in 64 bits: the extent of the result.
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::u8, accy::product<accy::convert<dtype::u64, rows>, cols>>>;
    using intermediates = accy::intermediates<accy::shape<dtype::u8, accy::constant<64>>>;
    using stages = accy::stages<
        accy::stage<"abi.derive_a", 1, accy::intermediate<0>,
                    accy::product<rows, cols>,                           // u32: overflows past 2^32 - 1
                    accy::product<n, cols>,                              // u64
                    accy::sum<n, accy::constant<64u>>,                   // u64
                    accy::min_of<n, accy::constant<std::uint64_t{1024}>>,
                    accy::max_of<n, accy::constant<std::uint64_t{1024}>>,
                    accy::ceil_div<n, 256>,
                    accy::convert<dtype::f64, n>,
                    accy::sum<offset, accy::constant<std::int64_t{5}>>,  // i64
                    accy::convert<dtype::i32, alpha>,
                    accy::ceil_div<offset, 3>,                           // rounds toward zero below zero
                    accy::ceil_div<n, 7>>,
        accy::stage<"abi.derive_b", 1, accy::result<0>, accy::intermediate<0>, accy::convert<dtype::u32, n>>>;
};
using derived = accy::pipeline<derived_definition>;

struct scalars {
    std::uint64_t n = 1000;
    std::uint32_t rows = 300, cols = 200;
    std::int32_t offset = -100;
    float alpha = -3.7f;

    derived::scalar_values values() const { return {n, rows, cols, offset, alpha}; }
};

/// Launches the pipeline on `device` with a result as large as rows x cols needs.
void launch(recording_backend& device, const scalars& given) {
    const std::array results{recorded<std::uint8_t>(1002, std::uint64_t{given.rows} * given.cols)};
    accy::launch_pipeline<derived>(device, accy::formats::cuda_ptx, no_operands, results, given.values());
}

/// A launch with `given`, for check_refused.
auto launching(const scalars& given) {
    return [given](recording_backend& device) { launch(device, given); };
}

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_derivations)

BOOST_AUTO_TEST_CASE(each_derivation_gives_its_value_in_its_type) {
    recording_backend device;
    launch(device, scalars{});
    BOOST_TEST(device.launch_count == 2u);
    const auto& a = device.launches.at(0);
    BOOST_TEST(a.value<std::uint32_t>(1) == 60000u);           // 300 x 200
    BOOST_TEST(a.value<std::uint64_t>(2) == 200000u);          // 1000 x 200
    BOOST_TEST(a.value<std::uint64_t>(3) == 1064u);            // 1000 + 64
    BOOST_TEST(a.value<std::uint64_t>(4) == 1000u);            // min(1000, 1024)
    BOOST_TEST(a.value<std::uint64_t>(5) == 1024u);            // max(1000, 1024)
    BOOST_TEST(a.value<std::uint64_t>(6) == 4u);               // ceil(1000 / 256)
    BOOST_TEST(a.value<double>(7) == 1000.0);
    BOOST_TEST(a.value<std::int64_t>(8) == -95);               // -100 + 5
    BOOST_TEST(a.value<std::int32_t>(9) == -3);                // -3.7 truncated toward zero
    BOOST_TEST(a.value<std::int32_t>(10) == -33);              // -100 / 3 toward zero
    BOOST_TEST(a.value<std::uint64_t>(11) == 143u);            // ceil(1000 / 7)
    BOOST_TEST(a.config.grid.x == 48u);                        // ceil(143 / 3)
    BOOST_TEST(device.launches.at(1).value<std::uint32_t>(2) == 1000u);

    // Exact multiples, and the other side of min and max.
    launch(device, scalars{.n = 4096, .rows = 1, .cols = 1, .offset = 10, .alpha = 2.0f});
    const auto& b = device.launches.at(2);
    BOOST_TEST(b.value<std::uint32_t>(1) == 1u);
    BOOST_TEST(b.value<std::uint64_t>(4) == 1024u);
    BOOST_TEST(b.value<std::uint64_t>(5) == 4096u);
    BOOST_TEST(b.value<std::uint64_t>(6) == 16u);
    BOOST_TEST(b.value<std::int64_t>(8) == 15);
    BOOST_TEST(b.value<std::int32_t>(9) == 2);
    BOOST_TEST(b.value<std::int32_t>(10) == 4);                // ceil(10 / 3)
    BOOST_TEST(b.value<std::uint64_t>(11) == 586u);            // ceil(4096 / 7)
    BOOST_TEST(b.config.grid.x == 196u);                       // ceil(586 / 3)
}

BOOST_AUTO_TEST_CASE(a_narrowing_that_does_not_fit_names_stage_parameter_and_value) {
    // Stage 0 derives fine at n = 5e9; stage 1's convert<u32, n> does not, and nothing is launched.
    check_refused(launching(scalars{.n = 5000000000}),
                  {"stage 1 ('abi.derive_b'), parameter 2 ('n32')", "5000000000", "outside u32"});
    // The largest u32 fits.
    recording_backend device;
    launch(device, scalars{.n = 4294967295});
    BOOST_TEST(device.launches.at(1).value<std::uint32_t>(2) == 4294967295u);
}

BOOST_AUTO_TEST_CASE(a_float_converted_to_an_integer_must_fit) {
    check_refused(launching(scalars{.alpha = 3.0e9f}), {"stage 0 ('abi.derive_a'), parameter 9 ('alpha_i')", "does not fit i32"});
    check_refused(launching(scalars{.alpha = std::numeric_limits<float>::quiet_NaN()}),
                  {"parameter 9 ('alpha_i')", "does not fit i32"});
    check_refused(launching(scalars{.alpha = -std::numeric_limits<float>::infinity()}), {"parameter 9 ('alpha_i')"});
}

BOOST_AUTO_TEST_CASE(overflow_is_an_error_with_nothing_launched) {
    // 70000 x 70000 = 4.9e9 overflows the u32 product (and fits the u64 extent of the result).
    check_refused(launching(scalars{.rows = 70000, .cols = 70000}),
                  {"stage 0 ('abi.derive_a'), parameter 1 ('area')", "4900000000", "outside u32"});
    // 2^40 x 2^30 overflows 64 bits.
    check_refused(launching(scalars{.n = std::uint64_t{1} << 40, .rows = 1, .cols = 1u << 30}),
                  {"parameter 2 ('cells')", "a product 1099511627776 x 1073741824 overflows u64"});
    // n + 64 past 2^64 - 1.
    check_refused(launching(scalars{.n = std::numeric_limits<std::uint64_t>::max() - 10, .cols = 1}),
                  {"parameter 3 ('padded')", "18446744073709551669", "outside u64"});
}

BOOST_AUTO_TEST_CASE(an_extent_is_a_derivation_too) {
    // The result holds rows x cols bytes: 300 x 200 = 60000; one byte less is refused.
    const std::array undersized{recorded<std::uint8_t>(1002, 59999)};
    const auto launch_undersized = [&](recording_backend& device) {
        accy::launch_pipeline<derived>(device, accy::formats::cuda_ptx, no_operands, undersized, scalars{}.values());
    };
    check_refused(launch_undersized, {"result 0 (u8) holds 59999 bytes", "60000"});
    // 70000 x 70000 bytes in 64 bits.
    recording_backend device;
    const std::array large{recorded<std::uint8_t>(1002, std::uint64_t{70000} * 70000)};
    const std::string message = message_of([&] {
        accy::launch_pipeline<derived>(device, accy::formats::cuda_ptx, no_operands, large, scalars{.rows = 70000, .cols = 70000}.values());
    });
    BOOST_TEST(message.find("result 0") == std::string::npos, message);  // the extent fits: the stage's u32 product is what fails
    BOOST_TEST(message.find("parameter 1 ('area')") != std::string::npos, message);
}

BOOST_AUTO_TEST_SUITE_END()
