// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::compact::cuda::entries<T>()`, the compaction's CUDA kernel entry (compact.cu)
// in `cuda_fatbin` or `cuda_ptx`, and with it the compaction's `cuda_fatbin` entries_in.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/typed_name.hpp"
#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/compact_cuda_kernels.hpp>

#include <array>

namespace accy_examples::compact::cuda {

/// The select entry for `T`, from the module of compact.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 1> entries(accy::format fmt = accy::format::cuda_fatbin) {
    const cuda_module module(fmt, code::compact_fatbin, code::compact_ptx);
    return {module.entry(select<T>, typed_name<"accy_examples_compact_select", T, '_'>.view())};
}

}  // namespace accy_examples::compact::cuda

namespace accy_examples::compact {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr std::array entries = cuda::entries<T>();
};

}  // namespace accy_examples::compact
