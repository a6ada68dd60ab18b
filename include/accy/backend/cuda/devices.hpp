// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::devices`, several CUDA devices of the process as backends, each with a stream of
// its own, and the ordering and copies between them; and `accy::cuda::device_count`.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/event.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/peer_access.hpp>
#include <accy/backend/cuda/stream_owner.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>

#include <cuda.h>

#include <cstddef>
#include <initializer_list>
#include <numeric>
#include <span>
#include <vector>

namespace accy::cuda {

/// How many CUDA devices the driver sees. `errc::runtime_unavailable` where there is no usable driver.
inline int device_count() {
    int count = 0;
    detail::check(driver(), driver().device_get_count(&count), "cuDeviceGetCount");
    return count;
}

/// Several devices of the process, each an `accy::cuda::backend` (its primary context, retained)
/// with one stream of its own. Index i is the i-th ordinal asked for. An ordinal may repeat: the
/// backends then share the device's primary context, so that one GPU can stand for several.
///
/// A pipeline's kernels load once per process whatever the count of devices: a pool per device is
/// `accy::load_artifacts<P>(set[i], fmt)` for each i, and each payload's `CUlibrary` is shared by
/// all of them: a pool adds its context's functions, and the driver its copy of the code in that
/// context, when it first asks for them. Launches on `stream(i)` from one thread
/// return without waiting, so the devices run at once; `order_after` and `copy` make work of one
/// device wait for another's on the devices themselves, the host waiting for nothing.
///
/// Move-only. The backends keep their addresses for the set's life, moves included (pools and
/// buffers point at them), and are released last, after the streams and events made in their contexts.
class devices {
public:
    /// Every device the driver sees, in ordinal order; `errc::runtime_unavailable` where there is
    /// no driver or no device.
    devices() : devices(every_ordinal()) {}

    /// The devices of `ordinals`, in that order. `errc::runtime_unavailable` for an ordinal the
    /// driver does not have; what was made for the ordinals before it is released.
    explicit devices(std::span<const int> ordinals) {
        state& made = *state_;
        made.backends.reserve(ordinals.size());
        for (const int ordinal : ordinals) made.backends.emplace_back(ordinal);
        made.streams.reserve(ordinals.size());
        made.events.reserve(ordinals.size());
        for (const backend& device : made.backends) {
            made.streams.emplace_back(device, CU_STREAM_DEFAULT);
            made.events.emplace_back(device);
        }
    }
    devices(std::initializer_list<int> ordinals) : devices(std::span(ordinals.begin(), ordinals.size())) {}

    std::size_t size() const noexcept { return state_->backends.size(); }
    backend& operator[](std::size_t index) noexcept { return state_->backends[index]; }
    const backend& operator[](std::size_t index) const noexcept { return state_->backends[index]; }
    auto begin() noexcept { return state_->backends.begin(); }
    auto end() noexcept { return state_->backends.end(); }

    /// Device `index`'s own stream, for `accy::on_stream`. Made with CU_STREAM_DEFAULT, it runs after
    /// the work before it on the device's legacy default stream and before the work after, so the
    /// backend's `upload` and `download` are ordered with what it runs.
    CUstream stream(std::size_t index) const noexcept { return state_->streams[index].get(); }

    /// Makes the work queued from now on on `waiting`'s stream wait, on the device, for the work
    /// queued so far on `waited`'s stream.
    void order_after(std::size_t waiting, std::size_t waited) {
        if (waiting == waited) return;
        state_->events[waited].record(stream(waited));
        state_->events[waited].wait((*this)[waiting], stream(waiting));
    }

    /// Queues a copy of `bytes` from the start of `from`, memory of device `source`, to the start
    /// of `to`, memory of device `target` (cuMemcpyPeerAsync on the target's stream): after the
    /// work queued so far on both devices' streams, and before the work queued on either later, so
    /// that neither overwrites a buffer the other still reads. It goes directly where peer access
    /// is enabled (`enable_peer_access`), and the driver stages it through host memory otherwise.
    /// `errc::launch_argument_mismatch` where `bytes` exceeds either buffer.
    void copy(std::size_t target, const buffer& to, std::size_t source, const buffer& from, std::size_t bytes) {
        if (bytes > to.byte_size || bytes > from.byte_size)
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({"copy of ", bytes, " bytes from device ", source, " (a buffer of ",
                                               from.byte_size, " bytes) to device ", target, " (a buffer of ", to.byte_size,
                                               " bytes)"}));
        if (bytes == 0) return;
        order_after(target, source);
        const backend& device = (*this)[target];
        {
            const context_scope current(device.driver(), device.context());
            detail::check(device.driver(),
                          device.driver().memcpy_peer_async(to.address, device.context(), from.address,
                                                            (*this)[source].context(), bytes, stream(target)),
                          "cuMemcpyPeerAsync");
        }
        order_after(source, target);
    }

    /// Enables peer access both ways between every two devices that can (`accy::cuda::enable_peer_access`);
    /// returns whether every two could, that is whether every `copy` goes directly.
    bool enable_peer_access() {
        bool every = true;
        for (const backend& from : state_->backends)
            for (const backend& to : state_->backends) {
                if (!can_access_peer(from, to)) every = false;
                else cuda::enable_peer_access(from, to);
            }
        return every;
    }

    /// Waits for the work queued on every device's stream.
    void synchronize() {
        for (std::size_t index = 0; index < size(); ++index) (*this)[index].synchronize(stream(index));
    }

private:
    static std::vector<int> every_ordinal() {
        const int count = device_count();
        if (count == 0) throw error(errc::runtime_unavailable, "the CUDA driver sees no device");
        std::vector<int> ordinals(static_cast<std::size_t>(count));
        std::iota(ordinals.begin(), ordinals.end(), 0);
        return ordinals;
    }

    /// One backend, stream and event per device; the streams and events are objects of the backends'
    /// contexts, so they go first.
    struct state {
        std::vector<backend> backends;
        std::vector<stream_owner> streams;
        std::vector<detail::event> events;

        void release() noexcept {
            events.clear();
            streams.clear();
            backends.clear();
        }
    };

    accy::detail::owner<state> state_;
};

}  // namespace accy::cuda
