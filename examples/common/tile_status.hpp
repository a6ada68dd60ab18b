// SPDX-License-Identifier: Apache-2.0
// Defines the tile status word of the examples' single-pass kernels (decoupled look-back), shared by
// their host and CUDA versions: one 64-bit word per tile in a kept_zero workspace, the high half a
// flag (0 not ready, 1 the tile's aggregate, 2 its inclusive prefix), the low half the value's bits.
// Flag and value share one word, so a reader never sees one without the other; values of 8 bytes
// take words of their own (tile_status_words).
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/host_device.hpp"

#include <cstdint>

namespace accy_examples {

/// What a kernel whose blocks claim tiles (claim_tile) is told once every tile is claimed.
inline constexpr std::uint32_t no_tile = 0xffffffffu;

inline constexpr std::uint64_t flag_aggregate = 1;
inline constexpr std::uint64_t flag_prefix = 2;

/// The words of one tile's status for sums of type S: its status word, which holds S's bits beside the
/// flag where S has 4 bytes; where S has 8 bytes (f64), the flag alone, then the aggregate's bits and
/// the inclusive prefix's, at the flag's value past the status word (1, 2), each written once per
/// launch, before the flag that announces it, and read after it.
template <class S>
inline constexpr std::uint32_t tile_status_words = sizeof(S) == 8 ? 3 : 1;

/// The word that publishes `bits` under `flag`.
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint64_t status_word(std::uint64_t flag, std::uint32_t bits) noexcept { return (flag << 32) | bits; }
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint64_t status_flag(std::uint64_t word) noexcept { return word >> 32; }
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint32_t status_bits(std::uint64_t word) noexcept { return static_cast<std::uint32_t>(word); }

}  // namespace accy_examples
