// Defines the scan's kernel targets per element type and `accy_examples::scan::entries`, which
// makes the three kernel entries of one format: the same targets, buffers, scalars and geometry in every format.
#pragma once

#include "scan/scan_config.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::scan {

/// The scan's names for element type `T`: its dtype, the pipeline's target and its stages' targets.
template <class T>
struct targets;

template <>
struct targets<float> {
    static constexpr accy::dtype dtype = accy::dtype::f32;
    static constexpr std::string_view pipeline = "accy.examples.scan.f32";
    static constexpr accy::fixed_string block_scan = "accy.examples.scan.block_scan.f32";
    static constexpr accy::fixed_string sums_scan = "accy.examples.scan.sums_scan.f32";
    static constexpr accy::fixed_string add_base = "accy.examples.scan.add_base.f32";
};

template <>
struct targets<std::int32_t> {
    static constexpr accy::dtype dtype = accy::dtype::i32;
    static constexpr std::string_view pipeline = "accy.examples.scan.i32";
    static constexpr accy::fixed_string block_scan = "accy.examples.scan.block_scan.i32";
    static constexpr accy::fixed_string sums_scan = "accy.examples.scan.sums_scan.i32";
    static constexpr accy::fixed_string add_base = "accy.examples.scan.add_base.i32";
};

inline constexpr accy::launch_geometry over_tiles{
    {accy::grid_dim::ceil_div(0, scan_tile), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)}, {scan_block_threads, 1, 1}};
inline constexpr accy::launch_geometry one_block = accy::launch_geometry::fixed({1, 1, 1}, {scan_block_threads, 1, 1});

/// The entries of block_scan, sums_scan and add_base for `T` in `fmt`: `names` are their entry
/// names (a CUDA module's symbols), `code` their payloads (one module may serve all three).
template <class T>
constexpr std::array<accy::kernel_entry, 3> entries(accy::format fmt, const std::array<std::string_view, 3>& names,
                                                    const std::array<accy::payload, 3>& code) {
    using accy::access;
    return {{{targets<T>::block_scan.view(), 1, fmt, names[0], {access::write, access::read, access::write}, 1, code[0], over_tiles},
             {targets<T>::sums_scan.view(), 1, fmt, names[1], {access::write, access::read}, 1, code[1], one_block},
             {targets<T>::add_base.view(), 1, fmt, names[2], {access::read_write, access::read}, 1, code[2], over_tiles}}};
}

}  // namespace accy_examples::scan
