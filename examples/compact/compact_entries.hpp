// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's kernel target per element type, `accy_examples::compact::declared<T>()`,
// its select kernel as every format declares it, and `entries_in<T, Format>`, its entry in one format.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "compact/compact_config.hpp"

#include <accy/accy.hpp>

#include <array>

namespace accy_examples::compact {

/// The target of the compaction's kernel for element type `T`.
template <class T>
struct targets {
    static constexpr auto select = typed_name<"accy.examples.compact.select", T>;
};

/// select for `T` as every format declares it: the parameters in the kernel's order
/// (compact_config.hpp) and the geometry.
template <class T>
constexpr std::array<accy::kernel_entry, 1> declared() {
    using accy::access;
    using accy::dtype;
    using accy::parameter;
    constexpr dtype t = accy::dtype_of<T>;
    return {declare(targets<T>::select.view(),
                    {parameter::buffer("out", access::write, t), parameter::buffer("count", access::write, dtype::u32),
                     parameter::buffer("in", access::read, t), parameter::buffer("status", access::read_write, dtype::u64),
                     parameter::scalar("n", dtype::u32), parameter::scalar("threshold", t)},
                    over_tiles<tile>(4))};
}

/// The compaction's entries for `T` in `Format`, as `entries`: host_kernels.hpp defines the host's,
/// cuda/compact_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::compact
