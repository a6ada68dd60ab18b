// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's kernel target per element type, `accy_examples::single_pass::declared<T>()`,
// its scan kernel as every format declares it, and `entries_in<T, Format>`, its entry in one format.
#pragma once

#include "common/kernel_entries.hpp"
#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "single_pass_scan/single_pass_config.hpp"

#include <accy/accy.hpp>

#include <array>

namespace accy_examples::single_pass {

/// The target of the single-pass scan's kernel for element type `T`.
template <class T>
struct targets {
    static constexpr auto scan = typed_name<"accy.examples.single_pass_scan.scan", T>;
};

/// The scan for `T` as every format declares it: the parameters in the kernel's order
/// (single_pass_config.hpp) and the geometry.
template <class T>
constexpr std::array<accy::kernel_entry, 1> declared() {
    using accy::access;
    using accy::parameter;
    constexpr accy::dtype t = accy::dtype_of<T>;
    return {declare(targets<T>::scan.view(),
                    {parameter::buffer("result", access::write, t), parameter::buffer("input", access::read, t),
                     parameter::buffer("status", access::read_write, accy::dtype::u64), parameter::scalar("n", accy::dtype::u32)},
                    over_tiles<tile>(3))};
}

/// The single-pass scan's entries for `T` in `Format`, as `entries`: host_kernels.hpp defines the
/// host's, cuda/single_pass_cuda.hpp CUDA's.
template <class T, accy::format Format>
struct entries_in;

}  // namespace accy_examples::single_pass
