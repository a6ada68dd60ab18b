// SPDX-License-Identifier: Apache-2.0
// Defines `accy::device_buffer<T, Backend>`, a typed buffer of any backend, freed with its owner.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/runtime/backend.hpp>

#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
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
/// backend copies (`transfer_backend`).
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

    device_buffer(Backend& device, std::size_t count) : device_(&device), count_(count) {
        if (count > std::numeric_limits<std::size_t>::max() / sizeof(T))
            throw error(errc::out_of_memory, "device_buffer: " + std::to_string(count) + " elements of " +
                                                 std::to_string(sizeof(T)) + " bytes overflow a byte size");
        view_ = device.allocate_buffer(count * sizeof(T));
    }
    device_buffer(device_buffer&& other) noexcept
        : device_(std::exchange(other.device_, nullptr)), view_(std::exchange(other.view_, {})),
          count_(std::exchange(other.count_, 0)) {}
    device_buffer& operator=(device_buffer&& other) noexcept {
        if (this != &other) {
            release();
            device_ = std::exchange(other.device_, nullptr);
            view_ = std::exchange(other.view_, {});
            count_ = std::exchange(other.count_, 0);
        }
        return *this;
    }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    ~device_buffer() { release(); }

    const buffer& view() const noexcept { return view_; }
    std::size_t size() const noexcept { return count_; }
    std::size_t byte_size() const noexcept { return count_ * sizeof(T); }

    /// Copies `values` to the first `values.size()` elements; `launch_argument_mismatch` if they do not fit.
    void upload(std::span<const T> values)
        requires transfer_backend<Backend>
    {
        check_count(values.size(), "upload");
        device_->upload(view_, values.data(), values.size_bytes());
    }

    /// The first `count` elements; `launch_argument_mismatch` beyond `size()`.
    std::vector<T> download(std::size_t count) const
        requires transfer_backend<Backend>
    {
        check_count(count, "download");
        std::vector<T> values(count);
        device_->download(values.data(), view_, count * sizeof(T));
        return values;
    }
    std::vector<T> download() const
        requires transfer_backend<Backend>
    {
        return download(count_);
    }

private:
    void check_count(std::size_t count, const char* what) const {
        if (count > count_)
            throw error(errc::launch_argument_mismatch, std::string("device_buffer: ") + what + " of " +
                                                            std::to_string(count) + " elements into a buffer of " +
                                                            std::to_string(count_));
    }
    void release() noexcept {
        if (device_ != nullptr) device_->free_buffer(view_);
        device_ = nullptr;
    }

    Backend* device_;
    buffer view_{};
    std::size_t count_;
};

}  // namespace accy
