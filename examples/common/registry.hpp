// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::example_registry`, every entry of one example in every format the
// examples are built with.
#pragma once

#include "common/element_types.hpp"

#include <accy/accy.hpp>

namespace accy_examples {
namespace detail {

template <template <class, accy::format> class EntriesIn, class... T>
constexpr auto joined_registry(element_types<T...>) {
#ifdef ACCY_EXAMPLES_WITH_CUDA
    return accy::join_registries(EntriesIn<T, accy::format::host>::registry..., EntriesIn<T, accy::format::cuda_fatbin>::registry...);
#else
    return accy::join_registries(EntriesIn<T, accy::format::host>::registry...);
#endif
}

}  // namespace detail

/// The registries `EntriesIn<T, Format>::registry` of an example for each of its `Types`
/// (element_types), in the `host` format and, where the examples are built with CUDA
/// (ACCY_EXAMPLES_WITH_CUDA), in `cuda_fatbin`, joined: an example's host_kernels.hpp and
/// cuda/*_cuda.hpp define those formats.
template <template <class, accy::format> class EntriesIn, class Types = f32_and_i32>
inline constexpr auto example_registry = detail::joined_registry<EntriesIn>(Types{});

}  // namespace accy_examples
