// SPDX-License-Identifier: Apache-2.0
// Defines the tile status of the examples' single-pass kernels (decoupled look-back), shared by their
// host and CUDA versions: 64-bit words in a kept_zero workspace, the high half of each a flag (0 not
// ready, 1 the tile's aggregate, 2 its inclusive prefix), the low half 4 bytes of the value. Flag and
// value share a word, so a reader never sees one without the other: no fence between them.
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/host_device.hpp"

#include <cstdint>

namespace accy_examples {

/// What a kernel whose blocks claim tiles (claim_tile) is told once every tile is claimed.
inline constexpr std::uint32_t no_tile = 0xffffffffu;

inline constexpr std::uint64_t flag_aggregate = 1;
inline constexpr std::uint64_t flag_prefix = 2;

/// The words of one tile's status for sums of type S: one per 4 bytes of S (2 for f64), each with the
/// flag beside them, low bytes first. Each word is written once per flag, so words that carry the same
/// flag hold one value; a reader takes the status as published only where they all do. (f64's status
/// was a flag word and value words written before it, a fence between: the H100's f64 scan of 2^28
/// elements took 1.90 ms so, 0.87 × CUB; 1.49 ms this way, 1.11 ×.)
template <class S>
inline constexpr std::uint32_t tile_status_words = sizeof(S) / 4;

/// The word that publishes `bits` under `flag`.
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint64_t status_word(std::uint64_t flag, std::uint32_t bits) noexcept { return (flag << 32) | bits; }
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint64_t status_flag(std::uint64_t word) noexcept { return word >> 32; }
ACCY_EXAMPLES_HOST_DEVICE constexpr std::uint32_t status_bits(std::uint64_t word) noexcept { return static_cast<std::uint32_t>(word); }

/// A tile's status as read: its flag, and the bits of the value it announces.
struct tile_status {
    std::uint64_t flag;
    std::uint64_t bits;
};

/// The status that a tile's words hold: `low`'s alone, or `low`'s and `high`'s for 8-byte sums, not
/// ready (flag 0) where their flags differ (one of them written, the other not yet).
ACCY_EXAMPLES_HOST_DEVICE constexpr tile_status status_of(std::uint64_t low) noexcept { return {status_flag(low), status_bits(low)}; }
ACCY_EXAMPLES_HOST_DEVICE constexpr tile_status status_of(std::uint64_t low, std::uint64_t high) noexcept {
    return {status_flag(low) == status_flag(high) ? status_flag(low) : 0, std::uint64_t{status_bits(high)} << 32 | status_bits(low)};
}

}  // namespace accy_examples
