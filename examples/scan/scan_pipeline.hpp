// SPDX-License-Identifier: Apache-2.0
// Defines the scan example's registry and pipeline, `accy_examples::scan::pipeline<T>`: an inclusive
// scan in three stages, reduce_tiles -> scan_sums -> scan_tiles (signatures in scan_config.hpp).
#pragma once

#include "common/example_definition.hpp"
#include "common/registry.hpp"
#include "scan/host_kernels.hpp"
#include "scan/scan_config.hpp"
#include "scan/scan_entries.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "scan/cuda/scan_cuda.hpp"
#endif

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::scan {

/// Every kernel the scan knows, in every format the examples are built with.
inline constexpr auto kernels = example_registry<entries_in>;

/// Runtime scalar n (u32, as the kernels take it). Operand 0: the input, n elements. Result 0: its
/// inclusive scan, n elements. Intermediates: the tile sums and their scan, one per tile.
template <class T>
struct definition : example_definition<"accy.examples.scan", T, kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using tiles = accy::ceil_div<n, tile::elements>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>>;
    using results = accy::results<accy::shape<accy::dtype_of<T>, n>>;
    using tile_values = accy::shape<accy::dtype_of<T>, tiles>;
    using intermediates = accy::intermediates<tile_values, tile_values>;  // tile sums, tile bases
    using stages = accy::stages<
        accy::stage<targets<T>::reduce_tiles, 1, accy::intermediate<0>, accy::operand<0>, n>,
        accy::stage<targets<T>::scan_sums, 1, accy::intermediate<1>, accy::intermediate<0>, tiles>,
        accy::stage<targets<T>::scan_tiles, 1, accy::result<0>, accy::operand<0>, accy::intermediate<1>, n>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::scan
