// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::scan::cuda::entries<T>()`, the scan's CUDA kernel entries (scan.cu) in
// `cuda_fatbin` or `cuda_ptx`: the host entries' targets, versions and signatures.
#pragma once

#include "scan/scan_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/scan_cuda_kernels.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::scan::cuda {

/// The symbols of scan.cu's kernels for `T`.
template <class T>
inline constexpr std::array<std::string_view, 3> entry_names{typed_name<"accy_examples_scan_reduce_tiles", T, '_'>.view(),
                                                             typed_name<"accy_examples_scan_scan_sums", T, '_'>.view(),
                                                             typed_name<"accy_examples_scan_scan_tiles", T, '_'>.view()};

/// The entries of reduce_tiles, scan_sums and scan_tiles for `T`, all three from one module of scan.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 3> entries(accy::format fmt = accy::format::cuda_fatbin) {
    const accy::payload module = fmt == accy::format::cuda_ptx ? accy::payload::from_text(code::scan_ptx)
                                                               : accy::payload::from_image(code::scan_fatbin);
    return scan::entries<T>(fmt, entry_names<T>, {module, module, module});
}

}  // namespace accy_examples::scan::cuda
