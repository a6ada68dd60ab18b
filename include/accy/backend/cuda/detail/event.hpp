// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::event`, a CUDA event of a backend's context that orders one stream
// after another, destroyed with its owner.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/owned_handle.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/core/detail/owner.hpp>

#include <cuda.h>

namespace accy::cuda::detail {

/// One event of `device`'s context, without timing (recording it then costs least). `record`
/// marks the work queued so far on a stream of that context; a stream told to `wait` (of any
/// context) runs its later work after that mark, the host waiting for nothing.
class event {
public:
    explicit event(const backend& device) {
        const driver_api& api = device.driver();
        const context_scope current(api, device.context());
        CUevent created = nullptr;
        check(api, api.event_create(&created, CU_EVENT_DISABLE_TIMING), "cuEventCreate");
        event_ = accy::detail::owner<owned_handle<CUevent, &driver_api::event_destroy>>({&api, created});
        context_ = device.context();
    }

    /// Marks the work queued so far on `stream`, a stream of the event's context.
    void record(CUstream stream) const {
        const context_scope current(*event_->api, context_);
        check(*event_->api, event_->api->event_record(event_->handle, stream), "cuEventRecord");
    }

    /// Makes the work queued later on `stream`, of `device`'s context, wait for the last mark.
    void wait(const backend& device, CUstream stream) const {
        const context_scope current(device.driver(), device.context());
        check(device.driver(), device.driver().stream_wait_event(stream, event_->handle, 0), "cuStreamWaitEvent");
    }

private:
    accy::detail::owner<owned_handle<CUevent, &driver_api::event_destroy>> event_;
    CUcontext context_ = nullptr;  ///< the context the event was made in, which records it
};

}  // namespace accy::cuda::detail
