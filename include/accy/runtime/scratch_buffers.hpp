// SPDX-License-Identifier: Apache-2.0
// Defines `accy::scratch_buffers`, the owned scratch buffers of one pipeline, and `accy::allocate_scratch`.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/report.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/backend_calls.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/run.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace accy {

/// One buffer per intermediate of `Pipeline`, then one per workspace, owned: the destructor frees
/// them and waits for nothing, so the caller first makes sure no queued launch still uses them.
template <class Pipeline, backend Backend>
class scratch_buffers {
public:
    static constexpr std::size_t size = Pipeline::scratch_count;

    std::span<const buffer, size> buffers() const noexcept { return state_->buffers; }
    const buffer& operator[](std::size_t index) const noexcept { return state_->buffers[index]; }
    /// The backend the buffers belong to; null once moved from.
    const Backend* device() const noexcept { return state_->device; }

    /// Allocates one buffer per intermediate and workspace at the sizes the runtime scalars give,
    /// and zeroes each `kept_zero` workspace, waiting until it is zero (on the backend's default
    /// stream and device scope, so that a launch on any stream finds it zeroed). The scalars' bounds
    /// and every size are checked before anything is allocated; a failure part way frees what was
    /// allocated.
    static scratch_buffers allocate(Backend& device, const typename Pipeline::scalar_values& values,
                                    std::string_view label = {}) {
        const auto scalars = detail::values_of<typename Pipeline::scalars>(values);
        scratch_buffers owned(device);
        detail::allocate_scratch_buffers(detail::pipeline_table_of<Pipeline>, detail::backend_calls_of<Backend>, &device,
                                         scalars.data(), owned.state_->buffers,
                                         detail::context_of<Pipeline>("allocate_scratch", label));
        owned.state_->allocated = true;
        return owned;
    }

private:
    struct state {
        Backend* device = nullptr;
        std::array<buffer, size> buffers{};
        bool allocated = false;  // false only while `allocate` is part way, where it frees what it allocated

        void release() noexcept {
            if (device == nullptr || !allocated) return;
            for (const buffer& owned : buffers) device->free_buffer(owned);
        }
    };

    explicit scratch_buffers(Backend& device) noexcept : state_({&device}) {}

    detail::owner<state> state_;
};

/// `scratch_buffers<Pipeline, Backend>::allocate`, deducing the backend.
template <class Pipeline, backend Backend, class Scalars>
auto allocate_scratch(Backend& device, const Scalars& runtime_scalars, std::string_view label = {}) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::detail::always_false<Pipeline>,
                      "accy::allocate_scratch<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (Pipeline::well_formed) {
        return scratch_buffers<Pipeline, Backend>::allocate(device, detail::scalar_values_of<typename Pipeline::scalars>(runtime_scalars),
                                                            label);
    }
}

}  // namespace accy
