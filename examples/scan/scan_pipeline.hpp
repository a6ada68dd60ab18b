// SPDX-License-Identifier: Apache-2.0
// Defines the scan example's pipeline, `accy_examples::scan::pipeline<T>`: an inclusive
// scan in three stages, reduce_tiles -> scan_sums -> scan_tiles (signatures in scan_config.hpp).
#pragma once

#include "common/typed_name.hpp"
#include "common/registry.hpp"
#include "scan/host_kernels.hpp"
#include "scan/scan_config.hpp"
#include "scan/scan_entries.hpp"
#include "scan/scan_interface.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "scan/cuda/scan_cuda.hpp"
#endif

#include <accy/accy.hpp>

namespace accy_examples::scan {

/// The scan of n elements (scan_interface.hpp), with every kernel the scan knows in every format the
/// examples are built with. Intermediates: the tile sums and their scan, one per tile.
template <class T>
struct definition : accy::definition_base<typed_name<"accy.examples.scan", T>, example_registry<entries_in>>, scan_interface<T> {
    using typename scan_interface<T>::n;  // a dependent base's member, named to be used unqualified
    using tiles = accy::ceil_div<n, tile::elements>;
    using tile_values = accy::shape<accy::dtype_of<T>, tiles>;
    using intermediates = accy::intermediates<tile_values, tile_values>;  // tile sums, tile bases
    using stages = accy::stages<
        accy::stage_of<reduce_tiles<T>, accy::intermediate<0>, accy::operand<0>, n>,
        accy::stage_of<scan_sums<T>, accy::intermediate<1>, accy::intermediate<0>, tiles>,
        accy::stage_of<scan_tiles<T>, accy::result<0>, accy::operand<0>, accy::intermediate<1>, n>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::scan
