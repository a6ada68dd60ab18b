// SPDX-License-Identifier: Apache-2.0
// Defines the scan pipeline with host kernels: the same entries, geometry and wiring, run by the host backend.
#pragma once

#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>

#include <algorithm>
#include <cstdint>

namespace accy_test {

// Each block of 64 threads scans 64 elements, one per thread, as the kernels' geometry says.

/// block_scan(out: write, in: read, block_sums: write, u32 n): each block's inclusive scan and its total.
inline void host_block_scan(const accy::host_block& block) {
    const auto out = block.buffer_as<float>(0);
    const auto in = block.buffer_as<const float>(1);
    const auto block_sums = block.buffer_as<float>(2);
    const auto n = block.scalar_as<std::uint32_t>(3);
    const std::uint32_t begin = block.block_index.x * block.block_dim.x;
    const std::uint32_t end = std::min(n, begin + block.block_dim.x);
    float running = 0;
    for (std::uint32_t i = begin; i < end; ++i) out[i] = running += in[i];
    block_sums[block.block_index.x] = running;
}

/// sums_scan(scanned: write, block_sums: read, u32 count), one block: the inclusive scan of the totals.
inline void host_sums_scan(const accy::host_block& block) {
    const auto scanned = block.buffer_as<float>(0);
    const auto block_sums = block.buffer_as<const float>(1);
    const auto count = block.scalar_as<std::uint32_t>(2);
    float running = 0;
    for (std::uint32_t i = 0; i < count; ++i) scanned[i] = running += block_sums[i];
}

/// add_base(out: read_write, scanned: read, u32 n): adds the previous blocks' total to each element.
inline void host_add_base(const accy::host_block& block) {
    if (block.block_index.x == 0) return;
    const auto out = block.buffer_as<float>(0);
    const float base = block.buffer_as<const float>(1)[block.block_index.x - 1];
    const std::uint32_t begin = block.block_index.x * block.block_dim.x;
    const std::uint32_t end = std::min(block.scalar_as<std::uint32_t>(2), begin + block.block_dim.x);
    for (std::uint32_t i = begin; i < end; ++i) out[i] += base;
}

/// The PTX entries and the same three kernels as host functions.
inline constexpr auto host_scan_registry = [] {
    const auto ptx = scan_entries(accy::format::cuda_ptx);
    return accy::make_registry(ptx[0], ptx[1], ptx[2], block_scan_kernel.host_entry(&host_block_scan),
                               sums_scan_kernel.host_entry(&host_sums_scan), add_base_kernel.host_entry(&host_add_base));
}();

struct host_scan_definition : device_scan_definition {
    static constexpr const auto& registry = host_scan_registry;
};
using host_scan = accy::pipeline<host_scan_definition>;

}  // namespace accy_test
