// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::example_definition`, what every example's pipeline definition declares
// alike: its target, version and registry. A definition derives from it and adds its scalars,
// buffers and stages.
#pragma once

#include "common/typed_name.hpp"

#include <accy/accy.hpp>

#include <cstdint>
#include <string_view>

namespace accy_examples {

/// The pipeline `Stem`.<t> for element type T (t its dtype), version 1, of the kernels in `Registry`.
template <accy::fixed_string Stem, class T, const auto& Registry>
struct example_definition {
    static constexpr std::string_view target = typed_name<Stem, T>.view();
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = Registry;
};

}  // namespace accy_examples
