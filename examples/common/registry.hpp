// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::registry_of`, which makes one registry of several arrays of kernel
// entries, and `accy_examples::example_registry`, every entry of one example in every format the
// examples are built with.
#pragma once

#include <accy/accy.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>

namespace accy_examples {

/// `accy::make_registry` of every entry of `lists`, in order: an example's formats and element
/// types each bring an array of entries.
template <std::size_t... Sizes>
constexpr accy::registry<(Sizes + ...)> registry_of(const std::array<accy::kernel_entry, Sizes>&... lists) {
    return std::apply([](const auto&... entries) { return accy::make_registry(entries...); }, std::tuple_cat(lists...));
}

/// The entries `EntriesIn<T, Format>::entries` of an example for float and std::int32_t, in the
/// `host` format and, where the examples are built with CUDA (ACCY_EXAMPLES_WITH_CUDA), in
/// `cuda_fatbin`: an example's host_kernels.hpp and cuda/*_cuda.hpp define those formats.
template <template <class, accy::format> class EntriesIn>
inline constexpr auto example_registry =
#ifdef ACCY_EXAMPLES_WITH_CUDA
    registry_of(EntriesIn<float, accy::format::host>::entries, EntriesIn<std::int32_t, accy::format::host>::entries,
                EntriesIn<float, accy::format::cuda_fatbin>::entries, EntriesIn<std::int32_t, accy::format::cuda_fatbin>::entries);
#else
    registry_of(EntriesIn<float, accy::format::host>::entries, EntriesIn<std::int32_t, accy::format::host>::entries);
#endif

}  // namespace accy_examples
