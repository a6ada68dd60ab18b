// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::sum_type<T>`, what the examples' sums and scans of elements of type T
// accumulate in, host and CUDA alike: 32 bits at least, so that one status word
// (common/tile_status.hpp) holds a tile's sum. Integers narrower than 32 bits sum in 32-bit
// integers, whose sums truncated to T are T's own wrapping sums; the 16-bit floating types (f16 and
// bf16: accy::half and accy::bfloat16 on the host, __half and __nv_bfloat16 in CUDA, neither integral
// nor std::is_floating_point) sum in f32 and are rounded to T once, when stored.
// Only <cstdint> and <type_traits> here: CUDA kernels include it.
#pragma once

#include <cstdint>
#include <type_traits>

namespace accy_examples {

template <class T>
using sum_type = std::conditional_t<
    std::is_integral_v<T>,
    std::conditional_t<(sizeof(T) < 4), std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>, T>,
    std::conditional_t<std::is_floating_point_v<T>, T, float>>;

}  // namespace accy_examples
