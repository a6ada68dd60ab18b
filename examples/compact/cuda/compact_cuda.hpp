// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::compact::cuda::entries<T>()`, the compaction's CUDA kernel entry (compact.cu)
// in `cuda_fatbin` or `cuda_ptx`: the host entry's target, version and signature.
#pragma once

#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/compact_cuda_kernels.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::compact::cuda {

/// The symbol of compact.cu's kernel for `T`.
template <class T>
inline constexpr std::string_view entry_name = typed_name<"accy_examples_compact_select", T, '_'>.view();

/// The select entry for `T`, from the module of compact.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 1> entries(accy::format fmt = accy::format::cuda_fatbin) {
    const accy::payload module = fmt == accy::format::cuda_ptx ? accy::payload::from_text(code::compact_ptx)
                                                               : accy::payload::from_image(code::compact_fatbin);
    return {compact::entry<T>(fmt, entry_name<T>, module)};
}

}  // namespace accy_examples::compact::cuda
