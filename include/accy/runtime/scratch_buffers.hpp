// SPDX-License-Identifier: Apache-2.0
// Defines `accy::scratch_buffers`, the owned scratch of one pipeline (one arena), `accy::allocate_scratch`,
// and `accy::scratch_layout`, where each scratch buffer lies in an arena the caller allocates.
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
#include <accy/runtime/detail/pipeline_table_of.hpp>
#include <accy/runtime/detail/run.hpp>
#include <accy/runtime/launch_options.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

namespace accy {

/// The intermediates of `Pipeline`, then its workspaces, in one arena allocated at once, owned:
/// the destructor frees it and waits for nothing, so the caller first makes sure no queued launch
/// still uses it (or, for an arena allocated in a stream's order, queues every launch that uses it
/// on that stream or orders it before that stream's later work). Buffers that are never live at the same time may share memory (see
/// `scratch_layout`); each is a buffer of its own to index and to pass to `use_scratch`.
template <class Pipeline, backend Backend>
class scratch_buffers {
public:
    static constexpr std::size_t size = Pipeline::scratch_count;

    std::span<const buffer, size> buffers() const noexcept { return state_->buffers; }
    const buffer& operator[](std::size_t index) const noexcept { return state_->buffers[index]; }
    /// The one allocation that holds every buffer; empty where the pipeline has no scratch.
    const buffer& arena() const noexcept { return state_->arena; }
    /// The backend the buffers belong to; null once moved from.
    const Backend* device() const noexcept { return state_->device; }

    /// Allocates the arena at the size the runtime scalars give, and zeroes each `kept_zero`
    /// workspace, waiting until it is zero (on the backend's default stream and device scope, so
    /// that a launch on any stream finds it zeroed). The scalars' bounds and every size are checked
    /// before anything is allocated; a failure after the allocation frees it.
    static scratch_buffers allocate(Backend& device, const typename Pipeline::scalar_values& values,
                                    std::string_view label = {}) {
        return allocate_in_order(device, values, std::nullopt, label);
    }

    /// Allocates the arena in the order of `stream` where the backend allocates in stream order
    /// (`backend_with_stream_memory`): usable by the work queued on `stream` after this call (work
    /// on another stream waits for it through an event), each `kept_zero` workspace zeroed on
    /// `stream`, nothing waited for; the destructor frees it on `stream`, after the work queued
    /// there before. On another backend, `allocate`.
    static scratch_buffers allocate_on(Backend& device, const typename Pipeline::scalar_values& values,
                                       const typename Backend::stream& stream, std::string_view label = {}) {
        if constexpr (backend_with_stream_memory<Backend>) return allocate_in_order(device, values, stream, label);
        else return allocate_in_order(device, values, std::nullopt, label);
    }

private:
    struct state {
        Backend* device = nullptr;
        std::array<buffer, size> buffers{};
        buffer arena{};
        std::optional<typename Backend::stream> stream_order{};  ///< the stream the arena was allocated in the order of

        void release() noexcept {
            if (device == nullptr || arena.byte_size == 0) return;
            if constexpr (backend_with_stream_memory<Backend>) {
                if (stream_order) return device->free_buffer_on(arena, stream_order);
            }
            device->free_buffer(arena);
        }
    };

    explicit scratch_buffers(Backend& device) noexcept : state_({&device}) {}

    /// `allocate` without a stream order, `allocate_on` with one.
    static scratch_buffers allocate_in_order(Backend& device, const typename Pipeline::scalar_values& values,
                                             const std::optional<typename Backend::stream>& stream_order,
                                             std::string_view label) {
        const auto scalars = detail::values_of<typename Pipeline::scalars>(values);
        scratch_buffers owned(device);
        owned.state_->stream_order = stream_order;
        owned.state_->arena = detail::allocate_scratch_arena(
            detail::pipeline_table_of<Pipeline>, detail::backend_calls_of<Backend, detail::zeroes_buffers<Pipeline>>, &device, scalars.at,
            owned.state_->buffers.data(), detail::context_of<Pipeline>("allocate_scratch", label),
            stream_order ? &owned.state_->stream_order : nullptr);
        return owned;
    }

    detail::owner<state> state_;
};

/// `scratch_buffers<Pipeline, Backend>::allocate`, deducing the backend; with `on_stream(stream)`,
/// `allocate_on` that stream.
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

template <class Pipeline, backend Backend, class Scalars, class Stream>
auto allocate_scratch(Backend& device, const Scalars& runtime_scalars, detail::on_stream_option<Stream> stream,
                      std::string_view label = {}) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::detail::always_false<Pipeline>,
                      "accy::allocate_scratch<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (!std::is_convertible_v<Stream, typename Backend::stream>) {
        static_assert(diagnostic::detail::always_false<Stream>,
                      "accy::allocate_scratch: on_stream(s) takes a stream of the backend's stream type");
    } else if constexpr (Pipeline::well_formed) {
        return scratch_buffers<Pipeline, Backend>::allocate_on(
            device, detail::scalar_values_of<typename Pipeline::scalars>(runtime_scalars), stream.stream, label);
    }
}

/// Where `Pipeline`'s scratch buffers lie in one arena at given runtime scalars (`layout_scratch`),
/// for a caller who allocates the arena itself: `byte_size` bytes, then `buffers_in(arena)` to pass
/// to `use_scratch`. Each buffer's offset is a multiple of 256 bytes, so an arena aligned to 256
/// bytes (as CUDA's allocations are) aligns every buffer for any element type; buffers that are
/// never live at the same time may share memory.
template <class Pipeline>
struct scratch_layout {
    std::size_t byte_size = 0;  ///< of the arena
    std::array<buffer, Pipeline::scratch_count> places{};  ///< each buffer's offset in the arena (as its address) and size

    /// The buffers in `arena`; `errc::launch_argument_mismatch` where it is null or holds fewer than `byte_size` bytes.
    std::array<buffer, Pipeline::scratch_count> buffers_in(const buffer& arena) const {
        const error_context context = detail::context_of<Pipeline>("scratch_layout::buffers_in");
        if (arena.address == 0 && byte_size != 0) detail::fail(errc::launch_argument_mismatch, context, {"the arena is a null buffer"});
        if (arena.byte_size < byte_size)
            detail::fail(errc::launch_argument_mismatch, context,
                         {"the arena holds ", arena.byte_size, " bytes, the layout needs ", byte_size});
        std::array<buffer, Pipeline::scratch_count> placed = places;
        for (buffer& place : placed) place.address += arena.address;
        return placed;
    }
};

/// The layout of `Pipeline`'s scratch at `runtime_scalars`, which `allocate_scratch` allocates: the
/// scalars' bounds and every size are checked first, as a launch checks them.
template <class Pipeline, class Scalars>
auto layout_scratch(const Scalars& runtime_scalars, std::string_view label = {}) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::detail::always_false<Pipeline>,
                      "accy::layout_scratch<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (Pipeline::well_formed) {
        const typename Pipeline::scalar_values values = detail::scalar_values_of<typename Pipeline::scalars>(runtime_scalars);
        const auto scalars = detail::values_of<typename Pipeline::scalars>(values);  // a struct's points into `values`
        const error_context context = detail::context_of<Pipeline>("layout_scratch", label);
        scratch_layout<Pipeline> layout;
        constexpr const detail::pipeline_table& pipeline = detail::pipeline_table_of<Pipeline>;
        detail::check_runtime_scalars(pipeline, scalars.at, context);
        layout.byte_size = detail::plan_scratch(pipeline, scalars.at, layout.places.data(), context);
        return layout;
    }
}

}  // namespace accy
