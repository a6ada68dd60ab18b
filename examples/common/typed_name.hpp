// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::typed_name<Stem, T, Separator>`, a name for element type T made from a
// stem and T's dtype: the pipelines' and stages' targets ("accy.examples.scan.f32") and the CUDA
// kernels' symbols ("..._scan_f32").
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <string_view>

namespace accy_examples {

/// `Stem`, `Separator` and the name of T's dtype, as a template argument (`typed_name<...>.view()` for text).
template <accy::fixed_string Stem, class T, char Separator = '.'>
inline constexpr auto typed_name = [] {
    constexpr std::string_view stem = Stem.view(), suffix = accy::to_string(accy::dtype_of<T>);
    accy::fixed_string<stem.size() + 1 + suffix.size() + 1> name;
    std::copy(stem.begin(), stem.end(), name.chars);
    name.chars[stem.size()] = Separator;
    std::copy(suffix.begin(), suffix.end(), name.chars + stem.size() + 1);
    return name;
}();

}  // namespace accy_examples
