// SPDX-License-Identifier: Apache-2.0
// Defines the conformance suite's kernel, `conformance_affine`: its parameters, its entry in any format, its host
// implementation and the C++ reference its results are checked against (kernels/affine.cu is its CUDA twin).
#pragma once

#include <accy/kernel/host_kernel.hpp>
#include <accy/kernel/kernel_entry.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace accy_conformance {

using accy::access;
using accy::dtype;
using accy::parameter;

/// Threads per block of every launch of the kernel.
inline constexpr std::uint32_t block_size = 128;

/// `conformance_affine(i64* out, const i32* in, u32 n, i32 factor, i64 offset)`: out[i] += in[i] * factor + offset
/// for i < n. Mixed widths, so that `offset` sits at byte 24 after the two 4-byte scalars: a backend that packs
/// arguments at the wrong offsets gets a wrong result (and the CUDA backend's load compares the layout with the
/// binary's).
inline constexpr accy::parameter_list affine_parameters{
    parameter::buffer("out", access::read_write, dtype::i64), parameter::buffer("in", access::read, dtype::i32),
    parameter::scalar("n", dtype::u32), parameter::scalar("factor", dtype::i32),
    parameter::scalar("offset", dtype::i64)};

/// The entry of the kernel in `fmt`, carrying `code`: one block of `block_size` threads per `block_size` elements.
constexpr accy::kernel_entry affine_entry(accy::format fmt, accy::payload code) {
    return {"conformance.affine",
            1,
            fmt,
            "conformance_affine",
            affine_parameters,
            code,
            {{accy::grid_dim::ceil_div(2, block_size), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)},
             {block_size, 1, 1}}};
}

/// The launch of `n` elements: ceil(n / block_size) blocks.
constexpr accy::launch_config affine_config(std::uint32_t n) {
    return {{(n + block_size - 1) / block_size, 1, 1}, {block_size, 1, 1}, 0};
}

/// The kernel on the host backend, one call per block, each thread of the block one element.
inline void affine_host(const accy::host_block& block) {
    const auto out = block.buffer_as<std::int64_t>(0);
    const auto in = block.buffer_as<const std::int32_t>(1);
    const auto n = block.scalar_as<std::uint32_t>(2);
    const auto factor = block.scalar_as<std::int32_t>(3);
    const auto offset = block.scalar_as<std::int64_t>(4);
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * block.block_dim.x;
    const std::uint64_t end = std::min<std::uint64_t>(n, begin + block.block_dim.x);
    for (std::uint64_t i = begin; i < end; ++i) out[i] += std::int64_t{in[i]} * factor + offset;
}

/// What the kernel leaves in `out` (which held `before`) after one launch over all of `in`.
inline std::vector<std::int64_t> affine_reference(std::span<const std::int64_t> before,
                                                  std::span<const std::int32_t> in, std::int32_t factor,
                                                  std::int64_t offset) {
    std::vector<std::int64_t> after(before.begin(), before.end());
    for (std::size_t i = 0; i < in.size(); ++i) after[i] += std::int64_t{in[i]} * factor + offset;
    return after;
}

}  // namespace accy_conformance
