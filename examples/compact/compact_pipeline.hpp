// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's pipeline, `accy_examples::compact::pipeline<T>`: stream
// compaction in one pass with decoupled look-back (signature in compact_config.hpp).
#pragma once

#include "common/typed_name.hpp"
#include "common/look_back.hpp"
#include "common/registry.hpp"
#include "compact/compact_config.hpp"
#include "compact/compact_entries.hpp"
#include "compact/host_kernels.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "compact/cuda/compact_cuda.hpp"
#endif

#include <accy/accy.hpp>

#include <cstdint>
#include <limits>

namespace accy_examples::compact {

/// The compaction, with every kernel it knows in every format the examples are built with. Runtime
/// scalars: n (u32, at least 1) and the threshold, a T. Operand 0: the input, n elements. Result 0:
/// the kept elements, in order (room for n). Result 1: their count, one u32. Workspace 0: the select
/// kernel's status words (common/look_back.hpp), which the kernel leaves zeroed. The launch's blocks,
/// and so its tiles, follow from n (common/look_back.hpp).
template <class T>
struct definition : accy::definition_base<typed_name<"accy.examples.compact", T>, example_registry<entries_in, key_types>> {
    using runtime_scalars =
        accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::within<1, std::numeric_limits<std::uint32_t>::max()>>,
                              accy::scalar<"threshold", T>>;
    using n = accy::forward<0>;
    using threshold = accy::forward<1>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>>;
    using results = accy::results<accy::shape<accy::dtype_of<T>, n>, accy::shape<accy::dtype::u32, accy::constant<1u>>>;
    using blocks = look_back_blocks<T, n, register_tiles_at_most>;
    using workspaces = accy::workspaces<look_back_status<look_back_words<T, std::uint32_t, n, register_tiles_at_most>>>;
    using stages = accy::stages<
        accy::stage_of<select<T>, accy::result<0>, accy::result<1>, accy::operand<0>, accy::workspace<0>, n, threshold, blocks>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::compact
