// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::thread_pool`, a fixed set of worker threads that run the indices of one job at a time.
#pragma once

#include <accy/backend/host/detail/launch_chain.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace accy::host {

/// Runs `body(index)` for every index of a job on the calling thread and up to `size() - 1`
/// workers, which pull indices from one atomic counter. The workers start with the pool and stop
/// with it, so a job allocates nothing: it costs a wake-up of the workers it needs. Jobs started
/// from several threads run one after another. A job started from inside a job that waits for it
/// would wait forever: from a job of the same pool (a host kernel launching on its own backend),
/// from one of another pool whose job a kernel of this pool started (A launching on B launching on
/// A), or, from several threads, closing a cycle of pools whose jobs wait for each other
/// (`detail::nested_wait`); each is refused with `errc::unsupported_operation`. Jobs started from
/// threads a kernel starts itself are not seen as part of its job. Not movable: the workers hold its address.
class thread_pool {
public:
    /// The most threads a pool runs: far more than any machine's cores, far fewer than a system's thread limit.
    static constexpr unsigned max_threads = 4096;

    /// Starts `threads - 1` workers (none for 0 or 1); `errc::runtime_unavailable` for more than
    /// `max_threads`, or if the system refuses one.
    explicit thread_pool(unsigned threads) {
        if (threads > max_threads)
            throw error(errc::runtime_unavailable,
                        accy::detail::message({"host backend: cannot start ", threads,
                                               " threads; a host backend runs at most ", max_threads}));
        const std::size_t worker_count = threads > 1 ? threads - 1 : 0;
        workers_.reserve(worker_count);
        try {
            for (std::size_t w = 0; w < worker_count; ++w) workers_.emplace_back([this, w] { serve(w); });
        } catch (const std::system_error& failure) {
            stop();
            throw error(errc::runtime_unavailable,
                        accy::detail::message({"host backend: cannot start worker thread ", workers_.size() + 1, " of ",
                                               worker_count, ": ", failure.what()}));
        }
    }
    thread_pool(const thread_pool&) = delete;
    thread_pool& operator=(const thread_pool&) = delete;
    ~thread_pool() { stop(); }

    /// The threads a job runs on: the workers and the caller.
    unsigned size() const noexcept { return static_cast<unsigned>(workers_.size()) + 1; }

    /// Calls `body(index)` once for every index below `count`, concurrently, and returns when all
    /// calls have returned; what they wrote is then visible to the caller. Called from a `body` of
    /// a job that would wait for it forever (above): `errc::unsupported_operation`, nothing run.
    template <class Body>
    void run(std::uint64_t count, Body& body) {
        static_assert(std::is_nothrow_invocable_v<Body&, std::uint64_t>,
                      "accy::host::thread_pool::run(count, body): body(index) must be noexcept; catch inside it");
        const detail::job_frame* const caller = detail::current_job();
        if (caller != nullptr && caller->involves(this)) refuse_launch_from(*caller);
        if (count == 0) return;
        const std::unique_lock one_job = start_job(caller);
        const detail::job_frame frame{this, caller};
        job_ = {&call<Body>, &body, count, &frame};
        next_.store(0, std::memory_order_relaxed);
        const std::size_t helpers = static_cast<std::size_t>(std::min<std::uint64_t>(workers_.size(), count - 1));
        if (helpers > 0) {
            {
                const std::lock_guard lock(mutex_);
                helpers_ = helpers;
                busy_ = helpers;
                ++generation_;
            }
            wake_.notify_all();
        }
        work();
        if (helpers > 0) {
            std::unique_lock lock(mutex_);
            done_.wait(lock, [&] { return busy_ == 0; });
        }
    }

private:
    struct job {
        void (*call)(void* body, std::uint64_t index) noexcept = nullptr;
        void* body = nullptr;
        std::uint64_t count = 0;
        const detail::job_frame* frame = nullptr;
    };

    template <class Body>
    static void call(void* body, std::uint64_t index) noexcept {
        (*static_cast<Body*>(body))(index);
    }

    [[noreturn]] void refuse_launch_from(const detail::job_frame& caller) const {
        if (caller.pool == this)
            throw error(errc::unsupported_operation,
                        "host backend: a kernel launched on the backend that is running it, which would wait forever "
                        "for its own launch; a host kernel must not launch on its own backend");
        throw error(errc::unsupported_operation,
                    "host backend: a kernel launched on a backend whose launch is waiting for it (that launch's kernel "
                    "launched, through other host backends, the launch this kernel is part of), which would wait "
                    "forever; a host kernel must not launch on a backend running a launch it is part of");
    }

    /// Holds this pool for one job. A caller from inside a job waits for a busy pool only if the
    /// wait can end (`detail::nested_wait`); nothing waits for a caller from outside every job.
    std::unique_lock<std::mutex> start_job(const detail::job_frame* caller) {
        if (caller == nullptr) return std::unique_lock(job_mutex_);
        std::unique_lock one_job(job_mutex_, std::try_to_lock);
        if (!one_job.owns_lock()) {
            const detail::nested_wait waiting(*caller, this);
            one_job.lock();
        }
        return one_job;
    }

    void work() noexcept {
        const detail::job_frame* const outer = std::exchange(detail::current_job(), job_.frame);
        for (std::uint64_t index = next_.fetch_add(1, std::memory_order_relaxed); index < job_.count;
             index = next_.fetch_add(1, std::memory_order_relaxed))
            job_.call(job_.body, index);
        detail::current_job() = outer;
    }

    // Worker `worker` joins the jobs that need it: those with more than `worker + 1` indices.
    void serve(std::size_t worker) noexcept {
        std::uint64_t seen = 0;
        for (;;) {
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && worker < helpers_); });
                if (stopping_) return;
                seen = generation_;
            }
            work();
            const std::lock_guard lock(mutex_);
            if (--busy_ == 0) done_.notify_one();
        }
    }

    void stop() noexcept {
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (std::thread& worker : workers_) worker.join();
    }

    std::vector<std::thread> workers_;
    std::mutex job_mutex_;  // held by the caller for the whole of `run`
    job job_;
    std::atomic<std::uint64_t> next_{0};

    std::mutex mutex_;  // guards what follows
    std::condition_variable wake_;
    std::condition_variable done_;
    std::uint64_t generation_ = 0;
    std::size_t helpers_ = 0;
    std::size_t busy_ = 0;
    bool stopping_ = false;
};

}  // namespace accy::host
