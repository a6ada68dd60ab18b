// SPDX-License-Identifier: Apache-2.0
// Defines the scan's kernel targets per element type and `accy_examples::scan::entries`, which
// makes the three kernel entries of one format: the same targets, parameters and geometry in every format.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "scan/scan_config.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::scan {

/// The scan's names for element type `T`: the pipeline's target and its stages' targets.
template <class T>
struct targets {
    static constexpr std::string_view pipeline = typed_name<"accy.examples.scan", T>.view();
    static constexpr auto reduce_tiles = typed_name<"accy.examples.scan.reduce_tiles", T>;
    static constexpr auto scan_sums = typed_name<"accy.examples.scan.scan_sums", T>;
    static constexpr auto scan_tiles = typed_name<"accy.examples.scan.scan_tiles", T>;
};

inline constexpr accy::launch_geometry one_block = accy::launch_geometry::fixed({1, 1, 1}, {sums_block_threads, 1, 1});

/// The parameters of reduce_tiles, scan_sums and scan_tiles for `T`, in the order the kernels take them.
template <class T>
constexpr std::array<accy::parameter_list, 3> parameters() {
    using accy::access;
    using accy::parameter;
    constexpr accy::dtype t = accy::dtype_of<T>;
    return {accy::parameter_list{parameter::buffer("tile_sums", access::write, t), parameter::buffer("in", access::read, t),
                                 parameter::scalar("n", accy::dtype::u32)},
            accy::parameter_list{parameter::buffer("tile_bases", access::write, t),
                                 parameter::buffer("tile_sums", access::read, t), parameter::scalar("tiles", accy::dtype::u32)},
            accy::parameter_list{parameter::buffer("out", access::write, t), parameter::buffer("in", access::read, t),
                                 parameter::buffer("tile_bases", access::read, t), parameter::scalar("n", accy::dtype::u32)}};
}

/// The entries of reduce_tiles, scan_sums and scan_tiles for `T` in `fmt`: `names` are their entry
/// names (a CUDA module's symbols), `code` their payloads (one module may serve all three).
template <class T>
constexpr std::array<accy::kernel_entry, 3> entries(accy::format fmt, const std::array<std::string_view, 3>& names,
                                                    const std::array<accy::payload, 3>& code) {
    constexpr std::array<accy::parameter_list, 3> declared = parameters<T>();
    return {{{targets<T>::reduce_tiles.view(), 1, fmt, names[0], declared[0], code[0], over_tiles<tile>(2)},
             {targets<T>::scan_sums.view(), 1, fmt, names[1], declared[1], code[1], one_block},
             {targets<T>::scan_tiles.view(), 1, fmt, names[2], declared[2], code[2], over_tiles<tile>(3)}}};
}

}  // namespace accy_examples::scan
