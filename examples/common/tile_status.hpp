// SPDX-License-Identifier: Apache-2.0
// Defines the tile status word of the examples' single-pass kernels (decoupled look-back), shared by
// their host and CUDA versions: one 64-bit word per tile in a kept_zero workspace, the high half a
// flag (0 not ready, 1 the tile's aggregate, 2 its inclusive prefix), the low half the value's bits.
// Flag and value share one word, so a reader never sees one without the other.
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/host_device.hpp"

#include <cstdint>

namespace accy_examples {

/// What a kernel whose blocks claim tiles (claim_tile) is told once every tile is claimed.
inline constexpr std::uint32_t no_tile = 0xffffffffu;

inline constexpr std::uint64_t flag_aggregate = 1;
inline constexpr std::uint64_t flag_prefix = 2;

/// The word that publishes `bits` under `flag`.
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint64_t status_word(std::uint64_t flag, std::uint32_t bits) noexcept { return (flag << 32) | bits; }
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint64_t status_flag(std::uint64_t word) noexcept { return word >> 32; }
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint32_t status_bits(std::uint64_t word) noexcept { return static_cast<std::uint32_t>(word); }

}  // namespace accy_examples
