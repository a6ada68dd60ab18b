// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::context_scope`, which makes a backend's context current for a scope and then
// puts the caller's back.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/driver.hpp>

#include <cuda.h>

namespace accy::cuda {

namespace detail {

/// The context the innermost `context_scope` of this thread made current, or null outside any.
inline CUcontext& entered_context() noexcept {
    thread_local CUcontext entered = nullptr;
    return entered;
}

}  // namespace detail

/// Makes `context` current on the calling thread for the scope's life and restores the context that
/// was current before (none included), so that a backend call never leaves the caller's thread in
/// another context. The outermost scope costs one cuCtxGetCurrent (and two cuCtxSetCurrent where
/// another context was current); a scope inside one of the same context costs nothing, which is
/// how a pipeline launch switches once for all its stages.
class context_scope {
public:
    context_scope(const driver_api& api, CUcontext context) : api_(api), context_(context), outer_(detail::entered_context()) {
        if (outer_ == context_) return;
        detail::check(api, api.ctx_get_current(&previous_), "cuCtxGetCurrent");
        if (previous_ != context_) detail::check(api, api.ctx_set_current(context_), "cuCtxSetCurrent");
        detail::entered_context() = context_;
    }
    context_scope(const context_scope&) = delete;
    context_scope& operator=(const context_scope&) = delete;
    ~context_scope() {
        if (outer_ == context_) return;
        detail::entered_context() = outer_;
        if (previous_ != context_) api_.ctx_set_current(previous_);
    }

private:
    const driver_api& api_;
    CUcontext context_;
    CUcontext outer_;  ///< the context of the scope this one is inside, if any
    CUcontext previous_ = nullptr;
};

}  // namespace accy::cuda
