// SPDX-License-Identifier: Apache-2.0
// Defines what every example's pipeline definition declares alike: `accy_examples::example_definition`,
// its target, version and registry, from which a definition derives and adds its scalars, buffers and
// stages; and `accy_examples::stage_of`, a stage that runs one of the example's declared kernels.
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

/// The stage that runs `Kernel` (a kernel of common/kernel_entries.hpp's `declare`), its
/// parameters bound to `Arguments`.
template <const accy::kernel_entry& Kernel, class... Arguments>
using stage_of = accy::stage<accy::fixed_string_of<Kernel.target.size()>(Kernel.target), Kernel.version, Arguments...>;

}  // namespace accy_examples
