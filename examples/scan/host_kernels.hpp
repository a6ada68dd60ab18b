// SPDX-License-Identifier: Apache-2.0
// Defines the scan's host kernels (`accy_examples::scan::host`) and their `host`-format entries.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/wrapping_add.hpp"
#include "scan/scan_config.hpp"
#include "scan/scan_entries.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>

namespace accy_examples::scan::host {

// (T* tile_sums, const T* in, std::uint32_t n)
template <class T>
void reduce_tiles(const accy::host_block& block) {
    const auto tile_sums = block.buffer_as<T>(0);
    const auto in = block.buffer_as<const T>(1);
    const tile_range<tile> range(block.block_index.x, block.scalar_as<std::uint32_t>(2));
    T sum{};
    for (std::uint64_t i = range.first; i < range.last; ++i) sum = wrapping_add(sum, in[i]);
    tile_sums[block.block_index.x] = sum;
}

// (T* tile_bases, const T* tile_sums, std::uint32_t tiles): one block; on the CPU it needs no
// chunks to cover any count.
template <class T>
void scan_sums(const accy::host_block& block) {
    const auto tile_bases = block.buffer_as<T>(0);
    const auto tile_sums = block.buffer_as<const T>(1);
    const auto tiles = block.scalar_as<std::uint32_t>(2);
    T running{};
    for (std::uint32_t i = 0; i < tiles; ++i) {
        tile_bases[i] = running;
        running = wrapping_add(running, tile_sums[i]);
    }
}

// (T* out, const T* in, const T* tile_bases, std::uint32_t n)
template <class T>
void scan_tiles(const accy::host_block& block) {
    const auto out = block.buffer_as<T>(0);
    const auto in = block.buffer_as<const T>(1);
    T running = block.buffer_as<const T>(2)[block.block_index.x];
    const tile_range<tile> range(block.block_index.x, block.scalar_as<std::uint32_t>(3));
    for (std::uint64_t i = range.first; i < range.last; ++i) out[i] = running = wrapping_add(running, in[i]);
}

}  // namespace accy_examples::scan::host

namespace accy_examples::scan {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr auto registry = accy::make_registry(reduce_tiles<T>.host_entry(&host::reduce_tiles<T>),
                                        scan_sums<T>.host_entry(&host::scan_sums<T>),
                                        scan_tiles<T>.host_entry(&host::scan_tiles<T>));
};

}  // namespace accy_examples::scan
