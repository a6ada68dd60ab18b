// SPDX-License-Identifier: Apache-2.0
// Declares the compaction's kernel, select, per element type, as every format has it (signature in
// compact_config.hpp), and `accy_examples::compact::entries_in<T, Format>`, its entry in one format.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "compact/compact_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::compact {

template <class T>
inline constexpr accy::kernel_declaration select{
    .target = typed_name<"accy.examples.compact.select", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("out", accy::access::write), accy::parameter::buffer_of<std::uint32_t>("count", accy::access::write),
      accy::parameter::buffer_of<T>("in", accy::access::read), accy::parameter::buffer_of<std::uint64_t>("status", accy::access::read_write),
      accy::parameter::scalar_of<std::uint32_t>("n"), accy::parameter::scalar_of<T>("threshold")},
    .geometry = over_tiles<look_back_tile>(4)};

/// The compaction's entries for `T` in `Format`, as `registry`: host_kernels.hpp defines the host's,
/// cuda/compact_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::compact
