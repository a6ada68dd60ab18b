// SPDX-License-Identifier: Apache-2.0
// Declares the scan's three kernels per element type, as every format has them (signatures in
// scan_config.hpp), and `accy_examples::scan::entries_in<T, Format>`, their entries in one format.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/tiled_kernel.hpp"
#include "scan/scan_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::scan {

template <class T>
inline constexpr accy::kernel_entry reduce_tiles = declare<"accy.examples.scan.reduce_tiles", T>(
    {buffer_of<T>("tile_sums", accy::access::write), buffer_of<T>("in", accy::access::read), scalar_of<std::uint32_t>("n")},
    over_tiles<tile>(2));

template <class T>
inline constexpr accy::kernel_entry scan_sums = declare<"accy.examples.scan.scan_sums", T>(
    {buffer_of<T>("tile_bases", accy::access::write), buffer_of<T>("tile_sums", accy::access::read),
     scalar_of<std::uint32_t>("tiles")},
    accy::launch_geometry::fixed({1, 1, 1}, {sums_block_threads, 1, 1}));

template <class T>
inline constexpr accy::kernel_entry scan_tiles = declare<"accy.examples.scan.scan_tiles", T>(
    {buffer_of<T>("out", accy::access::write), buffer_of<T>("in", accy::access::read),
     buffer_of<T>("tile_bases", accy::access::read), scalar_of<std::uint32_t>("n")},
    over_tiles<tile>(3));

/// The scan's entries for `T` in `Format`, as `entries`: host_kernels.hpp defines the host's,
/// cuda/scan_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::scan
