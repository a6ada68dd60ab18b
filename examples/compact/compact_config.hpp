// SPDX-License-Identifier: Apache-2.0
// States the compaction kernel's signature in every format (T one of compact_entries.hpp's key_types,
// t its dtype; version 1; the parameters in this order, as compact_entries.hpp declares them), the
// size of its staged tiles' buffers and which elements it keeps, `is_kept`. Compaction keeps the
// elements x > threshold, in order, in one pass that reads each element once and writes each kept one once:
//
//   accy.examples.compact.select.<t>  (T* out, std::uint32_t* count, const T* in,
//                                      unsigned long long* status, std::uint32_t n, T threshold,
//                                      std::uint32_t blocks)
//       `blocks` blocks (common/look_back.hpp's look_back_blocks of n), each with two staged tiles'
//       buffers of dynamic shared memory, over the tiles of common/look_back_tiles.hpp, as the
//       single-pass scan: where `blocks` register tiles cover n, block i compacts register tile i;
//       else each block works through staged tiles. Each tile counts its kept elements and publishes
//       the count in its status word (common/tile_status.hpp; `status` is a kept_zero workspace,
//       common/look_back.hpp, a word per tile, then the count of staged tiles claimed); it finds how
//       many the tiles before it keep by decoupled look-back, gathers its kept elements in shared
//       memory and writes them from there, coalesced. The last tile writes count[0], the number kept.
//
// Only <cstdint> and the examples' own headers here: CUDA kernels include it.
#pragma once

#include "common/host_device.hpp"
#include "common/look_back_tiles.hpp"
#include "common/sum_type.hpp"

#include <cstdint>

namespace accy_examples::compact {

/// Register tiles up to 1024 of them (2^23 elements); above, 1024 blocks work through staged tiles:
/// measured on an H100 at 1 %, 50 % and 99 % kept, register tiles were faster up to 2^23 (at 4194305
/// elements 15.2 against 19.8 us), as fast at 2^24, and staged ones faster above (2^28: 0.636 against
/// 0.715 ms at 50 %); blocks beyond those the device holds cost no measurable time there.
inline constexpr std::uint32_t register_tiles_at_most = 1024;

/// A staged tile's buffer of T: the tile, and room to gather its kept elements up to a vector's less
/// one places further, so that they lie in shared memory as they go to the output, 16-byte vectors in both.
template <class T>
inline constexpr std::uint32_t buffer_elements = look_back_tiles::staged_tile<T>::elements + look_back_tiles::vector_elements<T>;

/// Whether `value` is kept: above `threshold`, compared as the numbers they are (in sum_type<T>, which
/// holds every value of T exactly), on the host and in CUDA alike; a NaN is never kept.
template <class T>
ACCY_EXAMPLES_HOST_DEVICE constexpr bool is_kept(T value, T threshold) {
    return static_cast<sum_type<T>>(value) > static_cast<sum_type<T>>(threshold);
}

}  // namespace accy_examples::compact
