// SPDX-License-Identifier: Apache-2.0
// Defines `accy::stage`: one kernel of a pipeline and its arguments, one per kernel parameter in
// order, each a buffer reference, a derivation or a tensor map; and `accy::stage_of`, the stage of a
// declared kernel.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/core/reduction.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/collective.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/tensor_map.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>

namespace accy {

template <class T>
concept stage_argument = buffer_reference<T> || derivation<T> || tensor_map_argument<T>;

/// A stage runs the registry's kernel `(Target, Version)` in the launch's format. `Arguments`
/// bind the kernel's parameters in order: buffer parameters to `operand<i>`, `result<i>`,
/// `intermediate<i>` or `workspace<i>`; scalar and bytes parameters to derivations; tensor map
/// parameters to `tensor_map<...>` of one of those buffers.
template <fixed_string Target, std::uint32_t Version, stage_argument... Arguments>
struct stage {
    static_assert(sizeof...(Arguments) <= limits::kernel_parameters,
                  "accy::stage: a stage binds at most limits::kernel_parameters arguments");
    static constexpr std::string_view target = Target.view();
    static constexpr std::uint32_t version = Version;
    static constexpr std::size_t argument_count = sizeof...(Arguments);

    template <std::size_t Index>
    using argument = std::tuple_element_t<Index, std::tuple<Arguments...>>;
};

/// The stage that runs `Kernel` (a `kernel_declaration` or `kernel_entry`: its target and version),
/// its parameters bound to `Arguments`.
template <const auto& Kernel, stage_argument... Arguments>
using stage_of = stage<detail::fixed_string_of<Kernel.target.size()>(Kernel.target), Kernel.version, Arguments...>;

/// One stage argument as a value: a buffer reference, a derivation's type in the pipeline, or a
/// tensor map (`map`) of the buffer `ref`.
struct argument_info {
    bool is_buffer = false;
    buffer_ref ref{};
    derived value{};
    const detail::tensor_map_info* map = nullptr;
    bool constant = false;  ///< a `constant<v>`, whose type is v's C++ type

    /// Whether the kernel reaches buffer `ref` through this argument: a buffer's or a tensor map's.
    constexpr bool binds_buffer() const noexcept { return is_buffer || map != nullptr; }
};

/// A stage as a value, so that constexpr functions can loop over stages. A collective stage's
/// target is its kind's name ("accy::all_reduce"), its version 0, and its arguments its buffers
/// (the source, then the result; a send's or receive's buffer, then its peer).
struct stage_info {
    std::string_view target;
    std::uint32_t version = 0;
    std::array<argument_info, limits::kernel_parameters> arguments{};
    std::size_t argument_count = 0;
    collective_kind collective = collective_kind::none;  ///< `none` for a kernel's stage
    reduction op = reduction::sum;                       ///< an all_reduce's or reduce_scatter's
    int root = 0;                                        ///< a broadcast's
};

namespace detail {

/// Whether `T` is a stage of the flat list: a kernel's `accy::stage` or a collective.
template <class T>
inline constexpr bool is_stage = is_collective<T>;
template <fixed_string Target, std::uint32_t Version, class... Arguments>
inline constexpr bool is_stage<stage<Target, Version, Arguments...>> = true;



template <class Argument, class Scalars>
constexpr argument_info info_of() noexcept {
    if constexpr (buffer_reference<Argument>) return {true, Argument::ref, {}};
    else if constexpr (tensor_map_argument<Argument>)
        return {false, Argument::template info<Scalars>.buffer, {}, &Argument::template info<Scalars>};
    else return {false, {}, Argument::template type_in<Scalars>(), nullptr, is_constant<Argument>};
}

template <class Scalars, fixed_string Target, std::uint32_t Version, class... Arguments>
constexpr stage_info info_of(const stage<Target, Version, Arguments...>*) noexcept {
    return {Target.view(), Version, {info_of<Arguments, Scalars>()...}, sizeof...(Arguments)};
}

/// A collective's argument: a send's or receive's peer that is no derivation reads as bytes, which
/// no integer is (`diagnose` refuses it).
template <class Argument, class Scalars>
constexpr argument_info collective_argument_info() noexcept {
    if constexpr (stage_argument<Argument>) return info_of<Argument, Scalars>();
    else return {false, {}, {derivation_fault::none, {true, dtype::u8, 0}}};
}

template <class Scalars, class Collective>
    requires is_collective<Collective>
constexpr stage_info info_of(const Collective*) noexcept {
    using traits = collective_traits<Collective>;
    return {Collective::target,
            0,
            {info_of<typename traits::first, Scalars>(), collective_argument_info<typename traits::second, Scalars>()},
            2,
            traits::kind,
            traits::op,
            traits::root};
}

}  // namespace detail

}  // namespace accy
