// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::device_buffer`, device memory allocated through a backend and freed with the owner.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/core/buffer.hpp>

#include <cstddef>
#include <utility>

namespace accy::cuda {

/// Owns one allocation of `device`; `view()` is the `accy::buffer` to pass to a launch. The
/// destructor frees without waiting: the owner first makes sure no queued work still uses it.
class device_buffer {
public:
    device_buffer(backend& device, std::size_t byte_size) : device_(&device), view_(device.allocate_buffer(byte_size)) {}

    device_buffer(device_buffer&& other) noexcept
        : device_(std::exchange(other.device_, nullptr)), view_(std::exchange(other.view_, {})) {}
    device_buffer& operator=(device_buffer&& other) noexcept {
        if (this != &other) {
            release();
            device_ = std::exchange(other.device_, nullptr);
            view_ = std::exchange(other.view_, {});
        }
        return *this;
    }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    ~device_buffer() { release(); }

    const buffer& view() const noexcept { return view_; }
    std::size_t byte_size() const noexcept { return view_.byte_size; }

private:
    void release() noexcept {
        if (device_ != nullptr) device_->free_buffer(view_);
        device_ = nullptr;
    }

    backend* device_;
    buffer view_;
};

}  // namespace accy::cuda
