// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's host kernel (`accy_examples::single_pass::host`) and its
// `host`-format entries: the CUDA kernel's decoupled look-back, its tiles claimed as the CUDA kernel's blocks claim them.
#pragma once

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

// Scans tile `tile_index` of `tiles` of `Tile` over `input` into `result`, then adds the sum of the
// tiles before it, found by look-back over `status` (common/look_back.hpp).
template <class Tile, class T>
void scan_tile_of(const accy::host_block& block, std::uint32_t tile_index, std::uint32_t tiles, std::span<T> result, std::span<const T> input,
                  std::span<std::uint64_t> status, std::uint32_t n) {
    const tile_range<Tile> range(tile_index, n);
    T running{};
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = running = wrapping_add(running, input[i]);
    const T before = exclusive_prefix(block, status, tile_index, running);
    finish_look_back(block, status, tile_index, tiles);
    for (std::uint64_t i = range.first; i < range.last; ++i) result[i] = wrapping_add(result[i], before);
}

// (T* result, const T* input, std::uint64_t* status, std::uint32_t n, std::uint32_t blocks): as the
// CUDA kernel's launch of `blocks` has them, scans register tile `block_index.x`, or claims staged
// tiles and scans them until none is left.
template <class T>
void scan_tiles(const accy::host_block& block) {
    const std::uint32_t n = block.scalar_as<std::uint32_t>(3);
    const auto result = block.buffer_as<T>(0);
    const auto input = block.buffer_as<const T>(1);
    const auto status = block.buffer_as<std::uint64_t>(2);
    work_through_tiles(block, status, n, [&]<class Tile>(std::uint32_t tile_index, std::uint32_t tiles) {
        scan_tile_of<Tile>(block, tile_index, tiles, result, input, status, n);
    });
}

}  // namespace accy_examples::single_pass::host

namespace accy_examples::single_pass {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr auto registry = accy::make_registry(scan<T>.host_entry(&host::scan_tiles<T>));
};

}  // namespace accy_examples::single_pass
