// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::device_buffer`, device memory allocated through a backend and freed with the owner.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/owner.hpp>

#include <cstddef>

namespace accy::cuda {

/// Owns one allocation of `device`; `view()` is the `accy::buffer` to pass to a launch. The
/// destructor frees without waiting: the owner first makes sure no queued work still uses it.
class device_buffer {
public:
    device_buffer(backend& device, std::size_t byte_size) : state_({&device, device.allocate_buffer(byte_size)}) {}

    const buffer& view() const noexcept { return state_->view; }
    std::size_t byte_size() const noexcept { return state_->view.byte_size; }

private:
    struct state {
        backend* device = nullptr;
        buffer view{};

        void release() noexcept {
            if (device != nullptr) device->free_buffer(view);
        }
    };

    accy::detail::owner<state> state_;
};

}  // namespace accy::cuda
