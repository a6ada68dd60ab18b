// SPDX-License-Identifier: Apache-2.0
// Defines the split scan's `cuda_fatbin` entries_in: its own kernels (split_scan.cu), both from one
// module, with the host entries' targets, versions and signatures.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/typed_name.hpp"
#include "split_scan/split_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/split_scan_cuda_kernels.hpp>

#include <array>

namespace accy_examples::split {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr cuda_module module{accy::format::cuda_fatbin, cuda::code::split_scan_fatbin, cuda::code::split_scan_ptx};
    static constexpr std::array entries{module.entry(slice_total<T>, typed_name<"accy_examples_split_slice_total", T, '_'>.view()),
                                        module.entry(add_carry<T>, typed_name<"accy_examples_split_add_carry", T, '_'>.view())};
};

}  // namespace accy_examples::split
