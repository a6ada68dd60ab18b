// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's host kernel (`accy_examples::single_pass::host`) and its
// `host`-format entries: the CUDA kernel's decoupled look-back, its tiles claimed as the CUDA kernel's blocks claim them.
#pragma once

#include "common/look_back.hpp"
#include "common/sum_type.hpp"
#include "common/tiled_kernel.hpp"
#include "common/wrapping_add.hpp"
#include "single_pass_scan/single_pass_config.hpp"
#include "single_pass_scan/single_pass_entries.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <span>

namespace accy_examples::single_pass::host {

// Sums tile `tile_index` of `tiles` of `Tile` over `input`, finds the sum of the tiles before it by
// look-back over `status` (common/look_back.hpp), then scans the tile into `result` after it, in
// sum_type<T>: each result is rounded to T once.
template <class Tile, class T>
void scan_tile_of(const accy::host_block& block, std::uint32_t tile_index, std::uint32_t tiles, std::span<T> result, std::span<const T> input,
                  std::span<std::uint64_t> status, std::uint32_t n) {
    using sum = sum_type<T>;
    const tile_range<Tile> range(tile_index, n);
    sum aggregate{};
    for (std::uint64_t i = range.first; i < range.last; ++i) aggregate = wrapping_add(aggregate, static_cast<sum>(input[i]));
    sum running = exclusive_prefix(block, status, tile_index, aggregate);
    finish_look_back<sum>(block, status, tile_index, tiles);
    for (std::uint64_t i = range.first; i < range.last; ++i)
        result[i] = static_cast<T>(running = wrapping_add(running, static_cast<sum>(input[i])));
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
    work_through_tiles<T, sum_type<T>>(block, status, n, [&]<class Tile>(std::uint32_t tile_index, std::uint32_t tiles) {
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
