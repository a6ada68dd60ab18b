// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::scan::cuda::entries<T>()`, the scan's CUDA kernel entries (scan.cu) in
// `cuda_fatbin` or `cuda_ptx`, and with them the scan's `cuda_fatbin` entries_in.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/typed_name.hpp"
#include "scan/scan_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/scan_cuda_kernels.hpp>

#include <array>

namespace accy_examples::scan::cuda {

/// The entries of reduce_tiles, scan_sums and scan_tiles for `T`, all three from one module of scan.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 3> entries(accy::format fmt = accy::format::cuda_fatbin) {
    const cuda_module module(fmt, code::scan_fatbin, code::scan_ptx);
    return {module.entry(reduce_tiles<T>, typed_name<"accy_examples_scan_reduce_tiles", T, '_'>.view()),
            module.entry(scan_sums<T>, typed_name<"accy_examples_scan_scan_sums", T, '_'>.view()),
            module.entry(scan_tiles<T>, typed_name<"accy_examples_scan_scan_tiles", T, '_'>.view())};
}

}  // namespace accy_examples::scan::cuda

namespace accy_examples::scan {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr std::array entries = cuda::entries<T>();
};

}  // namespace accy_examples::scan
