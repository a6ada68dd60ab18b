// SPDX-License-Identifier: Apache-2.0
// Defines what tests that call a backend's own functions share: a buffer and a kernel that release
// themselves, the launch arguments of a buffer and of a value, and the entry of a host kernel.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/host_kernel.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>

#include <cstddef>
#include <string_view>

namespace accy_test {

/// A buffer of `device`, freed at scope exit.
template <class Backend>
class owned_buffer {
public:
    owned_buffer(Backend& device, std::size_t byte_size) : device_(device), view_(device.allocate_buffer(byte_size)) {}
    owned_buffer(const owned_buffer&) = delete;
    owned_buffer& operator=(const owned_buffer&) = delete;
    ~owned_buffer() { device_.free_buffer(view_); }

    const accy::buffer& view() const noexcept { return view_; }
    Backend& device() const noexcept { return device_; }

private:
    Backend& device_;
    accy::buffer view_;
};

/// A kernel of `device` loaded from `entry` in its own format and payload, unloaded at scope exit.
template <class Backend>
class loaded_kernel {
public:
    loaded_kernel(Backend& device, const accy::kernel_entry& entry)
        : device_(device), kernel_(device.load_artifact(device.create_artifact(entry, entry.format, entry.payload))) {}
    loaded_kernel(const loaded_kernel&) = delete;
    loaded_kernel& operator=(const loaded_kernel&) = delete;
    ~loaded_kernel() { device_.unload_kernel(kernel_); }

    const typename Backend::kernel& get() const noexcept { return kernel_; }

private:
    Backend& device_;
    typename Backend::kernel kernel_;
};

/// What a launch passes for a buffer parameter: the buffer's address, and the view.
inline accy::kernel_argument buffer_argument(const accy::buffer& bound) {
    return {&bound.address, sizeof(bound.address), bound};
}

/// What a launch passes for a scalar parameter: its bytes, read during the launch.
template <class T>
accy::kernel_argument value_argument(const T& value) {
    return {&value, sizeof(T), {}};
}

/// The entry of host kernel `function`, named `name` as target and as symbol, version 1, without a launch geometry.
constexpr accy::kernel_entry host_entry(std::string_view name, accy::host_kernel function,
                                        accy::parameter_list parameters) {
    return {name, 1, accy::format::host, name, parameters, accy::payload::from_host(function), {}};
}

}  // namespace accy_test
