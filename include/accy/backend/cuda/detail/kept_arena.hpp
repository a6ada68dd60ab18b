// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::kept_arena`: the scratch arena a backend lends to its launches
// without a pool, kept for the next such launch until the backend goes.
#pragma once

#include <accy/core/buffer.hpp>

#include <cstddef>
#include <mutex>
#include <utility>

namespace accy::cuda::detail {

/// One arena, lent to one launch at a time. A launch without a pool waits for its stages before it
/// returns the arena, so the next one finds it unused and allocates nothing. The arena grows to the
/// largest size asked for, up to `largest`: a launch that needs more, or that finds the arena lent
/// to another thread's launch, allocates its own, whose cost is then small beside its stages' or
/// is what a concurrent launch pays anyway.
class kept_arena {
public:
    /// The most bytes kept between launches: 64 MiB, which takes a copy at HBM speed ≈ 20 µs to
    /// read once, ten times an allocation's cost.
    static constexpr std::size_t largest = std::size_t{64} << 20;

    kept_arena() = default;
    kept_arena(const kept_arena&) = delete;
    kept_arena& operator=(const kept_arena&) = delete;

    /// The arena's first `byte_size` bytes, after `free` and `allocate` replaced it where it was
    /// smaller; an empty buffer where it is lent or `byte_size` is over `largest`. A throw from
    /// `allocate` lends nothing.
    template <class Allocate, class Free>
    buffer borrow(std::size_t byte_size, Allocate&& allocate, Free&& free) {
        if (byte_size > largest || !lent_.try_lock()) return {};
        if (arena_.byte_size < byte_size) {
            free(std::exchange(arena_, buffer{}));
            try {
                arena_ = allocate(byte_size);
            } catch (...) {
                lent_.unlock();
                throw;
            }
        }
        return {arena_.address, byte_size};
    }

    /// Takes the arena back from the launch it was lent to, once that launch waited for its stages.
    void give_back() noexcept { lent_.unlock(); }

    /// Frees the arena, when the backend goes.
    template <class Free>
    void release(Free&& free) noexcept {
        free(std::exchange(arena_, buffer{}));
    }

private:
    std::mutex lent_;
    buffer arena_{};
};

}  // namespace accy::cuda::detail
