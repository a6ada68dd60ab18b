// Defines `accy::launch_geometry`: a kernel's grid, fixed or derived from its scalars, and its block.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace accy {

struct dim3 {
    std::uint32_t x = 1, y = 1, z = 1;

    friend constexpr bool operator==(const dim3&, const dim3&) = default;
};

/// One grid dimension: a fixed count, or ceil(scalar / divisor) of one of the stage's scalars.
struct grid_dim {
    enum class kind { fixed, ceil_div };

    kind rule = kind::fixed;
    std::uint32_t value = 1;         ///< the count when fixed, the divisor when derived
    std::uint32_t scalar_index = 0;  ///< which of the stage's scalars a derived dimension reads

    static constexpr grid_dim fixed(std::uint32_t count) noexcept { return {kind::fixed, count, 0}; }
    static constexpr grid_dim ceil_div(std::uint32_t scalar_index, std::uint32_t divisor) noexcept {
        return {kind::ceil_div, divisor, scalar_index};
    }
};

struct launch_geometry {
    std::array<grid_dim, 3> grid{grid_dim::fixed(1), grid_dim::fixed(1), grid_dim::fixed(1)};
    dim3 block{};

    /// A grid that depends on no scalar.
    static constexpr launch_geometry fixed(dim3 grid, dim3 block) noexcept {
        return {{grid_dim::fixed(grid.x), grid_dim::fixed(grid.y), grid_dim::fixed(grid.z)}, block};
    }
};

constexpr std::uint32_t derive(const grid_dim& dim, std::span<const std::uint32_t> stage_scalars) noexcept {
    if (dim.rule == grid_dim::kind::fixed) return dim.value;
    const std::uint64_t scalar = stage_scalars[dim.scalar_index];
    return static_cast<std::uint32_t>((scalar + dim.value - 1) / dim.value);
}

/// The grid of one launch, given the stage's scalar values.
constexpr dim3 derive_grid(const launch_geometry& geometry, std::span<const std::uint32_t> stage_scalars) noexcept {
    return {derive(geometry.grid[0], stage_scalars), derive(geometry.grid[1], stage_scalars),
            derive(geometry.grid[2], stage_scalars)};
}

}  // namespace accy
