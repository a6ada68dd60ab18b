// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::kept_kernels`: the kernels a backend loaded for launches without a
// pool, kept for the next such launch until the backend goes.
#pragma once

#include <accy/backend/cuda/artifact.hpp>
#include <accy/backend/cuda/detail/library.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/kernel_entry.hpp>

#include <mutex>
#include <vector>

namespace accy::cuda::detail {

/// Loaded kernels by entry and format. The entries a launch loads are its pipeline's constant
/// tables, so an entry's address names one kernel for the life of the program. A launch without a
/// pool asks for each stage's kernel: only the first loads it (and checks it against its
/// declaration); a failed load keeps nothing. One mutex guards the list, which only launches
/// without a pool read.
class kept_kernels {
public:
    kept_kernels() = default;
    kept_kernels(const kept_kernels&) = delete;
    kept_kernels& operator=(const kept_kernels&) = delete;

    /// The kernel of `entry` in `fmt`, made by `load()` the first time it is asked for.
    template <class Load>
    kernel find_or_load(const kernel_entry& entry, format fmt, Load&& load) {
        const std::lock_guard lock(mutex_);
        for (const held& kept : held_)
            if (kept.entry == &entry && kept.fmt == fmt) return kept.loaded;
        held_.reserve(held_.size() + 1);  // so that nothing throws once the kernel is loaded
        held_.push_back({&entry, fmt, load()});
        return held_.back().loaded;
    }

    /// Releases every kernel's library (unloading those no one else holds).
    void release(const driver_api& api) noexcept {
        const std::lock_guard lock(mutex_);
        for (const held& kept : held_) libraries().release(api, kept.loaded.library);
        held_.clear();
    }

private:
    struct held {
        const kernel_entry* entry;
        format fmt;
        kernel loaded;
    };

    std::mutex mutex_;
    std::vector<held> held_;
};

}  // namespace accy::cuda::detail
