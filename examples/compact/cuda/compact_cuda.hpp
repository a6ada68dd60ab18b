// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::compact::cuda::entries<T>()`, the compaction's own CUDA kernel entries
// (compact.cu) in `cuda_fatbin` or `cuda_ptx`; its scan stages use `scan::cuda::entries<std::int32_t>()`.
#pragma once

#include "compact/compact_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/compact_cuda_kernels.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::compact::cuda {

/// The symbols of compact.cu's kernels for `T`.
template <class T>
inline constexpr std::array<std::string_view, 2> entry_names{};
template <>
inline constexpr std::array<std::string_view, 2> entry_names<float>{"accy_examples_compact_flag_f32",
                                                                    "accy_examples_compact_scatter_f32"};
template <>
inline constexpr std::array<std::string_view, 2> entry_names<std::int32_t>{"accy_examples_compact_flag_i32",
                                                                           "accy_examples_compact_scatter_i32"};

/// The entries of flag and scatter for `T`, both from one module of compact.cu.
template <class T>
constexpr std::array<accy::kernel_entry, 2> entries(accy::format fmt = accy::format::cuda_fatbin) {
    const accy::payload module = fmt == accy::format::cuda_ptx ? accy::payload::from_text(code::compact_ptx)
                                                               : accy::payload::from_image(code::compact_fatbin);
    return compact::entries<T>(fmt, entry_names<T>, {module, module});
}

}  // namespace accy_examples::compact::cuda
