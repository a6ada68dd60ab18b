// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::backend_calls`, the calls a launch makes on a backend as a table of
// functions, so that the launch's code is the same for every backend and compiled once (run.hpp).
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/runtime/backend.hpp>

#include <cstddef>
#include <optional>
#include <span>

namespace accy::detail {

/// A backend's calls, each taking the backend as `device`, a kernel as a pointer to the backend's
/// own `kernel` object, and a stream as a pointer to an `std::optional` of its `stream` (null: none).
struct backend_calls {
    buffer (*allocate_buffer)(void* device, std::size_t byte_size);
    void (*free_buffer)(void* device, buffer allocated) noexcept;
    /// `allocate_buffer_on` and `free_buffer_on`, for a backend that has them (`backend_with_stream_memory`); null otherwise.
    buffer (*allocate_on)(void* device, std::size_t byte_size, const void* stream);
    void (*free_on)(void* device, buffer allocated, const void* stream) noexcept;
    /// `borrow_kept_scratch` and `return_kept_scratch`, for a backend that has them (`backend_keeping_scratch`); null otherwise.
    buffer (*borrow_scratch)(void* device, std::size_t byte_size);
    void (*return_scratch)(void* device) noexcept;
    /// Creates the artifact of `entry` in `fmt` from its payload and loads it into `*kernel`, or
    /// takes the backend's kept kernel (`backend_keeping_kernels`), which `unload` then leaves loaded.
    void (*load)(void* device, const kernel_entry& entry, format fmt, void* kernel);
    void (*unload)(void* device, const void* kernel) noexcept;
    /// `check_launch`, for a backend that has one (`backend_checking_launches`); null otherwise.
    void (*check_launch)(const void* device, const void* kernel, const launch_config& config);
    /// Null for a pipeline that zeroes no buffer.
    void (*fill_zero)(void* device, const buffer& zeroed, const void* stream);
    void (*launch)(void* device, const void* kernel, const launch_config& config,
                   std::span<const kernel_argument> arguments, const void* stream);
    void (*synchronize)(void* device, const void* stream);
    /// Whether `stream` is capturing a graph, for a backend that can capture (`backend_with_capture`); null otherwise.
    bool (*capturing)(const void* device, const void* stream);
    /// Calls `body(state)` with the backend's context current, for a backend that has one
    /// (`backend_with_context`); else calls it.
    void (*in_context)(void* device, void (*body)(void*), void* state);
};

/// The stream that a `backend_calls` function was given: none for a null pointer.
template <backend Backend>
const std::optional<typename Backend::stream>& stream_at(const void* stream) noexcept {
    static const std::optional<typename Backend::stream> none;
    return stream != nullptr ? *static_cast<const std::optional<typename Backend::stream>*>(stream) : none;
}

/// The calls of `Backend`; `fill_zero` only where `ZeroesBuffers` (`zeroes_buffers`), so that a
/// pipeline that zeroes no buffer does not compile the backend's `fill_zero`.
template <backend Backend, bool ZeroesBuffers>
inline constexpr backend_calls backend_calls_of{
    [](void* device, std::size_t byte_size) { return static_cast<Backend*>(device)->allocate_buffer(byte_size); },
    [](void* device, buffer allocated) noexcept { static_cast<Backend*>(device)->free_buffer(allocated); },
    [] {
        using allocate = buffer (*)(void*, std::size_t, const void*);
        if constexpr (backend_with_stream_memory<Backend>)
            return allocate([](void* device, std::size_t byte_size, const void* stream) {
                return static_cast<Backend*>(device)->allocate_buffer_on(byte_size, stream_at<Backend>(stream));
            });
        else
            return allocate(nullptr);
    }(),
    [] {
        using free = void (*)(void*, buffer, const void*) noexcept;
        if constexpr (backend_with_stream_memory<Backend>)
            return free([](void* device, buffer allocated, const void* stream) noexcept {
                static_cast<Backend*>(device)->free_buffer_on(allocated, stream_at<Backend>(stream));
            });
        else
            return free(nullptr);
    }(),
    [] {
        using borrow = buffer (*)(void*, std::size_t);
        if constexpr (backend_keeping_scratch<Backend>)
            return borrow([](void* device, std::size_t byte_size) { return static_cast<Backend*>(device)->borrow_kept_scratch(byte_size); });
        else
            return borrow(nullptr);
    }(),
    [] {
        using give_back = void (*)(void*) noexcept;
        if constexpr (backend_keeping_scratch<Backend>)
            return give_back([](void* device) noexcept { static_cast<Backend*>(device)->return_kept_scratch(); });
        else
            return give_back(nullptr);
    }(),
    [](void* device, const kernel_entry& entry, format fmt, void* kernel) {
        Backend& owner = *static_cast<Backend*>(device);
        auto& loaded = *static_cast<typename Backend::kernel*>(kernel);
        if constexpr (backend_keeping_kernels<Backend>)
            loaded = owner.kept_kernel(entry, fmt);
        else
            loaded = owner.load_artifact(owner.create_artifact(entry, fmt, entry.payload));
    },
    [](void* device, const void* kernel) noexcept {
        if constexpr (!backend_keeping_kernels<Backend>)  // else the backend keeps it
            static_cast<Backend*>(device)->unload_kernel(*static_cast<const typename Backend::kernel*>(kernel));
    },
    [] {
        using check = void (*)(const void*, const void*, const launch_config&);
        if constexpr (backend_checking_launches<Backend>)
            return check([](const void* device, const void* kernel, const launch_config& config) {
                static_cast<const Backend*>(device)->check_launch(*static_cast<const typename Backend::kernel*>(kernel), config);
            });
        else
            return check(nullptr);
    }(),
    [] {
        using fill = void (*)(void*, const buffer&, const void*);
        if constexpr (ZeroesBuffers)
            return fill([](void* device, const buffer& zeroed, const void* stream) {
                static_cast<Backend*>(device)->fill_zero(zeroed, stream_at<Backend>(stream));
            });
        else
            return fill(nullptr);
    }(),
    [](void* device, const void* kernel, const launch_config& config, std::span<const kernel_argument> arguments,
       const void* stream) {
        static_cast<Backend*>(device)->launch(*static_cast<const typename Backend::kernel*>(kernel), config, arguments,
                                              stream_at<Backend>(stream));
    },
    [](void* device, const void* stream) { static_cast<Backend*>(device)->synchronize(stream_at<Backend>(stream)); },
    [] {
        using query = bool (*)(const void*, const void*);
        if constexpr (backend_with_capture<Backend>)
            return query([](const void* device, const void* stream) {
                return static_cast<const Backend*>(device)->capturing(stream_at<Backend>(stream));
            });
        else
            return query(nullptr);
    }(),
    [](void* device, void (*body)(void*), void* state) {
        if constexpr (backend_with_context<Backend>) {
            [[maybe_unused]] const auto in_context = static_cast<Backend*>(device)->enter_context();
            body(state);
        } else {
            static_cast<void>(device);
            body(state);
        }
    },
};

}  // namespace accy::detail
