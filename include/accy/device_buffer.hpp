// SPDX-License-Identifier: Apache-2.0
// Defines `accy::device_buffer<T, Backend>`, a typed buffer of any backend, freed with its owner.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>
#include <accy/runtime/backend.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace accy {

/// A backend that copies between host memory and its buffers (the host and CUDA backends).
template <class Backend>
concept transfer_backend = backend<Backend> && requires(Backend& device, const buffer& view, const void* from, void* to,
                                                        std::size_t bytes) {
    device.upload(view, from, bytes);
    device.download(to, view, bytes);
};

/// `count` elements of `T` in a buffer of `device`, owned: move-only, freed by the destructor
/// without waiting (the owner first makes sure no queued work still uses it). `view()` is the
/// `accy::buffer` to pass to a launch; `upload` and `download` copy typed elements where the
/// backend copies (`transfer_backend`). A moved-from one is empty (a null view, size 0), and its
/// `upload` and `download` are `launch_argument_mismatch`.
///
///     accy::device_buffer<float, accy::host::backend> x(device, n);
///     x.upload(values);                               // std::span<const float>
///     accy::launch_pipeline<P>(device, fmt, std::array{x.view()}, ...);
///     std::vector<float> back = x.download();
template <class T, backend Backend>
    requires std::is_trivially_copyable_v<T>
class device_buffer {
public:
    using value_type = T;

    device_buffer(Backend& device, std::size_t count) : state_({&device, allocate(device, count), count}) {}

    const buffer& view() const noexcept { return state_->view; }
    std::size_t size() const noexcept { return state_->count; }
    std::size_t byte_size() const noexcept { return state_->count * sizeof(T); }

    /// Copies `values` to the first `values.size()` elements; `launch_argument_mismatch` if they do not fit.
    void upload(std::span<const T> values)
        requires transfer_backend<Backend>
    {
        Backend& device = device_for("upload");
        check_count(values.size(), "upload");
        device.upload(state_->view, values.data(), values.size_bytes());
    }

    /// The first `count` elements; `launch_argument_mismatch` beyond `size()`.
    std::vector<T> download(std::size_t count) const
        requires transfer_backend<Backend>
    {
        Backend& device = device_for("download");
        check_count(count, "download");
        std::vector<T> values(count);
        device.download(values.data(), state_->view, count * sizeof(T));
        return values;
    }
    std::vector<T> download() const
        requires transfer_backend<Backend>
    {
        return download(state_->count);
    }

private:
    struct state {
        Backend* device = nullptr;
        buffer view{};
        std::size_t count = 0;

        void release() noexcept {
            if (device != nullptr) device->free_buffer(view);
        }
    };

    static buffer allocate(Backend& device, std::size_t count) {
        if (count > SIZE_MAX / sizeof(T))
            throw error(errc::out_of_memory,
                        detail::message({"device_buffer: ", count, " elements of ", sizeof(T), " bytes overflow a byte size"}));
        return device.allocate_buffer(count * sizeof(T));
    }

    /// The backend that allocated the buffer; `launch_argument_mismatch` for a moved-from one, which has none.
    Backend& device_for(const char* what) const {
        if (state_->device == nullptr)
            throw error(errc::launch_argument_mismatch,
                        detail::message({"device_buffer: ", what, " of a moved-from buffer; its elements moved with it"}));
        return *state_->device;
    }

    void check_count(std::size_t count, const char* what) const {
        if (count > state_->count)
            throw error(errc::launch_argument_mismatch, detail::message({"device_buffer: ", what, " of ", count,
                                                                         " elements into a buffer of ", size()}));
    }

    detail::owner<state> state_;
};

}  // namespace accy
