// SPDX-License-Identifier: Apache-2.0
// Defines the split scan's registry and its two pipelines, which each device runs on its own slice:
// `slice_sums<T>` before the devices' totals cross, `slice_scan<T>` after. Together they are the
// scan example's three stages (reduce_tiles, scan_sums, scan_tiles) with a carry between them.
#pragma once

#include "common/typed_name.hpp"
#include "common/registry.hpp"
#include "scan/scan_pipeline.hpp"
#include "split_scan/host_kernels.hpp"
#include "split_scan/split_entries.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "split_scan/cuda/split_scan_cuda.hpp"
#endif

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples::split {

/// The scan's kernels, which run each slice, and the split scan's own, in every format the examples are built with.
inline constexpr auto kernels = accy::join_registries(example_registry<scan::entries_in>, example_registry<entries_in>);

/// Runtime scalar n (u32): the slice's element count. Operand 0: the slice. Results: its tile
/// bases (the exclusive scan of its tile sums) and its total, one element. Intermediate: the tile sums.
template <class T>
struct slice_sums_definition : accy::definition_base<typed_name<"accy.examples.split_scan.slice_sums", T>, kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using tiles = accy::ceil_div<n, scan::tile::elements>;
    using tile_values = accy::shape<accy::dtype_of<T>, tiles>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>>;
    using results = accy::results<tile_values, accy::shape<accy::dtype_of<T>, accy::constant<1u>>>;
    using intermediates = accy::intermediates<tile_values>;
    using stages = accy::stages<
        accy::stage_of<scan::reduce_tiles<T>, accy::intermediate<0>, accy::operand<0>, n>,
        accy::stage_of<scan::scan_sums<T>, accy::result<0>, accy::intermediate<0>, tiles>,
        accy::stage_of<slice_total<T>, accy::result<1>, accy::result<0>, accy::intermediate<0>, tiles>>;
};

/// Runtime scalars n (u32), the slice's element count, and predecessors (u32), the devices before
/// this one. Operands: the slice, its tile bases (from slice_sums) and the totals of the devices
/// before (at least one element, unread on the first device). Result: the slice of the scan.
/// Intermediate: the tile bases plus the carry.
template <class T>
struct slice_scan_definition : accy::definition_base<typed_name<"accy.examples.split_scan.slice_scan", T>, kernels> {
    using runtime_scalars =
        accy::runtime_scalars<accy::scalar<"n", std::uint32_t>, accy::scalar<"predecessors", std::uint32_t>>;
    using n = accy::forward<0>;
    using predecessors = accy::forward<1>;
    using tiles = accy::ceil_div<n, scan::tile::elements>;
    using tile_values = accy::shape<accy::dtype_of<T>, tiles>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>, tile_values,
                                    accy::shape<accy::dtype_of<T>, accy::max_of<predecessors, accy::constant<1u>>>>;
    using results = accy::results<accy::shape<accy::dtype_of<T>, n>>;
    using intermediates = accy::intermediates<tile_values>;
    using stages = accy::stages<
        accy::stage_of<add_carry<T>, accy::intermediate<0>, accy::operand<1>, accy::operand<2>, predecessors, tiles>,
        accy::stage_of<scan::scan_tiles<T>, accy::result<0>, accy::operand<0>, accy::intermediate<0>, n>>;
};

template <class T>
using slice_sums = accy::pipeline<slice_sums_definition<T>>;
template <class T>
using slice_scan = accy::pipeline<slice_scan_definition<T>>;

}  // namespace accy_examples::split
