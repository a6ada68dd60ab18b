// Defines the seed's test pipeline: a three-stage device scan over kernels that only a backend
// double runs (block_scan -> sums_scan -> add_base), with the seed's figures.
#pragma once

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_test {

using accy::access;
using accy::grid_dim;

constexpr accy::launch_geometry blocks_of_64{{grid_dim::ceil_div(0, 64), grid_dim::fixed(1), grid_dim::fixed(1)},
                                             {64, 1, 1}};
constexpr accy::launch_geometry one_block_of_96 = accy::launch_geometry::fixed({1, 1, 1}, {96, 1, 1});

constexpr accy::kernel_entry seed_entry(std::string_view target, accy::format format, accy::buffer_parameters buffers,
                                        accy::launch_geometry launch) {
    return {target, 1, format, target, buffers, 1, accy::payload::from_text("// seed kernel"), launch};
}

/// The seed's three entries in one format.
constexpr std::array<accy::kernel_entry, 3> seed_entries(accy::format format) {
    return {seed_entry("accy.kernel.test.block_scan", format, {access::write, access::read, access::write}, blocks_of_64),
            seed_entry("accy.kernel.test.sums_scan", format, {access::write, access::read}, one_block_of_96),
            seed_entry("accy.kernel.test.add_base", format, {access::read_write, access::read}, blocks_of_64)};
}

inline constexpr auto seed_registry = [] {
    const auto entries = seed_entries(accy::format::cuda_ptx);
    return accy::make_registry(entries[0], entries[1], entries[2]);
}();

using f32_blocks = accy::scratch<accy::dtype::f32, accy::ceil_div<0, 64>>;

struct device_scan_definition {
    static constexpr std::string_view target = "accy.kernel.test.device_scan";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = seed_registry;
    static constexpr std::size_t operand_count = 1, result_count = 1, runtime_scalar_count = 1;
    using intermediates = accy::intermediates<f32_blocks, f32_blocks>;
    using stages = accy::stages<
        accy::stage<"accy.kernel.test.block_scan", 1, accy::buffers<accy::result<0>, accy::operand<0>, accy::intermediate<0>>,
                    accy::scalars<accy::forward<0>>>,
        accy::stage<"accy.kernel.test.sums_scan", 1, accy::buffers<accy::intermediate<1>, accy::intermediate<0>>,
                    accy::scalars<accy::ceil_div<0, 64>>>,
        accy::stage<"accy.kernel.test.add_base", 1, accy::buffers<accy::result<0>, accy::intermediate<1>>,
                    accy::scalars<accy::forward<0>>>>;
};
using device_scan = accy::pipeline<device_scan_definition>;

/// The seed's `bounded` variant: runtime scalar 0 at most 5000.
struct bounded_scan_definition : device_scan_definition {
    using bounds = accy::bounds<accy::max_u32<0, 5000>>;
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
inline constexpr std::array<std::uint32_t, 1> n_5000{5000};

}  // namespace accy_test
