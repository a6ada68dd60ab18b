// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::tile_shape`, how one block of an example's tiled kernel covers its tile of
// the elements, shared by the kernel's host and CUDA versions. Only <cstdint> here: CUDA kernels include it.
#pragma once

#include <cstdint>

namespace accy_examples {

/// A tile of `BlockThreads` threads holding `ItemsPerThread` elements each: block b of a kernel over
/// n elements covers elements [b * elements, min(n, (b + 1) * elements)).
template <std::uint32_t BlockThreads, std::uint32_t ItemsPerThread>
struct tile_shape {
    static constexpr std::uint32_t block_threads = BlockThreads;
    static constexpr std::uint32_t items_per_thread = ItemsPerThread;
    static constexpr std::uint32_t elements = BlockThreads * ItemsPerThread;
};

}  // namespace accy_examples
