// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::single_pass::cuda::entries<T>()`, the single-pass scan's CUDA kernel entry
// (single_pass_scan.cu) in `cuda_fatbin` or `cuda_ptx`, and with it the scan's `cuda_fatbin` entries_in.
#pragma once

#include "common/cuda_code.hpp"
#include "common/typed_name.hpp"
#include "single_pass_scan/single_pass_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/single_pass_cuda_kernels.hpp>

namespace accy_examples::single_pass::cuda {

/// The scan entry for `T`, from the module of single_pass_scan.cu.
template <class T>
constexpr auto entries(accy::format fmt = accy::format::cuda_fatbin) {
    const accy::payload module = cuda_code(fmt, code::single_pass_scan_fatbin, code::single_pass_scan_ptx);
    return accy::make_registry(scan<T>.entry(fmt, typed_name<"accy_single_pass_scan", T, '_'>.view(), module));
}

}  // namespace accy_examples::single_pass::cuda

namespace accy_examples::single_pass {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr auto registry = cuda::entries<T>();
};

}  // namespace accy_examples::single_pass
