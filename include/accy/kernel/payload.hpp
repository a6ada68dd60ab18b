// SPDX-License-Identifier: Apache-2.0
// Defines `accy::payload`, the code a kernel entry carries: text, binary image or host callable.
#pragma once

#include <accy/kernel/host_kernel.hpp>

#include <span>
#include <string_view>

namespace accy {

/// Exactly one member is set. PTX text need not be NUL-terminated: the CUDA backend passes text
/// that ends in a NUL as it is and copies any other text into a terminated string for the driver.
struct payload {
    std::string_view text{};
    std::span<const unsigned char> image{};
    host_kernel host = nullptr;

    static constexpr payload from_text(std::string_view text) noexcept { return {text, {}, nullptr}; }
    static constexpr payload from_image(std::span<const unsigned char> image) noexcept { return {{}, image, nullptr}; }
    static constexpr payload from_host(host_kernel kernel) noexcept { return {{}, {}, kernel}; }

    constexpr bool empty() const noexcept { return text.empty() && image.empty() && host == nullptr; }
};

}  // namespace accy
