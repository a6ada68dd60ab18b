// SPDX-License-Identifier: Apache-2.0
// Declares the split scan's own two kernels per element type, as every format has them (signatures
// in split_config.hpp), and `accy_examples::split::entries_in<T, Format>`, their entries in one format.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "split_scan/split_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::split {

template <class T>
inline constexpr accy::kernel_declaration slice_total{
    .target = typed_name<"accy.examples.split_scan.slice_total", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("total", accy::access::write), accy::parameter::buffer_of<T>("tile_bases", accy::access::read),
      accy::parameter::buffer_of<T>("tile_sums", accy::access::read), accy::parameter::scalar_of<std::uint32_t>("tiles")},
    .geometry = accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1})};

template <class T>
inline constexpr accy::kernel_declaration add_carry{
    .target = typed_name<"accy.examples.split_scan.add_carry", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("carried_bases", accy::access::write), accy::parameter::buffer_of<T>("tile_bases", accy::access::read),
      accy::parameter::buffer_of<T>("totals", accy::access::read), accy::parameter::scalar_of<std::uint32_t>("predecessors"), accy::parameter::scalar_of<std::uint32_t>("tiles")},
    .geometry = over_tiles<carry_tile>(4)};

/// The split scan's own entries for `T` in `Format`, as `registry`: host_kernels.hpp defines the
/// host's, cuda/split_scan_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::split
