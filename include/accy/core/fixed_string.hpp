// Defines `accy::fixed_string`, a string usable as a template argument (a stage's target name).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace accy {

template <std::size_t N>
struct fixed_string {
    char chars[N]{};

    constexpr fixed_string(const char (&text)[N]) noexcept { std::copy_n(text, N, chars); }

    constexpr std::string_view view() const noexcept { return {chars, N - 1}; }
};

}  // namespace accy
