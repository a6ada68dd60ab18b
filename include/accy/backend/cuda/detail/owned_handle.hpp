// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::owned_handle`, the owner state of one driver object (a stream, an event).
#pragma once

#include <accy/backend/cuda/driver.hpp>

namespace accy::cuda::detail {

/// One driver object and the driver that made it, destroyed by `Destroy`, a member of `driver_api`
/// (`&driver_api::stream_destroy`), when its `accy::detail::owner` goes.
template <class Handle, auto Destroy>
struct owned_handle {
    const driver_api* api = nullptr;
    Handle handle = nullptr;

    void release() noexcept {
        if (handle != nullptr) (api->*Destroy)(handle);
    }
};

}  // namespace accy::cuda::detail
