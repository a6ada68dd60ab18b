// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::element<T>`, the dtype and name suffix of the examples' element types, and
// `accy_examples::typed_name<Stem, T, Separator>`, a name for T made from a stem: the pipelines' and
// stages' targets ("accy.examples.scan.f32") and the CUDA kernels' symbols ("..._scan_f32").
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace accy_examples {

template <class T>
struct element;

template <>
struct element<float> {
    static constexpr accy::dtype dtype = accy::dtype::f32;
    static constexpr std::string_view suffix = "f32";
};

template <>
struct element<std::int32_t> {
    static constexpr accy::dtype dtype = accy::dtype::i32;
    static constexpr std::string_view suffix = "i32";
};

/// `Stem`, `Separator` and T's suffix, as a template argument (`typed_name<...>.view()` for text).
template <accy::fixed_string Stem, class T, char Separator = '.'>
inline constexpr auto typed_name = [] {
    constexpr std::string_view stem = Stem.view(), suffix = element<T>::suffix;
    accy::fixed_string<stem.size() + 1 + suffix.size() + 1> name;
    std::copy(stem.begin(), stem.end(), name.chars);
    name.chars[stem.size()] = Separator;
    std::copy(suffix.begin(), suffix.end(), name.chars + stem.size() + 1);
    return name;
}();

}  // namespace accy_examples
