// SPDX-License-Identifier: Apache-2.0
// Defines the tests' scan pipeline: a three-stage device scan over kernels that only a backend
// double runs (block_scan -> sums_scan -> add_base), with the figures of the original
// specification's tests, which tests/runtime/specification_test.cpp ports.
#pragma once

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>
#include <tuple>

/// A test of the scan pipeline says `using namespace accy_test;` and has these names, the library's it uses most,
/// and the pipeline's.
namespace accy_test {

using accy::access;
using accy::dtype;
using accy::errc;
using accy::grid_dim;
using accy::parameter;
using accy::testing::recording_backend;

// Each kernel's last parameter is its element count; the grid covers it in blocks.
constexpr accy::launch_geometry blocks_of_64 = accy::launch_geometry::covering(3, 64);
constexpr accy::launch_geometry add_blocks_of_64{{grid_dim::ceil_div(2, 64), grid_dim::fixed(1), grid_dim::fixed(1)},
                                                 {64, 1, 1}};
constexpr accy::launch_geometry one_block_of_96 = accy::launch_geometry::fixed({1, 1, 1}, {96, 1, 1});

inline constexpr accy::kernel_declaration block_scan_kernel{
    .target = "accy.kernel.test.block_scan",
    .parameters = {parameter::buffer("out", access::write, dtype::f32), parameter::buffer("in", access::read, dtype::f32),
                   parameter::buffer("tile_sums", access::write, dtype::f32), parameter::scalar("n", dtype::u32)},
    .geometry = blocks_of_64};
inline constexpr accy::kernel_declaration sums_scan_kernel{
    .target = "accy.kernel.test.sums_scan",
    .parameters = {parameter::buffer("scanned", access::write, dtype::f32),
                   parameter::buffer("tile_sums", access::read, dtype::f32), parameter::scalar("count", dtype::u32)},
    .geometry = one_block_of_96};
inline constexpr accy::kernel_declaration add_base_kernel{
    .target = "accy.kernel.test.add_base",
    .parameters = {parameter::buffer("out", access::read_write, dtype::f32),
                   parameter::buffer("bases", access::read, dtype::f32), parameter::scalar("n", dtype::u32)},
    .geometry = add_blocks_of_64};

/// The three kernels' entries in one format, each symbol its target, each payload a placeholder.
constexpr std::array<accy::kernel_entry, 3> scan_entries(accy::format format) {
    const accy::payload placeholder = accy::payload::from_text("// test kernel");
    return {block_scan_kernel.entry(format, block_scan_kernel.target, placeholder),
            sums_scan_kernel.entry(format, sums_scan_kernel.target, placeholder),
            add_base_kernel.entry(format, add_base_kernel.target, placeholder)};
}

inline constexpr auto scan_registry = [] {
    const auto entries = scan_entries(accy::format::cuda_ptx);
    return accy::make_registry(entries[0], entries[1], entries[2]);
}();

using n = accy::forward<0>;
using f32_blocks = accy::shape<dtype::f32, accy::ceil_div<n, 64>>;

struct device_scan_definition : accy::definition_base<"accy.kernel.test.device_scan", scan_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<f32_blocks, f32_blocks>;
    using stages = accy::stages<
        accy::stage_of<block_scan_kernel, accy::result<0>, accy::operand<0>, accy::intermediate<0>, n>,
        accy::stage_of<sums_scan_kernel, accy::intermediate<1>, accy::intermediate<0>, accy::ceil_div<n, 64>>,
        accy::stage_of<add_base_kernel, accy::result<0>, accy::intermediate<1>, n>>;
};
using device_scan = accy::pipeline<device_scan_definition>;

/// The `bounded` variant: runtime scalar 0 at most 5000.
struct bounded_scan_definition : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_most<5000>>>;
};
using bounded_scan = accy::pipeline<bounded_scan_definition>;

}  // namespace accy_test

namespace accy_test {

/// The entries in cuda_ptx and again in metal_msl: a pool loaded in one format and a launch
/// asking for the other.
inline constexpr auto dual_format_registry = [] {
    const auto ptx = scan_entries(accy::format::cuda_ptx);
    const auto msl = scan_entries(accy::format::metal_msl);
    return accy::make_registry(ptx[0], ptx[1], ptx[2], msl[0], msl[1], msl[2]);
}();

struct dual_format_scan_definition : device_scan_definition {
    static constexpr const auto& registry = dual_format_registry;
};
using dual_format_scan = accy::pipeline<dual_format_scan_definition>;

/// The operand and result buffers, 20000 bytes each.
inline const std::array<accy::buffer, 1> scan_operands{accy::testing::recording_backend::buffer_for(1001, 20000)};
inline const std::array<accy::buffer, 1> scan_results{accy::testing::recording_backend::buffer_for(1002, 20000)};
inline constexpr std::tuple<std::uint32_t> n_5000{5000};

}  // namespace accy_test
