// SPDX-License-Identifier: Apache-2.0
// Defines the targets of the split scan's own kernels per element type, `declared<T>()`, the two
// kernels as every format declares them, and `entries_in<T, Format>`, their entries in one format.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "split_scan/split_config.hpp"

#include <accy/accy.hpp>

#include <array>

namespace accy_examples::split {

/// The targets of the split scan's own kernels for element type `T`.
template <class T>
struct targets {
    static constexpr auto slice_total = typed_name<"accy.examples.split_scan.slice_total", T>;
    static constexpr auto add_carry = typed_name<"accy.examples.split_scan.add_carry", T>;
};

/// slice_total and add_carry for `T` as every format declares them: the parameters in the kernels'
/// order (split_config.hpp) and the geometry.
template <class T>
constexpr std::array<accy::kernel_entry, 2> declared() {
    using accy::access;
    using accy::parameter;
    constexpr accy::dtype t = accy::dtype_of<T>;
    return {declare(targets<T>::slice_total.view(),
                    {parameter::buffer("total", access::write, t), parameter::buffer("tile_bases", access::read, t),
                     parameter::buffer("tile_sums", access::read, t), parameter::scalar("tiles", accy::dtype::u32)},
                    accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1})),
            declare(targets<T>::add_carry.view(),
                    {parameter::buffer("carried_bases", access::write, t), parameter::buffer("tile_bases", access::read, t),
                     parameter::buffer("totals", access::read, t), parameter::scalar("predecessors", accy::dtype::u32),
                     parameter::scalar("tiles", accy::dtype::u32)},
                    over_tiles<carry_tile>(4))};
}

/// The split scan's own entries for `T` in `Format`, as `entries`: host_kernels.hpp defines the
/// host's, cuda/split_scan_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::split
