// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::single_pass::cuda::entries<T>()`, the single-pass scan's CUDA kernel entry
// (single_pass_scan.cu) in `cuda_fatbin` or `cuda_ptx`, and with it the scan's `cuda_fatbin` entries_in.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/typed_name.hpp"
#include "single_pass_scan/single_pass_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/single_pass_cuda_kernels.hpp>

#include <array>

namespace accy_examples::single_pass::cuda {

/// The scan entry for `T`, from the module of single_pass_scan.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 1> entries(accy::format fmt = accy::format::cuda_fatbin) {
    const cuda_module module(fmt, code::single_pass_scan_fatbin, code::single_pass_scan_ptx);
    return {module.entry(scan<T>, typed_name<"accy_single_pass_scan", T, '_'>.view())};
}

}  // namespace accy_examples::single_pass::cuda

namespace accy_examples::single_pass {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr std::array entries = cuda::entries<T>();
};

}  // namespace accy_examples::single_pass
