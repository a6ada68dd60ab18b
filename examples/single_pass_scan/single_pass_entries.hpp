// SPDX-License-Identifier: Apache-2.0
// Declares the single-pass scan's kernel per element type, as every format has it (signature in
// single_pass_config.hpp), and `accy_examples::single_pass::entries_in<T, Format>`, its entry in one format.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/tiled_kernel.hpp"
#include "single_pass_scan/single_pass_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::single_pass {

template <class T>
inline constexpr accy::kernel_entry scan = declare<"accy.examples.single_pass_scan.scan", T>(
    {buffer_of<T>("result", accy::access::write), buffer_of<T>("input", accy::access::read),
     buffer_of<std::uint64_t>("status", accy::access::read_write), scalar_of<std::uint32_t>("n")},
    over_tiles<look_back_tile>(3));

/// The single-pass scan's entries for `T` in `Format`, as `entries`: host_kernels.hpp defines the
/// host's, cuda/single_pass_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::single_pass
