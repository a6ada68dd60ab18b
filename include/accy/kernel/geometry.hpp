// SPDX-License-Identifier: Apache-2.0
// Defines `accy::launch_geometry`: a kernel's grid (fixed or derived from its integer scalar
// parameters), its block and its dynamic shared memory, and the limits they are checked against.
#pragma once

#include <accy/core/detail/message.hpp>

#include <array>
#include <cstdint>
#include <string>

namespace accy {

struct dim3 {
    std::uint32_t x = 1, y = 1, z = 1;

    friend constexpr bool operator==(const dim3&, const dim3&) = default;
};

/// "(x, y, z)": dimensions, for messages.
inline std::string to_string(const dim3& value) {
    return detail::message({'(', value.x, ", ", value.y, ", ", value.z, ')'});
}

/// The limits of a CUDA launch, which every backend applies so that a pipeline behaves the same on each.
namespace limits {
inline constexpr std::uint32_t block_x = 1024, block_y = 1024, block_z = 64, block_threads = 1024;
inline constexpr std::uint64_t grid_x = 2147483647, grid_y = 65535, grid_z = 65535;
/// The most dynamic shared memory a block can have on any current NVIDIA GPU (227 KiB, Hopper).
inline constexpr std::uint64_t shared_memory_bytes = 232448;

/// The largest count grid dimension `d` (0 is x) may have.
constexpr std::uint64_t grid(std::size_t d) noexcept { return d == 0 ? grid_x : d == 1 ? grid_y : grid_z; }
}  // namespace limits

/// One grid dimension: a fixed count, or ceil(parameter / divisor) of one of the kernel's integer scalar parameters.
struct grid_dim {
    enum class kind { fixed, ceil_div };

    kind rule = kind::fixed;
    std::uint64_t value = 1;            ///< the count when fixed, the divisor when derived
    std::uint32_t parameter_index = 0;  ///< which parameter a derived dimension reads

    static constexpr grid_dim fixed(std::uint64_t count) noexcept { return {kind::fixed, count, 0}; }
    static constexpr grid_dim ceil_div(std::uint32_t parameter_index, std::uint64_t divisor) noexcept {
        return {kind::ceil_div, divisor, parameter_index};
    }
};

/// Dynamic shared memory per block: `bytes`, plus `bytes_per_thread` for every thread of the block.
struct shared_memory {
    std::uint32_t bytes = 0;
    std::uint32_t bytes_per_thread = 0;

    constexpr std::uint64_t total(const dim3& block) const noexcept {
        return bytes + std::uint64_t{bytes_per_thread} * block.x * block.y * block.z;
    }
};

struct launch_geometry {
    std::array<grid_dim, 3> grid{grid_dim::fixed(1), grid_dim::fixed(1), grid_dim::fixed(1)};
    dim3 block{};
    accy::shared_memory shared{};

    /// A grid that depends on no parameter.
    static constexpr launch_geometry fixed(dim3 grid, dim3 block, accy::shared_memory shared = {}) noexcept {
        return {{grid_dim::fixed(grid.x), grid_dim::fixed(grid.y), grid_dim::fixed(grid.z)}, block, shared};
    }

    /// One thread for each of the count in scalar parameter `count_parameter`: a grid of
    /// ceil(count / `block_threads`) blocks of `block_threads` threads.
    static constexpr launch_geometry covering(std::uint32_t count_parameter, std::uint32_t block_threads,
                                              accy::shared_memory shared = {}) noexcept {
        return {{grid_dim::ceil_div(count_parameter, block_threads), grid_dim::fixed(1), grid_dim::fixed(1)},
                {block_threads, 1, 1},
                shared};
    }
};

/// What one launch is: grid, block and dynamic shared memory bytes.
struct launch_config {
    dim3 grid;
    dim3 block;
    std::uint32_t shared_bytes = 0;
};

/// Whether `config`'s grid, block and dynamic shared memory lie within CUDA's limits, every
/// dimension at least 1: what every backend's `launch` checks, so that the same launch fails the
/// same way on each (`errc::launch_argument_mismatch`, `detail::check_launch_arguments`).
constexpr bool within_limits(const launch_config& config) noexcept {
    const dim3 grid = config.grid, block = config.block;
    return grid.x != 0 && grid.y != 0 && grid.z != 0 && grid.x <= limits::grid_x && grid.y <= limits::grid_y &&
           grid.z <= limits::grid_z && block.x != 0 && block.y != 0 && block.z != 0 && block.x <= limits::block_x &&
           block.y <= limits::block_y && block.z <= limits::block_z &&
           std::uint64_t{block.x} * block.y * block.z <= limits::block_threads &&
           config.shared_bytes <= limits::shared_memory_bytes;
}

}  // namespace accy
