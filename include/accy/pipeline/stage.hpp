// Defines `accy::stage`: one kernel of a pipeline, the buffers it binds and the scalars it derives.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/kernel/access.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/scalar_derivation.hpp>

#include <array>
#include <cstdint>
#include <tuple>

namespace accy {

/// The buffers a stage binds, in the order of the kernel's buffer parameters.
template <buffer_reference... Refs>
struct buffers {
    static_assert(sizeof...(Refs) <= max_kernel_parameters,
                  "accy::buffers: a stage binds at most max_kernel_parameters buffers");
    static constexpr std::array<buffer_ref, sizeof...(Refs)> refs{Refs::ref...};

    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Refs...>>;
};

/// The scalars a stage passes, in the order of the kernel's scalar parameters.
template <derivation... Derivations>
struct scalars {
    static_assert(sizeof...(Derivations) <= max_kernel_parameters,
                  "accy::scalars: a stage derives at most max_kernel_parameters scalars");
    static constexpr std::array<scalar_derivation, sizeof...(Derivations)> derivations{Derivations::derivation...};

    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Derivations...>>;
};

/// A stage runs the registry's kernel `(Target, Version)` in the launch's format.
template <fixed_string Target, std::uint32_t Version, class Buffers, class Scalars = scalars<>>
struct stage {
    static constexpr std::string_view target = Target.view();
    static constexpr std::uint32_t version = Version;
    using buffer_list = Buffers;
    using scalar_list = Scalars;
    static constexpr auto buffer_refs = Buffers::refs;
    static constexpr auto scalar_derivations = Scalars::derivations;
};

/// The stages of a pipeline, in launch order.
template <class... Stages>
struct stages {};

}  // namespace accy
