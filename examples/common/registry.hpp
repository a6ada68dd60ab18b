// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::example_registry`, every entry of one example in every format the
// examples are built with.
#pragma once

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_examples {

/// The registries `EntriesIn<T, Format>::registry` of an example for float and std::int32_t, in the
/// `host` format and, where the examples are built with CUDA (ACCY_EXAMPLES_WITH_CUDA), in
/// `cuda_fatbin`, joined: an example's host_kernels.hpp and cuda/*_cuda.hpp define those formats.
template <template <class, accy::format> class EntriesIn>
inline constexpr auto example_registry =
#ifdef ACCY_EXAMPLES_WITH_CUDA
    accy::join_registries(EntriesIn<float, accy::format::host>::registry, EntriesIn<std::int32_t, accy::format::host>::registry,
                          EntriesIn<float, accy::format::cuda_fatbin>::registry,
                          EntriesIn<std::int32_t, accy::format::cuda_fatbin>::registry);
#else
    accy::join_registries(EntriesIn<float, accy::format::host>::registry, EntriesIn<std::int32_t, accy::format::host>::registry);
#endif

}  // namespace accy_examples
