// SPDX-License-Identifier: Apache-2.0
// A pipeline of 16- and 8-bit element types on the host backend: f16 buffers, f16 and f8_e4m3
// runtime scalars passed as their bits, an f32 one converted to bf16 (ties to even), i8 + u8 summed
// as i16, a u16 result; checked against a C++ reference on fresh random data, and the run-time
// checks of each.
#include "support/backend_calls.hpp"
#include "support/errors.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using accy::access;
using accy::bfloat16;
using accy::dtype;
using accy::grid_dim;
using accy::half;
using accy::parameter;

/// What scale_shift computes for one element, rounded to f16 once.
half scaled(half x, half alpha, bfloat16 beta, std::int16_t shift) {
    return half(static_cast<float>(x) * static_cast<float>(alpha) + static_cast<float>(beta) + static_cast<float>(shift));
}

// out[i] = x[i] * alpha + beta + shift, the arguments as the kernel received them in seen: alpha's
// bits, beta's, shift's and tag's. Parameters: (f16* out, const f16* x, u16* seen, f16 alpha,
// bf16 beta, i16 shift, f8_e4m3 tag, u32 n).
void scale_shift(const accy::host_block& block) {
    const auto out = block.buffer_as<half>(0);
    const auto x = block.buffer_as<const half>(1);
    const auto seen = block.buffer_as<std::uint16_t>(2);
    const auto alpha = block.scalar_as<half>(3);
    const auto beta = block.scalar_as<bfloat16>(4);
    const auto shift = block.scalar_as<std::int16_t>(5);
    const auto tag = block.scalar_as<accy::float8_e4m3>(6);
    const auto n = block.scalar_as<std::uint32_t>(7);
    if (block.block_index.x == 0) {
        seen[0] = alpha.bits();
        seen[1] = beta.bits();
        seen[2] = static_cast<std::uint16_t>(shift);
        seen[3] = tag.bits();
    }
    const std::uint32_t begin = block.block_index.x * block.block_dim.x;
    for (std::uint32_t i = begin; i < std::min(n, begin + block.block_dim.x); ++i) out[i] = scaled(x[i], alpha, beta, shift);
}

constexpr accy::kernel_entry scale_shift_entry{
    "test.scale_shift", 1, accy::format::host, "scale_shift",
    {parameter::buffer("out", access::write, dtype::f16), parameter::buffer("x", access::read, dtype::f16),
     parameter::buffer("seen", access::write, dtype::u16), parameter::scalar("alpha", dtype::f16),
     parameter::scalar("beta", dtype::bf16), parameter::scalar("shift", dtype::i16),
     parameter::scalar("tag", dtype::f8_e4m3), parameter::scalar("n", dtype::u32)},
    accy::payload::from_host(&scale_shift),
    {{grid_dim::ceil_div(7, 64), grid_dim::fixed(1), grid_dim::fixed(1)}, {64, 1, 1}}};
inline constexpr auto kernels = accy::make_registry(scale_shift_entry);

using n = accy::forward<0>;
using shift = accy::sum<accy::forward<3>, accy::forward<4>>;
struct element_types_definition : accy::definition_base<"test.element_types", kernels> {
    using runtime_scalars = accy::runtime_scalars<
        accy::scalar<"n", std::uint32_t, accy::at_least<1>>, accy::scalar<"alpha", half>, accy::scalar<"beta", float>,
        accy::scalar<"offset", std::int8_t, accy::within<-100, 100>>, accy::scalar<"bias", std::uint8_t>,
        accy::scalar<"tag", accy::float8_e4m3>>;
    using operands = accy::operands<accy::shape<dtype::f16, n>>;
    using results = accy::results<accy::shape<dtype::f16, n>, accy::shape<dtype::u16, accy::constant<4>>>;
    using stages = accy::stages<accy::stage<"test.scale_shift", 1, accy::result<0>, accy::operand<0>, accy::result<1>,
                                            accy::forward<1>, accy::convert<dtype::bf16, accy::forward<2>>, shift,
                                            accy::forward<5>, n>>;
};
using element_types = accy::pipeline<element_types_definition>;

// i8 + u8 is i16, which the i16 parameter takes; a runtime scalar of accy::half is an f16.
static_assert(accy::detail::common_integer({{}, accy::value_type_of<std::int8_t>()}, {{}, accy::value_type_of<std::uint8_t>()})
                  .type.type == dtype::i16);
static_assert(accy::value_type_of<half>() == accy::value_type{false, dtype::f16, 2});

/// Launches element_types over `x` on `device` and returns the f16 results and what the kernel saw.
struct run {
    std::vector<half> out;
    std::array<std::uint16_t, 4> seen{};
};
run launch(accy::host::backend& device, const std::vector<half>& x, const element_types::scalar_values& scalars) {
    const std::size_t bytes = x.size() * sizeof(half);
    const accy_test::owned_buffer<accy::host::backend> in(device, bytes), out(device, bytes), seen(device, 8);
    device.upload(in.view(), x.data(), bytes);
    accy::launch_pipeline<element_types>(device, accy::formats::host, std::array{in.view()},
                                         std::array{out.view(), seen.view()}, scalars);
    run result{std::vector<half>(x.size())};
    device.download(result.out.data(), out.view(), bytes);
    device.download(result.seen.data(), seen.view(), 8);
    return result;
}

/// Fresh f16 values in [-8, 8], none of them zero.
std::vector<half> fresh_halves(std::mt19937& engine, std::size_t count) {
    std::uniform_real_distribution<float> values(-8.0f, 8.0f);
    std::vector<half> drawn(count);
    std::generate(drawn.begin(), drawn.end(), [&] {
        const half value(values(engine));
        return value.bits() == 0 ? half(1.0f) : value;
    });
    return drawn;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_element_types)

BOOST_AUTO_TEST_CASE(f16_buffers_and_scalars_match_the_reference) {
    accy::host::backend device(3);
    std::mt19937 engine = accy_test::fresh_engine();
    std::uniform_real_distribution<float> scales(-2.0f, 2.0f), betas(-100.0f, 100.0f);
    std::uniform_int_distribution<int> offsets(-100, 100), biases(0, 255);
    for (const std::uint32_t count : {1u, 63u, 64u, 65u, 1000u}) {
        const std::vector<half> x = fresh_halves(engine, count);
        const half alpha(scales(engine));
        const float beta = betas(engine);
        const auto offset = static_cast<std::int8_t>(offsets(engine));
        const auto bias = static_cast<std::uint8_t>(biases(engine));
        const auto tag = accy::float8_e4m3::from_bits(static_cast<std::uint8_t>(engine() % 0x7F));  // not NaN
        const run got = launch(device, x, {count, alpha, beta, offset, bias, tag});

        // The f16 and fp8 scalars arrive as their own bits, beta rounded to bf16 once, offset + bias as an i16.
        const auto expected_shift = static_cast<std::int16_t>(offset + bias);
        BOOST_TEST(got.seen[0] == alpha.bits());
        BOOST_TEST(got.seen[1] == bfloat16(beta).bits());
        BOOST_TEST(got.seen[2] == static_cast<std::uint16_t>(expected_shift));
        BOOST_TEST(got.seen[3] == tag.bits());
        std::vector<std::uint16_t> expected(count), output(count);
        for (std::uint32_t i = 0; i < count; ++i) {
            expected[i] = scaled(x[i], alpha, bfloat16(beta), expected_shift).bits();
            output[i] = got.out[i].bits();
        }
        BOOST_TEST(output == expected, boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(convert_to_bf16_rounds_to_nearest_even) {
    accy::host::backend device(1);
    const std::vector<half> x{half(1.0f)};
    // 1 + 2^-8 is the tie between 1 and 1 + 2^-7: to the even 1. 1 + 3 x 2^-8: to the even 1 + 2^-6.
    BOOST_TEST(launch(device, x, {1, half(1.0f), 1.0f + 0x1p-8f, 0, 0, {}}).seen[1] == 0x3F80);
    BOOST_TEST(launch(device, x, {1, half(1.0f), 1.0f + 0x3p-8f, 0, 0, {}}).seen[1] == 0x3F82);
    BOOST_TEST(launch(device, x, {1, half(1.0f), -0.0f, 0, 0, {}}).seen[1] == 0x8000);
}

BOOST_AUTO_TEST_CASE(out_of_range_values_are_launch_argument_mismatch) {
    accy::host::backend device(1);
    const std::vector<half> x{half(1.0f)};
    // Finite, above bf16's largest value (0x1.FEp127) though below float's: not rounded to infinity.
    BOOST_CHECK_EXCEPTION(launch(device, x, {1, half(1.0f), 0x1.FFp127f, 0, 0, {}}), accy::error,
                          accy_test::fails_with(accy::errc::launch_argument_mismatch, {"does not fit bf16"}));
    // The i8 scalar's bounds, -100 to 100, are checked at run time.
    BOOST_CHECK_EXCEPTION(launch(device, x, {1, half(1.0f), 1.0f, -101, 0, {}}), accy::error,
                          accy_test::fails_with(accy::errc::launch_argument_mismatch,
                                                {"runtime scalar 3 ('offset') is -101, outside its bounds -100 to 100"}));
}

BOOST_AUTO_TEST_CASE(convert_rounds_to_each_floating_dtype_once) {
    // What a conversion to `type` rounds `value` to: the narrow dtypes have a function of their own.
    const auto fit_floating = [](double value, dtype type) {
        return accy::detail::is_narrow_floating(type) ? accy::detail::fit_narrow_floating(value, type)
                                                      : accy::detail::fit_floating(value, type);
    };
    // From the double, rounded once: 1 + 2^-11 + 2^-40 is past the f16 tie that float would round it to.
    BOOST_TEST(fit_floating(1.0 + 0x1p-11 + 0x1p-40, dtype::f16) == 1.0 + 0x1p-10);
    BOOST_TEST(fit_floating(1.0 + 0x1p-11, dtype::f16) == 1.0);
    BOOST_TEST(fit_floating(65504.0, dtype::f16) == 65504.0);
    BOOST_TEST(fit_floating(1.0 + 0x1p-30, dtype::f32) == 1.0);
    BOOST_TEST(fit_floating(1.0 + 0x1p-30, dtype::f64) == 1.0 + 0x1p-30);
    BOOST_TEST(fit_floating(-448.0, dtype::f8_e4m3) == -448.0);
    BOOST_TEST(fit_floating(1.0 + 3.0 / 16, dtype::f8_e4m3) == 1.25);
    BOOST_TEST(fit_floating(1.0 + 3.0 / 8, dtype::f8_e5m2) == 1.5);
    BOOST_TEST(fit_floating(-INFINITY, dtype::f16) == -INFINITY);
    BOOST_TEST(fit_floating(INFINITY, dtype::f8_e5m2) == INFINITY);
    BOOST_TEST(std::isnan(fit_floating(NAN, dtype::f8_e4m3)));
    const auto refused = [&fit_floating](double value, dtype type) {
        BOOST_CHECK_EXCEPTION(fit_floating(value, type), accy::error,
                              accy_test::fails_with(accy::errc::launch_argument_mismatch,
                                                    {"does not fit " + std::string(accy::to_string(type))}));
    };
    refused(65505.0, dtype::f16);  // though it would round to 65504: beyond the largest, as for f32
    refused(-1e6, dtype::f16);
    refused(0x1.FFp127, dtype::bf16);
    refused(1e39, dtype::f32);
    refused(449.0, dtype::f8_e4m3);
    refused(INFINITY, dtype::f8_e4m3);  // no infinity to round it to
    refused(57345.0, dtype::f8_e5m2);
}

BOOST_AUTO_TEST_SUITE_END()
