// SPDX-License-Identifier: Apache-2.0
// Defines the split scan's targets per element type and `accy_examples::split::entries`, which makes
// the entries of its two kernels in one format: the same targets, parameters and geometry in every format.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "split_scan/split_config.hpp"

#include <accy/accy.hpp>

#include <array>
#include <string_view>

namespace accy_examples::split {

/// The split scan's names for element type `T`: its two pipelines' targets and its kernels' targets.
template <class T>
struct targets {
    static constexpr std::string_view slice_sums = typed_name<"accy.examples.split_scan.slice_sums", T>.view();
    static constexpr std::string_view slice_scan = typed_name<"accy.examples.split_scan.slice_scan", T>.view();
    static constexpr auto slice_total = typed_name<"accy.examples.split_scan.slice_total", T>;
    static constexpr auto add_carry = typed_name<"accy.examples.split_scan.add_carry", T>;
};

/// The entries of slice_total and add_carry for `T` in `fmt` (signatures in split_config.hpp):
/// `names` are their entry names (a CUDA module's symbols), `code` their payloads.
template <class T>
constexpr std::array<accy::kernel_entry, 2> entries(accy::format fmt, const std::array<std::string_view, 2>& names,
                                                    const std::array<accy::payload, 2>& code) {
    using accy::access;
    using accy::parameter;
    constexpr accy::dtype t = accy::dtype_of<T>;
    return {{{targets<T>::slice_total.view(), 1, fmt, names[0],
              {parameter::buffer("total", access::write, t), parameter::buffer("tile_bases", access::read, t),
               parameter::buffer("tile_sums", access::read, t), parameter::scalar("tiles", accy::dtype::u32)},
              code[0], accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1})},
             {targets<T>::add_carry.view(), 1, fmt, names[1],
              {parameter::buffer("carried_bases", access::write, t), parameter::buffer("tile_bases", access::read, t),
               parameter::buffer("totals", access::read, t), parameter::scalar("predecessors", accy::dtype::u32),
               parameter::scalar("tiles", accy::dtype::u32)},
              code[1], over_tiles<carry_tile>(4)}}};
}

}  // namespace accy_examples::split
