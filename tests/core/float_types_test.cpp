// SPDX-License-Identifier: Apache-2.0
// The storage types of the narrow floating-point dtypes (accy/core/float_types.hpp): every bit pattern
// through float and back, rounding at hand-checked values, and the dtypes' facts (accy/core/dtype.hpp).
#include <accy/core/dtype.hpp>
#include <accy/core/float_types.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>

namespace {

using accy::bfloat16;
using accy::dtype;
using accy::float8_e4m3;
using accy::float8_e5m2;
using accy::half;

// What the tests below rely on, at compile time: the conversions are constexpr.
static_assert(half(1.0f).bits() == 0x3C00 && bfloat16(1.0f).bits() == 0x3F80);
static_assert(float8_e4m3(1.0f).bits() == 0x38 && float8_e5m2(1.0f).bits() == 0x3C);
static_assert(static_cast<float>(half::from_bits(0xC000)) == -2.0f);
static_assert(static_cast<float>(float8_e4m3::max()) == 448.0f);

template <class T>
constexpr bool storage_of(std::size_t size) {
    return sizeof(T) == size && std::is_trivially_copyable_v<T> && std::is_standard_layout_v<T> &&
           std::is_same_v<decltype(T::from_bits(0).bits()), std::conditional_t<(sizeof(T) == 2), std::uint16_t, std::uint8_t>>;
}
static_assert(storage_of<half>(2) && storage_of<bfloat16>(2) && storage_of<float8_e4m3>(1) && storage_of<float8_e5m2>(1));
static_assert(!std::is_convertible_v<float, half> && !std::is_convertible_v<half, float>, "both conversions are explicit");

/// Whether `bits` are a NaN of T.
template <class T>
bool is_nan_bits(unsigned bits) {
    return std::isnan(static_cast<float>(T::from_bits(static_cast<decltype(T::from_bits(0).bits())>(bits))));
}

/// Every bit pattern of T through float (and through double) and back: the same bits, except that a
/// NaN stays a NaN of its sign (a signaling one comes back quiet). Returns the number of NaNs seen.
template <class T>
unsigned check_round_trips(unsigned patterns) {
    using bits_type = decltype(T::from_bits(0).bits());
    const unsigned sign_bit = patterns >> 1;
    unsigned nans = 0, wrong = 0;
    for (unsigned bits = 0; bits < patterns; ++bits) {
        const float value = static_cast<float>(T::from_bits(static_cast<bits_type>(bits)));
        const unsigned through_float = T(value).bits(), through_double = T(static_cast<double>(value)).bits();
        bool right = through_float == through_double;
        if (std::isnan(value)) {
            ++nans;
            right = right && is_nan_bits<T>(through_float) && (through_float & sign_bit) == (bits & sign_bit);
        } else {
            right = right && through_float == bits && std::signbit(value) == ((bits & sign_bit) != 0);
        }
        if (!right && wrong++ < 5) BOOST_TEST_MESSAGE("pattern " << bits << " comes back as " << through_float);
    }
    BOOST_TEST(wrong == 0u);
    return nans;
}

constexpr float infinity = std::numeric_limits<float>::infinity();
constexpr float quiet_nan = std::numeric_limits<float>::quiet_NaN();

/// 2^exponent as a float.
float two_to(int exponent) { return std::ldexp(1.0f, exponent); }

}  // namespace

BOOST_AUTO_TEST_SUITE(float_types)

BOOST_AUTO_TEST_CASE(every_bit_pattern_round_trips) {
    // NaNs: binary16 and E5M2 have 2 x (2^M - 1), bfloat16 too, E4M3 only S.1111.111.
    BOOST_TEST(check_round_trips<half>(1u << 16) == 2u * 1023u);
    BOOST_TEST(check_round_trips<bfloat16>(1u << 16) == 2u * 127u);
    BOOST_TEST(check_round_trips<float8_e4m3>(1u << 8) == 2u);
    BOOST_TEST(check_round_trips<float8_e5m2>(1u << 8) == 2u * 3u);
}

BOOST_AUTO_TEST_CASE(decoded_values) {
    BOOST_TEST(static_cast<float>(half::from_bits(0x0001)) == two_to(-24));  // the smallest subnormal
    BOOST_TEST(static_cast<float>(half::from_bits(0x03FF)) == two_to(-14) - two_to(-24));
    BOOST_TEST(static_cast<float>(half::from_bits(0x0400)) == two_to(-14));
    BOOST_TEST(static_cast<float>(half::from_bits(0x7BFF)) == 65504.0f);
    BOOST_TEST(static_cast<float>(half::from_bits(0x7C00)) == infinity);
    BOOST_TEST(static_cast<float>(half::from_bits(0xFC00)) == -infinity);
    BOOST_TEST(std::signbit(static_cast<float>(half::from_bits(0x8000))));
    BOOST_TEST(static_cast<float>(bfloat16::from_bits(0x0001)) == two_to(-133));  // one of float's subnormals
    BOOST_TEST(static_cast<float>(bfloat16::from_bits(0x7F7F)) == 0x1.FEp127f);
    BOOST_TEST(static_cast<float>(bfloat16::from_bits(0x7F80)) == infinity);
    BOOST_TEST(static_cast<float>(float8_e4m3::from_bits(0x01)) == two_to(-9));
    BOOST_TEST(static_cast<float>(float8_e4m3::from_bits(0x7E)) == 448.0f);
    BOOST_TEST(static_cast<float>(float8_e4m3::from_bits(0x78)) == 256.0f);  // S.1111.000: a number, not an infinity
    BOOST_TEST(std::isnan(static_cast<float>(float8_e4m3::from_bits(0x7F))));
    BOOST_TEST(std::isnan(static_cast<float>(float8_e4m3::from_bits(0xFF))));
    BOOST_TEST(static_cast<float>(float8_e5m2::from_bits(0x01)) == two_to(-16));
    BOOST_TEST(static_cast<float>(float8_e5m2::from_bits(0x7B)) == 57344.0f);
    BOOST_TEST(static_cast<float>(float8_e5m2::from_bits(0x7C)) == infinity);
    BOOST_TEST(std::isnan(static_cast<float>(float8_e5m2::from_bits(0x7D))));
    BOOST_TEST(static_cast<float>(half::max()) == 65504.0f);
    BOOST_TEST(static_cast<float>(bfloat16::max()) == 0x1.FEp127f);
    BOOST_TEST(static_cast<float>(float8_e5m2::max()) == 57344.0f);
}

BOOST_AUTO_TEST_CASE(half_rounds_to_nearest_even) {
    BOOST_TEST(half(1.0f + two_to(-11)).bits() == 0x3C00);                 // a tie, to the even 1
    BOOST_TEST(half(1.0f + 3 * two_to(-11)).bits() == 0x3C02);             // a tie, to the even 1 + 2^-9
    BOOST_TEST(half(1.0f + two_to(-11) + two_to(-20)).bits() == 0x3C01);   // just past a tie
    BOOST_TEST(half(-1.0f - two_to(-11) - two_to(-20)).bits() == 0xBC01);
    BOOST_TEST(half(two_to(-24)).bits() == 0x0001);                        // the smallest subnormal
    BOOST_TEST(half(two_to(-25)).bits() == 0x0000);                        // a tie, to the even 0
    BOOST_TEST(half(1.5f * two_to(-25)).bits() == 0x0001);
    BOOST_TEST(half(3 * two_to(-25)).bits() == 0x0002);                    // a tie, to the even 2 x 2^-24
    BOOST_TEST(half(two_to(-14) - two_to(-25)).bits() == 0x0400);         // a tie, up to the smallest normal
    BOOST_TEST(half(two_to(-30)).bits() == 0x0000);
    BOOST_TEST(half(-two_to(-30)).bits() == 0x8000);                       // a negative zero
    BOOST_TEST(half(-0.0f).bits() == 0x8000);
    BOOST_TEST(half(65504.0f).bits() == 0x7BFF);
    BOOST_TEST(half(65519.0f).bits() == 0x7BFF);                           // below the tie with 2^16
    BOOST_TEST(half(65520.0f).bits() == 0x7C00);                           // the tie, to the even 2^16: infinity
    BOOST_TEST(half(1e9f).bits() == 0x7C00);
    BOOST_TEST(half(-1e9f).bits() == 0xFC00);
    BOOST_TEST(half(infinity).bits() == 0x7C00);
    BOOST_TEST(half(quiet_nan).bits() == 0x7E00);
    BOOST_TEST(half(-quiet_nan).bits() == 0xFE00);
    // From a double, rounded once: a float would round this to the tie first, then to 1.
    BOOST_TEST(half(1.0 + 0x1p-11 + 0x1p-40).bits() == 0x3C01);
    BOOST_TEST(half(static_cast<float>(1.0 + 0x1p-11 + 0x1p-40)).bits() == 0x3C00);
    BOOST_TEST(half(0x1p-1000).bits() == 0x0000);                          // a double far below half's subnormals
    BOOST_TEST(half(1e300).bits() == 0x7C00);
}

BOOST_AUTO_TEST_CASE(bfloat16_rounds_to_nearest_even) {
    BOOST_TEST(bfloat16(1.0f + two_to(-8)).bits() == 0x3F80);       // a tie, to the even 1
    BOOST_TEST(bfloat16(1.0f + 3 * two_to(-8)).bits() == 0x3F82);   // a tie, to the even 1 + 2^-6
    BOOST_TEST(bfloat16(1.0f + two_to(-8) + two_to(-20)).bits() == 0x3F81);
    BOOST_TEST(bfloat16(3.140625f).bits() == 0x4049);
    BOOST_TEST(bfloat16(two_to(-133)).bits() == 0x0001);             // float's subnormals are bfloat16's
    BOOST_TEST(bfloat16(two_to(-134)).bits() == 0x0000);             // a tie, to the even 0
    BOOST_TEST(bfloat16(3 * two_to(-134)).bits() == 0x0002);         // a tie, to the even 2 x 2^-133
    BOOST_TEST(bfloat16(two_to(-149)).bits() == 0x0000);
    BOOST_TEST(bfloat16(-two_to(-149)).bits() == 0x8000);
    BOOST_TEST(bfloat16(std::numeric_limits<float>::max()).bits() == 0x7F80);  // past bfloat16's largest: infinity
    BOOST_TEST(bfloat16(0x1.FEp127f).bits() == 0x7F7F);
    BOOST_TEST(bfloat16(-infinity).bits() == 0xFF80);
    BOOST_TEST(bfloat16(quiet_nan).bits() == 0x7FC0);
}

BOOST_AUTO_TEST_CASE(float8_e4m3_rounds_and_saturates) {
    BOOST_TEST(float8_e4m3(1.0f + 1.0f / 16).bits() == 0x38);      // a tie, to the even 1
    BOOST_TEST(float8_e4m3(1.0f + 3.0f / 16).bits() == 0x3A);      // a tie, to the even 1.25
    BOOST_TEST(float8_e4m3(-1.0f - 1.5f / 16).bits() == 0xB9);     // nearer -1.125
    BOOST_TEST(float8_e4m3(two_to(-9)).bits() == 0x01);            // the smallest subnormal
    BOOST_TEST(float8_e4m3(two_to(-10)).bits() == 0x00);           // a tie, to the even 0
    BOOST_TEST(float8_e4m3(3 * two_to(-10)).bits() == 0x02);       // a tie, to the even 2 x 2^-9
    BOOST_TEST(float8_e4m3(two_to(-6)).bits() == 0x08);            // the smallest normal
    BOOST_TEST(float8_e4m3(-two_to(-11)).bits() == 0x80);          // a negative zero
    BOOST_TEST(float8_e4m3(256.0f).bits() == 0x78);
    BOOST_TEST(float8_e4m3(448.0f).bits() == 0x7E);
    BOOST_TEST(float8_e4m3(464.0f).bits() == 0x7E);                // the tie with 480, which would be the NaN: saturated
    BOOST_TEST(float8_e4m3(500.0f).bits() == 0x7E);
    BOOST_TEST(float8_e4m3(-1e9f).bits() == 0xFE);
    BOOST_TEST(float8_e4m3(infinity).bits() == 0x7E);              // no infinity: saturated, as __NV_SATFINITE does
    BOOST_TEST(float8_e4m3(-infinity).bits() == 0xFE);
    BOOST_TEST(float8_e4m3(quiet_nan).bits() == 0x7F);
    BOOST_TEST(float8_e4m3(-quiet_nan).bits() == 0xFF);
}

BOOST_AUTO_TEST_CASE(float8_e5m2_rounds_and_saturates) {
    BOOST_TEST(float8_e5m2(1.0f + 1.0f / 8).bits() == 0x3C);       // a tie, to the even 1
    BOOST_TEST(float8_e5m2(1.0f + 3.0f / 8).bits() == 0x3E);       // a tie, to the even 1.5
    BOOST_TEST(float8_e5m2(two_to(-16)).bits() == 0x01);           // the smallest subnormal
    BOOST_TEST(float8_e5m2(two_to(-17)).bits() == 0x00);           // a tie, to the even 0
    BOOST_TEST(float8_e5m2(3 * two_to(-17)).bits() == 0x02);
    BOOST_TEST(float8_e5m2(-0.0f).bits() == 0x80);
    BOOST_TEST(float8_e5m2(57344.0f).bits() == 0x7B);
    BOOST_TEST(float8_e5m2(61440.0f).bits() == 0x7B);              // the tie with 2^16: saturated, not infinity
    BOOST_TEST(float8_e5m2(1e9f).bits() == 0x7B);
    BOOST_TEST(float8_e5m2(infinity).bits() == 0x7C);              // an infinity stays one
    BOOST_TEST(float8_e5m2(-infinity).bits() == 0xFC);
    BOOST_TEST(float8_e5m2(quiet_nan).bits() == 0x7E);
    BOOST_TEST(float8_e5m2(-quiet_nan).bits() == 0xFE);
    // binary16's upper byte: a half whose lower byte is zero has the same value.
    for (unsigned bits = 0; bits < 256; ++bits)
        if (!is_nan_bits<float8_e5m2>(bits))
            BOOST_TEST(static_cast<float>(float8_e5m2::from_bits(static_cast<std::uint8_t>(bits))) ==
                       static_cast<float>(half::from_bits(static_cast<std::uint16_t>(bits << 8))));
}

BOOST_AUTO_TEST_CASE(dtype_facts) {
    struct fact {
        dtype type;
        std::size_t size;
        bool floating;
        std::string name;
    };
    for (const fact& expected : {fact{dtype::i8, 1, false, "i8"}, fact{dtype::i16, 2, false, "i16"},
                                 fact{dtype::u16, 2, false, "u16"}, fact{dtype::f16, 2, true, "f16"},
                                 fact{dtype::bf16, 2, true, "bf16"}, fact{dtype::f8_e4m3, 1, true, "f8_e4m3"},
                                 fact{dtype::f8_e5m2, 1, true, "f8_e5m2"}, fact{dtype::u8, 1, false, "u8"},
                                 fact{dtype::f32, 4, true, "f32"}, fact{dtype::u64, 8, false, "u64"}}) {
        BOOST_TEST(accy::size_of(expected.type) == expected.size, expected.name);
        BOOST_TEST(accy::is_floating(expected.type) == expected.floating, expected.name);
        BOOST_TEST(accy::is_integer(expected.type) == !expected.floating, expected.name);
        BOOST_TEST(std::string(accy::to_string(expected.type)) == expected.name);
    }
    BOOST_TEST((accy::lowest(dtype::i8) == -128 && accy::highest(dtype::i8) == 127));
    BOOST_TEST((accy::lowest(dtype::i16) == -32768 && accy::highest(dtype::i16) == 32767));
    BOOST_TEST((accy::lowest(dtype::u16) == 0 && accy::highest(dtype::u16) == 65535));
}

// The dtypes of C++ types: 8- and 16-bit integers and the storage types; still none for bool and plain char.
static_assert(accy::dtype_of<std::int8_t> == dtype::i8 && accy::dtype_of<signed char> == dtype::i8);
static_assert(accy::dtype_of<std::uint8_t> == dtype::u8);
static_assert(accy::dtype_of<std::int16_t> == dtype::i16 && accy::dtype_of<std::uint16_t> == dtype::u16);
static_assert(accy::dtype_of<half> == dtype::f16 && accy::dtype_of<bfloat16> == dtype::bf16);
static_assert(accy::dtype_of<float8_e4m3> == dtype::f8_e4m3 && accy::dtype_of<float8_e5m2> == dtype::f8_e5m2);
static_assert(accy::dtype_of<float> == dtype::f32 && accy::dtype_of<std::int64_t> == dtype::i64);
static_assert(!accy::has_dtype<char> && !accy::has_dtype<const char> && !accy::has_dtype<bool>);
static_assert(!accy::has_dtype<long double> && !accy::has_dtype<std::uint16_t*>);

BOOST_AUTO_TEST_CASE(holds_every_value) {
    using accy::holds_every_value;
    // Floating-point formats: each of those listed holds every value of the first.
    const auto holds_exactly = [](dtype from, std::initializer_list<dtype> holders) {
        for (const dtype to : {dtype::f8_e4m3, dtype::f8_e5m2, dtype::f16, dtype::bf16, dtype::f32, dtype::f64, dtype::i8,
                               dtype::u8, dtype::i16, dtype::u16, dtype::i32, dtype::u64}) {
            const bool listed = std::find(holders.begin(), holders.end(), to) != holders.end();
            BOOST_TEST(holds_every_value(to, from) == listed,
                       accy::to_string(to) << (listed ? " holds " : " does not hold ") << accy::to_string(from));
        }
    };
    holds_exactly(dtype::f8_e4m3, {dtype::f8_e4m3, dtype::f16, dtype::bf16, dtype::f32, dtype::f64});
    holds_exactly(dtype::f8_e5m2, {dtype::f8_e5m2, dtype::f16, dtype::bf16, dtype::f32, dtype::f64});
    holds_exactly(dtype::f16, {dtype::f16, dtype::f32, dtype::f64});
    holds_exactly(dtype::bf16, {dtype::bf16, dtype::f32, dtype::f64});
    holds_exactly(dtype::f32, {dtype::f32, dtype::f64});
    holds_exactly(dtype::i8, {dtype::i8, dtype::i16, dtype::i32});
    holds_exactly(dtype::u8, {dtype::u8, dtype::i16, dtype::u16, dtype::i32, dtype::u64});
    holds_exactly(dtype::i16, {dtype::i16, dtype::i32});
    holds_exactly(dtype::u16, {dtype::u16, dtype::i32, dtype::u64});
    BOOST_TEST(holds_every_value(dtype::i64, dtype::i8));
    BOOST_TEST(holds_every_value(dtype::u32, dtype::u16));
    BOOST_TEST(!holds_every_value(dtype::u32, dtype::i8));
}

BOOST_AUTO_TEST_SUITE_END()
