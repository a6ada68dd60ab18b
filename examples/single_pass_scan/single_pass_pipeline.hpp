// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's registry and pipeline, `accy_examples::single_pass::pipeline<T>`:
// one stage, a scan with decoupled look-back over status words in a zero_filled workspace
// (signature in single_pass_config.hpp).
#pragma once

#include "common/example_definition.hpp"
#include "common/registry.hpp"
#include "single_pass_scan/host_kernels.hpp"
#include "single_pass_scan/single_pass_config.hpp"
#include "single_pass_scan/single_pass_entries.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "single_pass_scan/cuda/single_pass_cuda.hpp"
#endif

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::single_pass {

/// Every kernel the single-pass scan knows, in every format the examples are built with.
inline constexpr auto kernels = example_registry<entries_in>;

/// Runtime scalar n (u32, as the kernel takes it). Operand 0: the input, n elements. Result 0: its
/// inclusive scan. Workspace 0: the scan kernel's status words, one per tile, zeroed before it runs.
template <class T>
struct definition : example_definition<"accy.examples.single_pass_scan", T, kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>>;
    using results = accy::results<accy::shape<accy::dtype_of<T>, n>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<accy::dtype::u64, accy::ceil_div<n, tile::elements>>>>;
    using stages = accy::stages<accy::stage<targets<T>::scan, 1, accy::result<0>, accy::operand<0>, accy::workspace<0>, n>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::single_pass
