// SPDX-License-Identifier: Apache-2.0
// Declares the scan's three kernels per element type, as every format has them (signatures in
// scan_config.hpp), and `accy_examples::scan::entries_in<T, Format>`, their entries in one format.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "scan/scan_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::scan {

template <class T>
inline constexpr accy::kernel_declaration reduce_tiles{
    .target = typed_name<"accy.examples.scan.reduce_tiles", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("tile_sums", accy::access::write), accy::parameter::buffer_of<T>("in", accy::access::read), accy::parameter::scalar_of<std::uint32_t>("n")},
    .geometry = over_tiles<tile>(2)};

template <class T>
inline constexpr accy::kernel_declaration scan_sums{
    .target = typed_name<"accy.examples.scan.scan_sums", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("tile_bases", accy::access::write), accy::parameter::buffer_of<T>("tile_sums", accy::access::read),
      accy::parameter::scalar_of<std::uint32_t>("tiles")},
    .geometry = accy::launch_geometry::fixed({1, 1, 1}, {sums_block_threads, 1, 1})};

template <class T>
inline constexpr accy::kernel_declaration scan_tiles{
    .target = typed_name<"accy.examples.scan.scan_tiles", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("out", accy::access::write), accy::parameter::buffer_of<T>("in", accy::access::read),
      accy::parameter::buffer_of<T>("tile_bases", accy::access::read), accy::parameter::scalar_of<std::uint32_t>("n")},
    .geometry = over_tiles<tile>(3)};

/// The scan's entries for `T` in `Format`, as `registry`: host_kernels.hpp defines the host's,
/// cuda/scan_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::scan
