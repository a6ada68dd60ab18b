// SPDX-License-Identifier: Apache-2.0
// Defines the host storage types of the narrow floating-point dtypes: `accy::half` (f16),
// `accy::bfloat16` (bf16), `accy::float8_e4m3` (f8_e4m3) and `accy::float8_e5m2` (f8_e5m2).
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <type_traits>

namespace accy {
namespace detail {

/// 2^exponent, exact for every exponent down to float's smallest subnormal, 2^-149.
constexpr float power_of_two(int exponent) noexcept {
    float power = 1;
    for (; exponent > 0; --exponent) power *= 2;
    for (; exponent < 0; ++exponent) power /= 2;
    return power;
}

/// A binary floating-point format: `exponent_bits` and `mantissa_bits`, the exponent biased by
/// 2^(exponent_bits-1) - 1. A format without `infinities` has one NaN of each sign, every exponent and
/// mantissa bit set, and the exponent of all ones otherwise holds normal numbers (OCP E4M3). A
/// `saturating` format turns finite values beyond its range into its largest finite value of their sign.
/// Its conversions are not templates of the format, so that code that converts to a format chosen
/// at run time (a launch's scalar arguments) compiles them once, not once per format.
struct float_format {
    int exponent_bits = 0;
    int mantissa_bits = 0;
    bool infinities = true;
    bool saturating = false;

    constexpr int bias() const noexcept { return (1 << (exponent_bits - 1)) - 1; }
    constexpr std::uint64_t exponent_ones() const noexcept { return (std::uint64_t{1} << exponent_bits) - 1; }
    constexpr std::uint64_t mantissa_mask() const noexcept { return (std::uint64_t{1} << mantissa_bits) - 1; }
    constexpr std::uint64_t infinity() const noexcept { return exponent_ones() << mantissa_bits; }
    /// The bits of the largest finite value: below the infinity, or below the one NaN.
    constexpr std::uint64_t largest() const noexcept { return infinities ? infinity() - 1 : (infinity() | mantissa_mask()) - 1; }

    /// The bits of the value nearest to `value` in a format narrower than `float`, ties to even. A
    /// NaN stays a NaN of its sign, the leading bits of its payload kept and the quiet bit set. A
    /// finite value beyond the largest finite one becomes the infinity of its sign, or the largest
    /// finite value of its sign where the format saturates; an infinity stays one, or becomes the
    /// largest finite value where the format has none. From `double` as well as `float`, so that a
    /// double is rounded once, not twice.
    template <class Source>
        requires std::same_as<Source, float> || std::same_as<Source, double>
    constexpr std::uint64_t round(Source value) const noexcept {
        using source_bits = std::conditional_t<sizeof(Source) == 4, std::uint32_t, std::uint64_t>;
        constexpr int source_width = sizeof(Source) * 8;
        // IEEE binary32 or binary64 (without <limits>, which nothing else on accy.hpp's path includes).
        constexpr int source_mantissa = sizeof(Source) == 4 ? 23 : 52;
        constexpr int source_bias = sizeof(Source) == 4 ? 127 : 1023;
        constexpr std::uint64_t source_exponent_ones = (std::uint64_t{1} << (source_width - 1 - source_mantissa)) - 1;

        const std::uint64_t source = std::bit_cast<source_bits>(value);
        const std::uint64_t sign = source >> (source_width - 1) << (exponent_bits + mantissa_bits);
        const std::uint64_t field = source >> source_mantissa & source_exponent_ones;
        const std::uint64_t fraction = source & ((std::uint64_t{1} << source_mantissa) - 1);
        if (field == source_exponent_ones && fraction == 0) return sign | (infinities ? infinity() : largest());
        if (field == source_exponent_ones) {
            if (!infinities) return sign | infinity() | mantissa_mask();
            const std::uint64_t quiet = std::uint64_t{1} << (mantissa_bits - 1);
            return sign | infinity() | quiet | fraction >> (source_mantissa - mantissa_bits);
        }
        // value = significand x 2^(exponent - source_mantissa). The result's spacing at that
        // exponent, or at the smallest normal one below it (subnormals), decides the bits dropped.
        const int exponent = (field == 0 ? 1 : static_cast<int>(field)) - source_bias;
        const std::uint64_t significand = field == 0 ? fraction : fraction | std::uint64_t{1} << source_mantissa;
        const int result_exponent = exponent > 1 - bias() ? exponent : 1 - bias();
        const int dropped = source_mantissa - mantissa_bits + (result_exponent - exponent);
        if (dropped > source_mantissa + 1) return sign;  // below half the smallest subnormal: a zero
        std::uint64_t kept = significand >> dropped;
        const std::uint64_t rest = significand & ((std::uint64_t{1} << dropped) - 1);
        const std::uint64_t halfway = std::uint64_t{1} << (dropped - 1);
        if (rest > halfway || (rest == halfway && (kept & 1) != 0)) ++kept;
        // The biased exponent and the significand add up: a mantissa that rounds up to 2^(M+1) raises
        // the exponent, and a subnormal that rounds up to 2^M becomes the smallest normal number.
        const std::uint64_t magnitude = (static_cast<std::uint64_t>(result_exponent + bias() - 1) << mantissa_bits) + kept;
        return sign | (magnitude <= largest() ? magnitude : saturating ? largest() : infinity());
    }

    /// The value of `bits` of a format narrower than `float`, as a `float`, which holds every such
    /// value exactly (NaN payloads too).
    constexpr float value(std::uint32_t bits) const noexcept {
        const std::uint32_t sign = bits >> (exponent_bits + mantissa_bits) << 31;
        const std::uint32_t field = static_cast<std::uint32_t>(bits >> mantissa_bits & exponent_ones());
        const std::uint32_t fraction = static_cast<std::uint32_t>(bits & mantissa_mask());
        const bool nan_or_infinity = field == exponent_ones() && (infinities || fraction == mantissa_mask());
        if (nan_or_infinity) return std::bit_cast<float>(sign | 0x7F80'0000u | fraction << (23 - mantissa_bits));
        if (field != 0)
            return std::bit_cast<float>(sign | static_cast<std::uint32_t>(static_cast<int>(field) - bias() + 127) << 23 |
                                        fraction << (23 - mantissa_bits));
        // A subnormal: bfloat16's are float's own subnormals, so a product, exact, rather than bits.
        const float magnitude = static_cast<float>(fraction) * power_of_two(1 - bias() - mantissa_bits);
        return sign != 0 ? -magnitude : magnitude;
    }
};

/// The bits of a number of `Format` (narrower than `float`), and their conversions from and to
/// `float` (and from `double`). `Self` is the storage type that derives from it, which `from_bits`
/// and `max` return.
template <class Self, class Bits, float_format Format>
class float_storage {
public:
    static constexpr float_format format = Format;
    static constexpr int exponent_bits = Format.exponent_bits;
    static constexpr int mantissa_bits = Format.mantissa_bits;

    float_storage() = default;

    /// The nearest value to `value`, as `float_format::round` says.
    template <class Source>
        requires std::same_as<Source, float> || std::same_as<Source, double>
    constexpr explicit float_storage(Source value) noexcept : bits_(static_cast<Bits>(format.round(value))) {}

    /// The number whose bits are `bits`.
    static constexpr Self from_bits(Bits bits) noexcept {
        Self made{};
        made.bits_ = bits;
        return made;
    }

    /// The largest finite value.
    static constexpr Self max() noexcept { return from_bits(static_cast<Bits>(format.largest())); }

    constexpr Bits bits() const noexcept { return bits_; }

    /// The value as a `float`, which holds every value of the format exactly (NaN payloads too).
    constexpr explicit operator float() const noexcept { return format.value(bits_); }

private:
    Bits bits_;
};

}  // namespace detail

/// IEEE 754 binary16 (5 exponent bits, 10 mantissa bits), dtype f16: CUDA's `__half`.
struct half : detail::float_storage<half, std::uint16_t, detail::float_format{5, 10, true, false}> {
    using float_storage::float_storage;
};

/// bfloat16 (8 exponent bits, 7 mantissa bits: float's upper half), dtype bf16: CUDA's `__nv_bfloat16`.
struct bfloat16 : detail::float_storage<bfloat16, std::uint16_t, detail::float_format{8, 7, true, false}> {
    using float_storage::float_storage;
};

/// OCP FP8 E4M3 (4 exponent bits, 3 mantissa bits), dtype f8_e4m3: CUDA's `__nv_fp8_e4m3`. No
/// infinities; NaN is S.1111.111, and the largest finite value 448. A conversion from float
/// saturates, as CUDA's `__NV_SATFINITE` does: a finite value beyond 448, or an infinity, becomes ±448.
struct float8_e4m3 : detail::float_storage<float8_e4m3, std::uint8_t, detail::float_format{4, 3, false, true}> {
    using float_storage::float_storage;
};

/// OCP FP8 E5M2 (5 exponent bits, 2 mantissa bits: binary16's upper byte, with infinities and NaNs),
/// dtype f8_e5m2: CUDA's `__nv_fp8_e5m2`. A conversion from float saturates finite values, as CUDA's
/// `__NV_SATFINITE` does: one beyond 57344 becomes ±57344. An infinity stays one (where
/// `__NV_SATFINITE` makes it ±57344), so that every bit pattern comes back from float unchanged.
struct float8_e5m2 : detail::float_storage<float8_e5m2, std::uint8_t, detail::float_format{5, 2, true, true}> {
    using float_storage::float_storage;
};

namespace detail {

/// Whether `T` is one of the storage types above.
template <class T>
inline constexpr bool is_float_storage = std::same_as<T, half> || std::same_as<T, bfloat16> ||
                                         std::same_as<T, float8_e4m3> || std::same_as<T, float8_e5m2>;

}  // namespace detail

}  // namespace accy
