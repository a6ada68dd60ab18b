// SPDX-License-Identifier: Apache-2.0
// Declares the compaction's kernel, select, per element type, as every format has it (signature in
// compact_config.hpp), and `accy_examples::compact::entries_in<T, Format>`, its entry in one format.
#pragma once

#include "common/element_types.hpp"
#include "common/typed_name.hpp"
#include "compact/compact_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::compact {

/// The element types the compaction has kernels for, as keys compared with the threshold.
using key_types = element_types<float, std::int32_t, accy::half, accy::bfloat16, std::int8_t, std::uint8_t, std::int16_t,
                                std::uint16_t, double>;

/// `blocks` (parameter 6) blocks, each with two staged tiles' buffers of T in dynamic shared memory.
template <class T>
inline constexpr accy::kernel_declaration select{
    .target = typed_name<"accy.examples.compact.select", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("out", accy::access::write), accy::parameter::buffer_of<std::uint32_t>("count", accy::access::write),
      accy::parameter::buffer_of<T>("in", accy::access::read), accy::parameter::buffer_of<std::uint64_t>("status", accy::access::read_write),
      accy::parameter::scalar_of<std::uint32_t>("n"), accy::parameter::scalar_of<T>("threshold"),
      accy::parameter::scalar_of<std::uint32_t>("blocks")},
    .geometry = {{accy::grid_dim::ceil_div(6, 1), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)},
     {look_back_tiles::block_threads, 1, 1},
     {look_back_tiles::staged_buffers * buffer_elements<T> * sizeof(T)}}};

/// The compaction's entries for `T` in `Format`, as `registry`: host_kernels.hpp defines the host's,
/// cuda/compact_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::compact
