// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::split::cuda::entries<T>()`, the split scan's CUDA kernel entries
// (split_scan.cu) in `cuda_fatbin`: the host entries' targets, versions and signatures.
#pragma once

#include "split_scan/split_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/split_scan_cuda_kernels.hpp>

#include <array>
#include <string_view>

namespace accy_examples::split::cuda {

/// The entries of slice_total and add_carry for `T`, both from one module of split_scan.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 2> entries() {
    const accy::payload module = accy::payload::from_image(code::split_scan_fatbin);
    return split::entries<T>(accy::format::cuda_fatbin,
                             {typed_name<"accy_examples_split_slice_total", T, '_'>.view(),
                              typed_name<"accy_examples_split_add_carry", T, '_'>.view()},
                             {module, module});
}

}  // namespace accy_examples::split::cuda
