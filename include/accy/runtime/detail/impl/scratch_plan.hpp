// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/scratch_plan.hpp declares: the placement of scratch buffers in one arena.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/detail/scratch_plan.hpp>

#include <cstddef>
#include <cstdint>

namespace accy::detail {

ACCY_DECL scratch_arena lay_out_scratch(const scratch_lifetime* lifetimes, const std::size_t* placement, buffer* places,
                                        std::size_t count) noexcept {
    // Where the next buffer may start after one of `byte_size` bytes at `offset`, which must end by SIZE_MAX.
    const auto next_after = [](std::size_t offset, std::size_t byte_size) {
        constexpr std::size_t last_offset = SIZE_MAX / scratch_alignment * scratch_alignment;
        const std::size_t end = offset + byte_size;
        return end > last_offset ? SIZE_MAX : (end + scratch_alignment - 1) / scratch_alignment * scratch_alignment;
    };
    scratch_arena arena;
    for (std::size_t placed = 0; placed < count; ++placed) {
        const std::size_t k = placement[placed];
        // First fit: from offset 0, past each buffer placed before it, live at the same time, that
        // it would overlap, until a whole pass over them moves it no further. Every offset passed
        // overlaps the buffer that moved it, so the one found is the lowest free one.
        std::size_t offset = 0;
        for (bool moved = true; moved;) {
            moved = false;
            for (std::size_t earlier = 0; earlier < placed; ++earlier) {
                const std::size_t j = placement[earlier];
                if (!lifetimes[j].overlaps(lifetimes[k])) continue;
                const std::size_t start = static_cast<std::size_t>(places[j].address);
                const bool overlaps = start >= offset ? start - offset < places[k].byte_size : offset - start < places[j].byte_size;
                if (overlaps) {
                    offset = next_after(start, places[j].byte_size);
                    moved = true;
                }
            }
            if (places[k].byte_size > SIZE_MAX - offset) return {arena.byte_size, k};
        }
        places[k].address = offset;
        arena.byte_size = offset + places[k].byte_size > arena.byte_size ? offset + places[k].byte_size : arena.byte_size;
    }
    return arena;
}

}  // namespace accy::detail
