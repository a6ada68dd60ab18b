// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::stream_owner`, a CUDA stream created in a backend's context and destroyed with the owner.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/check.hpp>

#include <cuda.h>

#include <utility>

namespace accy::cuda {

/// Owns one stream of `device`'s context; pass `get()` to `accy::on_stream`. The destructor does not
/// wait: destroying a stream with queued work lets that work finish on its own.
class stream_owner {
public:
    /// `flags`: CU_STREAM_DEFAULT (synchronizes with the legacy default stream) or CU_STREAM_NON_BLOCKING.
    explicit stream_owner(const backend& device, unsigned flags = CU_STREAM_DEFAULT) : api_(&device.driver()) {
        const context_scope current(*api_, device.context());
        detail::check(*api_, api_->stream_create(&stream_, flags), "cuStreamCreate");
    }

    stream_owner(stream_owner&& other) noexcept : api_(other.api_), stream_(std::exchange(other.stream_, nullptr)) {}
    stream_owner& operator=(stream_owner&& other) noexcept {
        if (this != &other) {
            release();
            api_ = other.api_;
            stream_ = std::exchange(other.stream_, nullptr);
        }
        return *this;
    }
    stream_owner(const stream_owner&) = delete;
    stream_owner& operator=(const stream_owner&) = delete;
    ~stream_owner() { release(); }

    CUstream get() const noexcept { return stream_; }

private:
    void release() noexcept {
        if (stream_ != nullptr) api_->stream_destroy(stream_);
        stream_ = nullptr;
    }

    const driver_api* api_;
    CUstream stream_ = nullptr;
};

}  // namespace accy::cuda
