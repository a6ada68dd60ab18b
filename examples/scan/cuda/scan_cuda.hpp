// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::scan::cuda::entries<T>()`, the scan's CUDA kernel entries (scan.cu) in
// `cuda_fatbin` or `cuda_ptx`, and with them the scan's `cuda_fatbin` entries_in.
#pragma once

#include "common/cuda_code.hpp"
#include "common/typed_name.hpp"
#include "scan/scan_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/scan_cuda_kernels.hpp>

namespace accy_examples::scan::cuda {

/// The entries of reduce_tiles, scan_sums and scan_tiles for `T`, all three from one module of scan.cu.
template <class T>
constexpr auto entries(accy::format fmt = accy::format::cuda_fatbin) {
    const accy::payload module = cuda_code(fmt, code::scan_fatbin, code::scan_ptx);
    return accy::make_registry(reduce_tiles<T>.entry(fmt, typed_name<"accy_examples_scan_reduce_tiles", T, '_'>.view(), module),
                               scan_sums<T>.entry(fmt, typed_name<"accy_examples_scan_scan_sums", T, '_'>.view(), module),
                               scan_tiles<T>.entry(fmt, typed_name<"accy_examples_scan_scan_tiles", T, '_'>.view(), module));
}

}  // namespace accy_examples::scan::cuda

namespace accy_examples::scan {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr auto registry = cuda::entries<T>();
};

}  // namespace accy_examples::scan
