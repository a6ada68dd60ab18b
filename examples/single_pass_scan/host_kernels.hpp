// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's host kernel (`accy_examples::single_pass::host`) and its
// `host`-format entries: the CUDA kernel's decoupled look-back, a tile per call.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/look_back.hpp"
#include "common/tiled_kernel.hpp"
#include "common/wrapping_add.hpp"
#include "single_pass_scan/single_pass_config.hpp"
#include "single_pass_scan/single_pass_entries.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <span>

namespace accy_examples::single_pass::host {

// Scans tile `block_index.x` of `Tile` over `input` into `result`, then adds the sum of the tiles
// before it, found by look-back over `status` (common/look_back.hpp).
template <class Tile, class T>
void scan_tile_of(const accy::host_block& block, std::span<T> result, std::span<const T> input, std::span<std::uint64_t> status,
                  std::uint32_t n) {
    const tile_range<Tile> range(block.block_index.x, n);
    T running{};
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = running = wrapping_add(running, input[i]);
    const T before = exclusive_prefix(status, block.block_index.x, running);
    finish_look_back(status, block.block_index.x, block.grid_dim.x);
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = wrapping_add(result[i], before);
}

// (T* result, const T* input, std::uint64_t* status, std::uint32_t n, std::uint32_t tiles): scans
// one tile, a register tile or a staged tile as the CUDA kernel's launch of `tiles` has them.
template <class T>
void scan_tile(const accy::host_block& block) {
    const std::uint32_t n = block.scalar_as<std::uint32_t>(3);
    const auto scan = register_tiles_cover(block.scalar_as<std::uint32_t>(4), n) ? &scan_tile_of<register_tile, T>
                                                                                   : &scan_tile_of<staged_tile, T>;
    scan(block, block.buffer_as<T>(0), block.buffer_as<const T>(1), block.buffer_as<std::uint64_t>(2), n);
}

}  // namespace accy_examples::single_pass::host

namespace accy_examples::single_pass {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr std::array entries{host_entry(scan<T>, &host::scan_tile<T>)};
};

}  // namespace accy_examples::single_pass
