// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's pipeline, `accy_examples::single_pass::pipeline<T>`:
// one stage, a scan with decoupled look-back over status words in a kept_zero workspace, in blocks
// whose count, and so their tiles, follow from n (signature in single_pass_config.hpp, tiles in
// common/look_back_tiles.hpp).
#pragma once

#include "common/typed_name.hpp"
#include "common/look_back.hpp"
#include "common/registry.hpp"
#include "common/sum_type.hpp"
#include "scan/scan_interface.hpp"
#include "single_pass_scan/host_kernels.hpp"
#include "single_pass_scan/single_pass_config.hpp"
#include "single_pass_scan/single_pass_entries.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "single_pass_scan/cuda/single_pass_cuda.hpp"
#endif

#include <accy/accy.hpp>

namespace accy_examples::single_pass {

/// The scan of n elements (scan/scan_interface.hpp), with every kernel the single-pass scan knows in
/// every format the examples are built with. Workspace 0: the scan kernel's status words
/// (common/look_back.hpp), which the kernel leaves zeroed.
template <class T>
struct definition : accy::definition_base<typed_name<"accy.examples.single_pass_scan", T>, example_registry<entries_in, scanned_types>>,
                    scan_interface<T> {
    using typename scan_interface<T>::n;  // a dependent base's member, named to be used unqualified
    using blocks = look_back_blocks<T, n, register_tiles_at_most>;
    using workspaces = accy::workspaces<look_back_status<look_back_words<T, sum_type<T>, n, register_tiles_at_most>>>;
    using stages = accy::stages<accy::stage_of<scan<T>, accy::result<0>, accy::operand<0>, accy::workspace<0>, n, blocks>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::single_pass
