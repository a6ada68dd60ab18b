// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::stream_owner`, a CUDA stream created in a backend's context and destroyed with the owner.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/owned_handle.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/core/detail/owner.hpp>

#include <cuda.h>

namespace accy::cuda {

/// Owns one stream of `device`'s context; pass `get()` to `accy::on_stream`. The destructor does not
/// wait: destroying a stream with queued work lets that work finish on its own.
class stream_owner {
public:
    /// `flags`: CU_STREAM_DEFAULT (synchronizes with the legacy default stream) or CU_STREAM_NON_BLOCKING.
    explicit stream_owner(const backend& device, unsigned flags = CU_STREAM_DEFAULT) {
        const driver_api& api = device.driver();
        const context_scope current(api, device.context());
        CUstream created = nullptr;
        detail::check(api, api.stream_create(&created, flags), "cuStreamCreate");
        stream_ = accy::detail::owner<detail::owned_handle<CUstream, &driver_api::stream_destroy>>({&api, created});
    }

    CUstream get() const noexcept { return stream_->handle; }

private:
    accy::detail::owner<detail::owned_handle<CUstream, &driver_api::stream_destroy>> stream_;
};

}  // namespace accy::cuda
