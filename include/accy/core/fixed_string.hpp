// SPDX-License-Identifier: Apache-2.0
// Defines `accy::fixed_string`, a string usable as a template argument (a stage's target name).
#pragma once

#include <cstddef>
#include <string_view>

namespace accy {

template <std::size_t N>
struct fixed_string {
    char chars[N]{};

    constexpr fixed_string() = default;
    constexpr fixed_string(const char (&text)[N]) noexcept {
        for (std::size_t k = 0; k < N; ++k) chars[k] = text[k];
    }

    constexpr std::string_view view() const noexcept { return {chars, N - 1}; }
};

namespace detail {

/// `text` as a template argument: `fixed_string_of<text.size()>(text)`.
template <std::size_t Size>
constexpr fixed_string<Size + 1> fixed_string_of(std::string_view text) noexcept {
    fixed_string<Size + 1> copy;
    for (std::size_t k = 0; k < Size; ++k) copy.chars[k] = text[k];
    return copy;
}

}  // namespace detail

}  // namespace accy
