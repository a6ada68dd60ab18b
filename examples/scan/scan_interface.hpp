// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::scan_interface<T>`, what the scan examples' pipelines (the three-stage and
// the single-pass scan) take and give, so that one run_scan runs either.
#pragma once

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples {

/// Runtime scalar n (u32, as the kernels take it). Operand 0: the input, n elements of T. Result 0:
/// its inclusive scan, n elements. A pipeline definition derives from it.
template <class T>
struct scan_interface {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>>;
    using results = accy::results<accy::shape<accy::dtype_of<T>, n>>;
};

}  // namespace accy_examples
