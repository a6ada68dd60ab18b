// SPDX-License-Identifier: Apache-2.0
// Defines the seed's test pipeline: a three-stage device scan over kernels that only a backend
// double runs (block_scan -> sums_scan -> add_base), with the seed's figures.
#pragma once


#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>

/// A test of the seed's pipeline says `using namespace accy_test;` and has these names, the library's it uses most,
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

constexpr accy::kernel_entry seed_entry(std::string_view target, accy::format format, accy::parameter_list parameters,
                                        accy::launch_geometry launch) {
    return {target, 1, format, target, parameters, accy::payload::from_text("// seed kernel"), launch};
}

/// The seed's three entries in one format.
constexpr std::array<accy::kernel_entry, 3> seed_entries(accy::format format) {
    return {seed_entry("accy.kernel.test.block_scan", format,
                       {parameter::buffer("out", access::write, dtype::f32), parameter::buffer("in", access::read, dtype::f32),
                        parameter::buffer("tile_sums", access::write, dtype::f32), parameter::scalar("n", dtype::u32)},
                       blocks_of_64),
            seed_entry("accy.kernel.test.sums_scan", format,
                       {parameter::buffer("scanned", access::write, dtype::f32),
                        parameter::buffer("tile_sums", access::read, dtype::f32), parameter::scalar("count", dtype::u32)},
                       one_block_of_96),
            seed_entry("accy.kernel.test.add_base", format,
                       {parameter::buffer("out", access::read_write, dtype::f32),
                        parameter::buffer("bases", access::read, dtype::f32), parameter::scalar("n", dtype::u32)},
                       add_blocks_of_64)};
}

inline constexpr auto seed_registry = [] {
    const auto entries = seed_entries(accy::format::cuda_ptx);
    return accy::make_registry(entries[0], entries[1], entries[2]);
}();

using n = accy::forward<0>;
using f32_blocks = accy::shape<dtype::f32, accy::ceil_div<n, 64>>;

struct device_scan_definition : accy::definition_base<"accy.kernel.test.device_scan", seed_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<f32_blocks, f32_blocks>;
    using stages = accy::stages<
        accy::stage<"accy.kernel.test.block_scan", 1, accy::result<0>, accy::operand<0>, accy::intermediate<0>, n>,
        accy::stage<"accy.kernel.test.sums_scan", 1, accy::intermediate<1>, accy::intermediate<0>, accy::ceil_div<n, 64>>,
        accy::stage<"accy.kernel.test.add_base", 1, accy::result<0>, accy::intermediate<1>, n>>;
};
using device_scan = accy::pipeline<device_scan_definition>;

/// The seed's `bounded` variant: runtime scalar 0 at most 5000.
struct bounded_scan_definition : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_most<5000>>>;
};
using bounded_scan = accy::pipeline<bounded_scan_definition>;

}  // namespace accy_test

namespace accy_test {

/// The seed's entries in cuda_ptx and again in metal_msl: a pool loaded in one format and a launch
/// asking for the other.
inline constexpr auto dual_format_registry = [] {
    const auto ptx = seed_entries(accy::format::cuda_ptx);
    const auto msl = seed_entries(accy::format::metal_msl);
    return accy::make_registry(ptx[0], ptx[1], ptx[2], msl[0], msl[1], msl[2]);
}();

struct dual_format_scan_definition : device_scan_definition {
    static constexpr const auto& registry = dual_format_registry;
};
using dual_format_scan = accy::pipeline<dual_format_scan_definition>;

/// The seed's operand and result buffers, 20000 bytes each.
inline const std::array<accy::buffer, 1> seed_operands{accy::testing::recording_backend::buffer_for(1001, 20000)};
inline const std::array<accy::buffer, 1> seed_results{accy::testing::recording_backend::buffer_for(1002, 20000)};
inline constexpr std::tuple<std::uint32_t> n_5000{5000};

}  // namespace accy_test
