// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::can_access_peer` and `accy::cuda::enable_peer_access`: whether one backend's
// context may address another device's memory directly (NVLink, PCIe peer-to-peer), and allowing it.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <cuda.h>

namespace accy::cuda {

/// Whether `from`'s device can address `to`'s device memory directly (cuDeviceCanAccessPeer). Two
/// backends of one context (one device's primary context, retained twice) share their memory and
/// need nothing: true.
inline bool can_access_peer(const backend& from, const backend& to) {
    if (from.context() == to.context()) return true;
    int can = 0;
    detail::check(from.driver(), from.driver().device_can_access_peer(&can, from.device(), to.device()),
                  "cuDeviceCanAccessPeer");
    return can != 0;
}

/// Lets `from`'s context address memory allocated in `to`'s (cuCtxEnablePeerAccess): kernels of
/// `from` read and write it, and copies between the two go directly rather than through host
/// memory. One direction; call it both ways for both. Enabling it again is no error. It lasts as
/// long as `from`'s context, which for a primary context is shared with everything else in the
/// process on that device (the CUDA runtime, other backends), so accy never disables it.
/// `errc::unsupported_operation` where the devices cannot (`can_access_peer` is false);
/// `errc::device_error` with the driver's result where the driver refuses (too many peers).
inline void enable_peer_access(const backend& from, const backend& to) {
    if (from.context() == to.context()) return;
    if (!can_access_peer(from, to))
        throw error(errc::unsupported_operation,
                    accy::detail::message({"CUDA device ", from.ordinal(), " cannot address the memory of device ",
                                           to.ordinal(), " directly: copies between them go through host memory"}));
    const context_scope current(from.driver(), from.context());
    const CUresult result = from.driver().ctx_enable_peer_access(to.context(), 0);
    if (result != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) detail::check(from.driver(), result, "cuCtxEnablePeerAccess");
}

}  // namespace accy::cuda
