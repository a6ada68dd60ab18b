// Defines `accy::max_u32<i, v>`, an upper bound on a runtime scalar, and the list `accy::bounds`.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accy {

struct scalar_bound {
    std::size_t index = 0;
    std::uint32_t max = 0;
};

/// Runtime scalar `Index` must not exceed `Max`; checked before anything is allocated or launched.
template <std::size_t Index, std::uint32_t Max>
struct max_u32 {
    static constexpr scalar_bound bound{Index, Max};
};

template <class... Bounds>
struct bounds {};

}  // namespace accy
