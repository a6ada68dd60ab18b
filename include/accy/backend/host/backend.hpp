// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::backend`, the backend that runs `host`-format kernels on the CPU.
#pragma once

#include <accy/backend/host/artifact.hpp>
#include <accy/backend/host/detail/launch.hpp>
#include <accy/backend/host/detail/make_artifact.hpp>
#include <accy/backend/host/detail/memory.hpp>
#include <accy/backend/host/thread_pool.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/check_transfer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/device_buffer.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>
#include <accy/runtime/backend.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <thread>

namespace accy::host {

/// The host backend's stream, a tag: every launch has finished when it returns, so all work is
/// always in order and done.
struct stream {
    friend constexpr bool operator==(const stream&, const stream&) = default;
};

/// Runs `host` kernel entries on the CPU, so that pipelines run where there is no GPU. Buffers
/// are host memory, `buffer_alignment`-aligned, addressed by their pointer value. The blocks of a
/// launch run in parallel on a pool of threads that the backend owns; stages run in order
/// because `launch` returns only once all its blocks are done, which leaves `synchronize`
/// nothing to wait for. Launches from several threads run one after another; a kernel's launch
/// that would wait forever (on its own backend, or on one waiting for it: `thread_pool::run`) gets
/// `errc::unsupported_operation`. Move-only: the threads move
/// with the backend, so a moved-from one has none; its `thread_count()` is 0 and its `launch`
/// `errc::launch_argument_mismatch` (as is a launch with a moved-from pool); what needs no threads
/// (buffers, artifacts) still works, and it may be assigned a backend again.
class backend {
public:
    using stream = host::stream;
    using artifact = host::artifact;
    using kernel = host::kernel;

    static constexpr std::string_view name = "host";

    /// The hardware's threads, at most 8 and at least 1.
    static unsigned default_thread_count() noexcept { return std::clamp(std::thread::hardware_concurrency(), 1u, 8u); }

    /// A backend whose launches run on `threads` threads (0 counts as 1), the caller's among them;
    /// `errc::runtime_unavailable` for more than `thread_pool::max_threads` or if the system refuses one.
    explicit backend(unsigned threads = default_thread_count()) : pool_(std::make_unique<thread_pool>(threads)) {}

    /// The threads a launch runs on; 0 for a moved-from backend.
    unsigned thread_count() const noexcept { return pool_ ? pool_->size() : 0; }

    buffer allocate_buffer(std::size_t byte_size) { return detail::allocate(byte_size); }
    void free_buffer(buffer allocated) noexcept { detail::deallocate(allocated); }

    /// `errc::unsupported_operation` for a format other than `host`, `errc::invalid_artifact` for a
    /// payload without a host function.
    artifact create_artifact(const kernel_entry& entry, format fmt, const payload& code) {
        return detail::make_artifact(entry, fmt, code);
    }
    kernel load_artifact(const artifact& made) { return made; }
    void unload_kernel(const kernel&) noexcept {}

    /// Sets every byte of `zeroed` to 0.
    void fill_zero(const buffer& zeroed, const std::optional<stream>&) noexcept {
        if (zeroed.byte_size != 0) std::memset(detail::bytes_of(zeroed), 0, zeroed.byte_size);
    }

    /// Runs every block of the launch and returns when they are all done; see `detail::run_blocks`
    /// for its errors. On a moved-from backend: `errc::launch_argument_mismatch`.
    void launch(const kernel& loaded, const launch_config& config, std::span<const kernel_argument> arguments,
                const std::optional<stream>&) {
        if (!pool_)
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({"host backend: launch of '", loaded.entry_name,
                                               "' on a moved-from backend, which has no threads; launch on the backend "
                                               "it was moved to"}));
        detail::run_blocks(*pool_, loaded, config, arguments);
    }

    void synchronize(const std::optional<stream>&) noexcept {}

    /// Copies `bytes` from host memory into `to`; `errc::launch_argument_mismatch` if they do not
    /// fit or, with anything to copy, `to` or `from` is null (`accy::detail::check_transfer`).
    void upload(const buffer& to, const void* from, std::size_t bytes) {
        accy::detail::check_transfer("host backend: ", "upload", bytes, to, from);
        if (bytes != 0) std::memcpy(detail::bytes_of(to), from, bytes);
    }

    /// Copies the first `bytes` of `from` into host memory; `errc::launch_argument_mismatch` if
    /// `from` holds fewer or, with anything to copy, `from` or `to` is null.
    void download(void* to, const buffer& from, std::size_t bytes) {
        accy::detail::check_transfer("host backend: ", "download", bytes, from, to);
        if (bytes != 0) std::memcpy(to, detail::bytes_of(from), bytes);
    }

private:
    std::unique_ptr<thread_pool> pool_;
};

static_assert(accy::backend<backend>);

}  // namespace accy::host
