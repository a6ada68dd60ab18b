// SPDX-License-Identifier: Apache-2.0
// Defines what the host side knows of a kernel over tiles (common/tile_shape.hpp), one block per
// tile: its launch geometry, `accy_examples::over_tiles`, and the elements one block covers,
// `accy_examples::tile_range`, as the host kernels walk them.
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <cstdint>

namespace accy_examples {

/// One block of `Tile::block_threads` threads per tile of the element count, the kernel's parameter `n_index`.
template <class Tile>
constexpr accy::launch_geometry over_tiles(std::uint32_t n_index) {
    return {{accy::grid_dim::ceil_div(n_index, Tile::elements), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)},
            {Tile::block_threads, 1, 1}};
}

/// The elements of tile `index` below `n`: [first, last).
template <class Tile>
struct tile_range {
    std::uint64_t first, last;

    constexpr tile_range(std::uint32_t index, std::uint32_t n) noexcept
        : first(std::uint64_t{index} * Tile::elements), last(std::min<std::uint64_t>(first + Tile::elements, n)) {}
};

}  // namespace accy_examples
