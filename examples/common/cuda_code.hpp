// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::cuda_code`, the payload of a module of CUDA kernels that accy_add_kernels
// compiled, in the format an entry asks for.
#pragma once

#include <accy/accy.hpp>

#include <span>
#include <string_view>

namespace accy_examples {

/// The module's `ptx` text in `cuda_ptx`, else its `fatbin` image.
constexpr accy::payload cuda_code(accy::format fmt, std::span<const unsigned char> fatbin, std::string_view ptx) noexcept {
    return fmt == accy::format::cuda_ptx ? accy::payload::from_text(ptx) : accy::payload::from_image(fatbin);
}

}  // namespace accy_examples
