// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::element_types`, the element types an example runs, and the examples'
// usual ones, `f32_and_i32`.
#pragma once

#include <accy/accy.hpp>

#include <array>
#include <cstdint>

namespace accy_examples {

template <class... T>
struct element_types {
    /// Their dtypes, in order.
    static constexpr std::array dtypes{accy::dtype_of<T>...};
};

using f32_and_i32 = element_types<float, std::int32_t>;

}  // namespace accy_examples
