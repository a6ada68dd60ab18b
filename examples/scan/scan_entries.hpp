// SPDX-License-Identifier: Apache-2.0
// Defines the scan's kernel targets per element type, `accy_examples::scan::declared<T>()`, its three
// kernels as every format declares them, and `entries_in<T, Format>`, their entries in one format.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "scan/scan_config.hpp"

#include <accy/accy.hpp>

#include <array>

namespace accy_examples::scan {

/// The targets of the scan's kernels for element type `T`.
template <class T>
struct targets {
    static constexpr auto reduce_tiles = typed_name<"accy.examples.scan.reduce_tiles", T>;
    static constexpr auto scan_sums = typed_name<"accy.examples.scan.scan_sums", T>;
    static constexpr auto scan_tiles = typed_name<"accy.examples.scan.scan_tiles", T>;
};

/// reduce_tiles, scan_sums and scan_tiles for `T` as every format declares them: the parameters in
/// the kernels' order (scan_config.hpp) and the geometry.
template <class T>
constexpr std::array<accy::kernel_entry, 3> declared() {
    using accy::access;
    using accy::parameter;
    constexpr accy::dtype t = accy::dtype_of<T>;
    return {declare(targets<T>::reduce_tiles.view(),
                    {parameter::buffer("tile_sums", access::write, t), parameter::buffer("in", access::read, t),
                     parameter::scalar("n", accy::dtype::u32)},
                    over_tiles<tile>(2)),
            declare(targets<T>::scan_sums.view(),
                    {parameter::buffer("tile_bases", access::write, t), parameter::buffer("tile_sums", access::read, t),
                     parameter::scalar("tiles", accy::dtype::u32)},
                    accy::launch_geometry::fixed({1, 1, 1}, {sums_block_threads, 1, 1})),
            declare(targets<T>::scan_tiles.view(),
                    {parameter::buffer("out", access::write, t), parameter::buffer("in", access::read, t),
                     parameter::buffer("tile_bases", access::read, t), parameter::scalar("n", accy::dtype::u32)},
                    over_tiles<tile>(3))};
}

/// The scan's entries for `T` in `Format`, as `entries`: host_kernels.hpp defines the host's,
/// cuda/scan_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::scan
