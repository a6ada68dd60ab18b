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

// (T* result, const T* input, std::uint64_t* status, std::uint32_t n): scans one tile, then adds
// the sum of the tiles before it, found by look-back over `status` (common/look_back.hpp).
template <class T>
void scan_tile(const accy::host_block& block) {
    const std::span<T> result = block.buffer_as<T>(0);
    const std::span<const T> input = block.buffer_as<const T>(1);
    const std::span<std::uint64_t> status = block.buffer_as<std::uint64_t>(2);
    const tile_range<look_back_tile> range(block.block_index.x, block.scalar_as<std::uint32_t>(3));
    T running{};
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = running = wrapping_add(running, input[i]);
    const T before = exclusive_prefix(status, block.block_index.x, running);
    finish_look_back(status, block.block_index.x, block.grid_dim.x);
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = wrapping_add(result[i], before);
}

}  // namespace accy_examples::single_pass::host

namespace accy_examples::single_pass {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr std::array entries{host_entry(scan<T>, &host::scan_tile<T>)};
};

}  // namespace accy_examples::single_pass
