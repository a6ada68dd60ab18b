// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::check_transfer`, what every backend's upload and download check first.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <cstddef>
#include <string_view>

namespace accy::detail {

/// `errc::launch_argument_mismatch`, the message starting with `who` ("host backend: "), unless a copy
/// of `bytes` between the backend's buffer `device` and host memory at `host` can be made: no more
/// bytes than the buffer holds and, when there is anything to copy, neither side null.
inline void check_transfer(std::string_view who, std::string_view operation, std::size_t bytes, const buffer& device,
                           const void* host) {
    const auto fail = [&](const auto&... why) {
        throw error(errc::launch_argument_mismatch, message({who, operation, " of ", bytes, " bytes: ", why...}));
    };
    if (bytes > device.byte_size) fail("the buffer holds ", device.byte_size);
    if (bytes == 0) return;
    if (device.address == 0) fail("the buffer is a null buffer (address 0)");
    if (host == nullptr) fail(operation == "upload" ? "the host memory to copy from is null" : "the host memory to copy into is null");
}

}  // namespace accy::detail
