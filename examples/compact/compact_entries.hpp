// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's own kernel targets per element type and `accy_examples::compact::entries`,
// which makes its flag and scatter entries of one format; the scan's entries come from scan_entries.hpp.
#pragma once

#include "compact/compact_config.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::compact {

/// The compaction's names for element type `T`: its dtype, the pipeline's target and its own stages' targets.
template <class T>
struct targets;

template <>
struct targets<float> {
    static constexpr accy::dtype dtype = accy::dtype::f32;
    static constexpr std::string_view pipeline = "accy.examples.compact.f32";
    static constexpr accy::fixed_string flag = "accy.examples.compact.flag.f32";
    static constexpr accy::fixed_string scatter = "accy.examples.compact.scatter.f32";
};

template <>
struct targets<std::int32_t> {
    static constexpr accy::dtype dtype = accy::dtype::i32;
    static constexpr std::string_view pipeline = "accy.examples.compact.i32";
    static constexpr accy::fixed_string flag = "accy.examples.compact.flag.i32";
    static constexpr accy::fixed_string scatter = "accy.examples.compact.scatter.i32";
};

/// A grid of one block per tile of the element count, parameter `n_index` of the kernel.
constexpr accy::launch_geometry over_tiles(std::uint32_t n_index) {
    return {{accy::grid_dim::ceil_div(n_index, compact_tile), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)},
            {compact_block_threads, 1, 1}};
}

/// The parameters of flag and scatter for `T`, in the order the kernels take them.
template <class T>
constexpr std::array<accy::parameter_list, 2> parameters() {
    using accy::access;
    using accy::dtype;
    using accy::parameter;
    constexpr dtype t = targets<T>::dtype;
    return {accy::parameter_list{parameter::buffer("flags", access::write, dtype::i32), parameter::buffer("in", access::read, t),
                                 parameter::scalar("n", dtype::u32), parameter::scalar("threshold", t)},
            accy::parameter_list{parameter::buffer("out", access::write, t), parameter::buffer("count", access::write, dtype::u32),
                                 parameter::buffer("in", access::read, t),
                                 parameter::buffer("positions", access::read, dtype::i32), parameter::scalar("n", dtype::u32)}};
}

/// The entries of flag and scatter for `T` in `fmt`: `names` are their entry names (a CUDA
/// module's symbols), `code` their payloads.
template <class T>
constexpr std::array<accy::kernel_entry, 2> entries(accy::format fmt, const std::array<std::string_view, 2>& names,
                                                    const std::array<accy::payload, 2>& code) {
    constexpr std::array<accy::parameter_list, 2> declared = parameters<T>();
    return {{{targets<T>::flag.view(), 1, fmt, names[0], declared[0], code[0], over_tiles(2)},
             {targets<T>::scatter.view(), 1, fmt, names[1], declared[1], code[1], over_tiles(4)}}};
}

}  // namespace accy_examples::compact
