// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::detail::reduce_into`, one step of a host collective's reduction: elements of
// any dtype collectives take, combined in place.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/float_types.hpp>
#include <accy/core/reduction.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace accy::host::detail {

/// `a op b` for elements of type `T`: integers wrap as the GPU's do (the arithmetic is unsigned),
/// the 8- and 16-bit floating-point formats are computed in float and rounded back.
template <class T>
T combined(T a, T b, reduction op) noexcept {
    if constexpr (accy::detail::is_float_storage<T>) {
        return T(static_cast<float>(combined(static_cast<float>(a), static_cast<float>(b), op)));
    } else {
        switch (op) {
        case reduction::max: return b > a ? b : a;
        case reduction::min: return b < a ? b : a;
        default: break;
        }
        if constexpr (std::is_integral_v<T>) {
            // Promoted to unsigned int at least, so that neither a sum nor a product overflows a signed type.
            using wide = std::common_type_t<std::make_unsigned_t<T>, unsigned>;
            const wide x = static_cast<wide>(a), y = static_cast<wide>(b);
            return static_cast<T>(op == reduction::sum ? x + y : x * y);
        } else {
            return op == reduction::sum ? a + b : a * b;
        }
    }
}

template <class T>
void reduce_elements(std::byte* into, const std::byte* other, std::size_t count, reduction op) noexcept {
    for (std::size_t k = 0; k < count; ++k) {
        T a, b;
        std::memcpy(&a, into + k * sizeof(T), sizeof(T));  // host buffers need not be aligned for T
        std::memcpy(&b, other + k * sizeof(T), sizeof(T));
        const T c = combined(a, b, op);
        std::memcpy(into + k * sizeof(T), &c, sizeof(T));
    }
}

/// `into[k] = into[k] op other[k]` for `count` elements of `type`, one that collectives take.
inline void reduce_into(std::byte* into, const std::byte* other, std::size_t count, dtype type, reduction op) noexcept {
    switch (type) {
    case dtype::u8: return reduce_elements<std::uint8_t>(into, other, count, op);
    case dtype::i8: return reduce_elements<std::int8_t>(into, other, count, op);
    case dtype::i32: return reduce_elements<std::int32_t>(into, other, count, op);
    case dtype::u32: return reduce_elements<std::uint32_t>(into, other, count, op);
    case dtype::i64: return reduce_elements<std::int64_t>(into, other, count, op);
    case dtype::u64: return reduce_elements<std::uint64_t>(into, other, count, op);
    case dtype::f32: return reduce_elements<float>(into, other, count, op);
    case dtype::f64: return reduce_elements<double>(into, other, count, op);
    case dtype::f16: return reduce_elements<half>(into, other, count, op);
    case dtype::bf16: return reduce_elements<bfloat16>(into, other, count, op);
    case dtype::f8_e4m3: return reduce_elements<float8_e4m3>(into, other, count, op);
    case dtype::f8_e5m2: return reduce_elements<float8_e5m2>(into, other, count, op);
    case dtype::i16:
    case dtype::u16: return;  // collectives take neither: refused before
    }
}

}  // namespace accy::host::detail
