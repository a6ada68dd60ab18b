// Defines `accy_examples::device_buffer`, an owned buffer of a backend with typed upload and download.
#pragma once

#include <accy/accy.hpp>

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace accy_examples {

/// A buffer of `count` elements of `T` on `Backend`, freed by the destructor. Move-only.
template <class T, accy::backend Backend>
class device_buffer {
public:
    device_buffer(Backend& device, std::size_t count)
        : device_(&device), buffer_(device.allocate_buffer(count * sizeof(T))), count_(count) {}
    device_buffer(device_buffer&& other) noexcept
        : device_(std::exchange(other.device_, nullptr)), buffer_(other.buffer_), count_(other.count_) {}
    device_buffer& operator=(device_buffer&& other) noexcept {
        if (this != &other) {
            release();
            device_ = std::exchange(other.device_, nullptr);
            buffer_ = other.buffer_;
            count_ = other.count_;
        }
        return *this;
    }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    ~device_buffer() { release(); }

    const accy::buffer& get() const noexcept { return buffer_; }

    void upload(std::span<const T> values) { device_->upload(buffer_, values.data(), values.size_bytes()); }

    /// The first `count` elements (all of them by default).
    std::vector<T> download(std::size_t count) const {
        std::vector<T> values(count);
        device_->download(values.data(), buffer_, count * sizeof(T));
        return values;
    }
    std::vector<T> download() const { return download(count_); }

private:
    void release() noexcept {
        if (device_ != nullptr) device_->free_buffer(buffer_);
        device_ = nullptr;
    }

    Backend* device_;
    accy::buffer buffer_;
    std::size_t count_;
};

}  // namespace accy_examples
