// SPDX-License-Identifier: Apache-2.0
// Defines `accy::scratch_buffers`, the owned scratch buffers of one pipeline, and `accy::allocate_scratch`.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/checks.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

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
        const error_context context = detail::context_of<Pipeline>("allocate_scratch", label);
        const auto scalars = detail::values_of<typename Pipeline::scalars>(values);
        detail::check_runtime_scalars(Pipeline::scalars::infos, scalars.data(), context);
        const auto byte_sizes = detail::scratch_byte_sizes<Pipeline>(scalars.data(), context);
        scratch_buffers owned(device);
        for (std::size_t k = 0; k < size; ++k) {
            try {
                owned.state_->buffers[k] = device.allocate_buffer(byte_sizes[k]);
            } catch (const error& failure) {
                const detail::buffer_plan& declared = detail::pipeline_table_of<Pipeline>.scratch()[k];
                const std::string step =
                    detail::message("allocating ", declared.list, " ", declared.index, " of ", byte_sizes[k], " bytes");
                throw failure.in_context(detail::merged({.step = step}, context));
            }
            owned.state_->allocated = k + 1;
        }
        if constexpr (keeps_zero) {
            try {
                for (std::size_t w = 0; w < Pipeline::workspace_count; ++w)
                    if (workspace_infos[w].keep_zero)
                        device.fill_zero(owned.state_->buffers[Pipeline::intermediate_count + w], std::nullopt);
                device.synchronize(std::nullopt);
            } catch (const error& failure) {
                throw failure.in_context(detail::merged({.step = "zeroing its kept_zero workspaces"}, context));
            }
        }
        return owned;
    }

private:
    static constexpr auto workspace_infos =
        Pipeline::declared::workspaces::template infos<typename Pipeline::scalars>;
    static constexpr bool keeps_zero = [] {
        for (const detail::shape_info& info : workspace_infos)
            if (info.keep_zero) return true;
        return false;
    }();

    struct state {
        Backend* device = nullptr;
        std::array<buffer, size> buffers{};
        std::size_t allocated = 0;  // below `size` only while `allocate` is part way

        void release() noexcept {
            if (device == nullptr) return;
            for (std::size_t k = 0; k < allocated; ++k) device->free_buffer(buffers[k]);
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
