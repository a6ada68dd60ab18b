// SPDX-License-Identifier: Apache-2.0
// Defines the split scan's host kernels (`accy_examples::split::host`) and with them its `host` entries_in.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/wrapping_add.hpp"
#include "split_scan/split_config.hpp"
#include "split_scan/split_entries.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>

namespace accy_examples::split::host {

// (T* total, const T* tile_bases, const T* tile_sums, std::uint32_t tiles)
template <class T>
void slice_total(const accy::host_block& block) {
    const auto last = block.scalar_as<std::uint32_t>(3) - 1;
    block.buffer_as<T>(0)[0] = wrapping_add(block.buffer_as<const T>(1)[last], block.buffer_as<const T>(2)[last]);
}

// (T* carried_bases, const T* tile_bases, const T* totals, std::uint32_t predecessors, std::uint32_t tiles)
template <class T>
void add_carry(const accy::host_block& block) {
    const auto carried_bases = block.buffer_as<T>(0);
    const auto tile_bases = block.buffer_as<const T>(1);
    const auto totals = block.buffer_as<const T>(2);
    T carry{};
    for (std::uint32_t i = 0; i < block.scalar_as<std::uint32_t>(3); ++i) carry = wrapping_add(carry, totals[i]);
    const tile_range<carry_tile> range(block.block_index.x, block.scalar_as<std::uint32_t>(4));
    for (std::uint64_t i = range.first; i < range.last; ++i) carried_bases[i] = wrapping_add(tile_bases[i], carry);
}

}  // namespace accy_examples::split::host

namespace accy_examples::split {

template <class T>
struct entries_in<T, accy::format::host> {
    static constexpr auto registry = accy::make_registry(slice_total<T>.host_entry(&host::slice_total<T>),
                                        add_carry<T>.host_entry(&host::add_carry<T>));
};

}  // namespace accy_examples::split
