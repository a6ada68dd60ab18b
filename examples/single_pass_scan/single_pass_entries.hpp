// SPDX-License-Identifier: Apache-2.0
// Declares the single-pass scan's kernel per element type, as every format has it (signature in
// single_pass_config.hpp), and `accy_examples::single_pass::entries_in<T, Format>`, its entry in one format.
#pragma once

#include "common/element_types.hpp"
#include "single_pass_scan/single_pass_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::single_pass {

/// The element types the single-pass scan has kernels for: f16 and bf16 summed in f32, i8 wrapping
/// (common/sum_type.hpp).
using scanned_types = element_types<float, std::int32_t, accy::half, accy::bfloat16, std::int8_t, double>;

/// `blocks` (parameter 4) blocks, each with two staged tiles of T in dynamic shared memory.
template <class T>
inline constexpr accy::kernel_declaration scan{
    .target = typed_name<"accy.examples.single_pass_scan.scan", T>.view(),
    .parameters = {accy::parameter::buffer_of<T>("result", accy::access::write), accy::parameter::buffer_of<T>("input", accy::access::read),
      accy::parameter::buffer_of<std::uint64_t>("status", accy::access::read_write), accy::parameter::scalar_of<std::uint32_t>("n"),
      accy::parameter::scalar_of<std::uint32_t>("blocks")},
    .geometry = {{accy::grid_dim::ceil_div(4, 1), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)},
     {look_back_tiles::block_threads, 1, 1},
     {look_back_tiles::staged_buffers * look_back_tiles::staged_tile<T>::elements * sizeof(T)}}};

/// The single-pass scan's entries for `T` in `Format`, as `registry`: host_kernels.hpp defines the
/// host's, cuda/single_pass_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::single_pass
