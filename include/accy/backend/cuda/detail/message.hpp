// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::message`, which joins text and numbers into one error message.
#pragma once

#include <string>
#include <type_traits>

namespace accy::cuda::detail {

/// The parts in order, numbers in decimal. Built by appending only: g++ 12 at -O3 warns falsely
/// (-Wrestrict) on `"text" + std::string`, and the backend's users build with -Werror.
template <class... Parts>
std::string message(const Parts&... parts) {
    std::string text;
    const auto append = [&text](const auto& part) {
        if constexpr (std::is_arithmetic_v<std::remove_cvref_t<decltype(part)>>) text += std::to_string(part);
        else text += part;
    };
    (append(parts), ...);
    return text;
}

}  // namespace accy::cuda::detail
