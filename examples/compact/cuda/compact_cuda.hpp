// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::compact::cuda::entries<T>()`, the compaction's CUDA kernel entry (compact.cu)
// in `cuda_fatbin` or `cuda_ptx`, and with it the compaction's `cuda_fatbin` entries_in.
#pragma once

#include "common/cuda_code.hpp"
#include "common/typed_name.hpp"
#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/compact_cuda_kernels.hpp>

namespace accy_examples::compact::cuda {

/// The select entry for `T`, from the module of compact.cu.
template <class T>
constexpr auto entries(accy::format fmt = accy::format::cuda_fatbin) {
    const accy::payload module = cuda_code(fmt, code::compact_fatbin, code::compact_ptx);
    return accy::make_registry(select<T>.entry(fmt, typed_name<"accy_examples_compact_select", T, '_'>.view(), module));
}

}  // namespace accy_examples::compact::cuda

namespace accy_examples::compact {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr auto registry = cuda::entries<T>();
};

}  // namespace accy_examples::compact
