// SPDX-License-Identifier: Apache-2.0
// Defines the split scan's `cuda_fatbin` entries_in: its own kernels (split_scan.cu), both from one
// module, with the host entries' targets, versions and signatures.
#pragma once

#include "common/typed_name.hpp"
#include "split_scan/split_entries.hpp"

#include <accy/accy.hpp>
#include <accy_examples/split_scan_cuda_kernels.hpp>

namespace accy_examples::split {

template <class T>
struct entries_in<T, accy::format::cuda_fatbin> {
    static constexpr accy::payload module = accy::payload::from_image(cuda::code::split_scan_fatbin);
    static constexpr auto registry = accy::make_registry(
        slice_total<T>.entry(accy::format::cuda_fatbin, typed_name<"accy_examples_split_slice_total", T, '_'>.view(), module),
        add_carry<T>.entry(accy::format::cuda_fatbin, typed_name<"accy_examples_split_add_carry", T, '_'>.view(), module));
};

}  // namespace accy_examples::split
