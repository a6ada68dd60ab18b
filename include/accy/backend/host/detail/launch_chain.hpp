// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::detail::job_frame`, the chain of host launches whose blocks a thread is running,
// and `nested_wait`, which refuses the wait of a launch from inside a host kernel that would never end.
#pragma once

#include <accy/core/error.hpp>

#include <mutex>

namespace accy::host::detail {

/// A job running on the thread pool `pool`, started by a block of the job `outer` (null for a launch
/// from outside every job). Following `outer` gives the jobs that cannot finish before a thread
/// working on this one returns: a host kernel launching on another backend waits for that launch.
struct job_frame {
    const void* pool = nullptr;
    const job_frame* outer = nullptr;

    /// Whether `other` runs this job or one of the jobs that wait for it.
    bool involves(const void* other) const noexcept {
        for (const job_frame* frame = this; frame != nullptr; frame = frame->outer)
            if (frame->pool == other) return true;
        return false;
    }
};

/// The job whose blocks the calling thread is running now, if any.
inline const job_frame*& current_job() noexcept {
    thread_local const job_frame* frame = nullptr;
    return frame;
}

/// A thread that, running a block of `chain`'s job, waits while the pool `pool` runs another job: the
/// jobs of `chain` wait for `pool` until it ends. Constructed before the wait, destroyed after it.
/// Two launches from different threads, each from a kernel on the pool the other waits for (A's kernel
/// launching on B while B's launches on A), would wait for each other forever; so would longer
/// cycles. Every such wait is registered, and the one that would close a cycle is refused with
/// `errc::unsupported_operation`: its block fails, its job ends and the others go on. A wait needs a
/// cycle to be refused, so the registry is only consulted by nested launches that find a pool busy.
class nested_wait {
public:
    nested_wait(const job_frame& chain, const void* pool) : chain_(chain), pool_(pool) {
        const std::lock_guard lock(registry().mutex);
        const bool closes_cycle = leads_to_chain(pool);
        for (nested_wait* wait = registry().first; wait != nullptr; wait = wait->next_) wait->visited_ = false;
        if (closes_cycle)
            throw error(errc::unsupported_operation,
                        "host backend: a kernel launched on a busy backend whose launch waits, through kernels "
                        "launching on other host backends, for the launch this kernel is part of; both would wait "
                        "forever, so this launch is refused");
        next_ = registry().first;
        registry().first = this;
    }
    nested_wait(const nested_wait&) = delete;
    nested_wait& operator=(const nested_wait&) = delete;

    ~nested_wait() {
        const std::lock_guard lock(registry().mutex);
        nested_wait** link = &registry().first;
        while (*link != this) link = &(*link)->next_;
        *link = next_;
    }

private:
    struct waits {
        std::mutex mutex;  // guards every wait's `next_` and `visited_`
        nested_wait* first = nullptr;
    };
    static waits& registry() noexcept {
        static waits all;
        return all;
    }

    /// Whether the job on `pool` waits, through the registered waits, for a job of `chain_`: the
    /// threads running its blocks that wait for another pool make that pool's job one it waits for.
    bool leads_to_chain(const void* pool) const noexcept {
        if (chain_.involves(pool)) return true;
        for (nested_wait* wait = registry().first; wait != nullptr; wait = wait->next_) {
            if (wait->visited_ || !wait->chain_.involves(pool)) continue;
            wait->visited_ = true;
            if (leads_to_chain(wait->pool_)) return true;
        }
        return false;
    }

    const job_frame& chain_;
    const void* pool_;
    nested_wait* next_ = nullptr;
    bool visited_ = false;
};

}  // namespace accy::host::detail
