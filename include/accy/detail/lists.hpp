// Defines `accy::detail::list_traits`: the declarations of a pipeline (stages, intermediates, bounds) as arrays of values.
#pragma once

#include <accy/kernel/access.hpp>
#include <accy/pipeline/bounds.hpp>
#include <accy/pipeline/scratch.hpp>
#include <accy/pipeline/stage.hpp>

#include <array>
#include <cstddef>
#include <tuple>

namespace accy::detail {

/// A stage's declaration as a value, so that constexpr functions can loop over stages.
struct stage_model {
    std::string_view target;
    std::uint32_t version = 0;
    std::array<buffer_ref, max_kernel_parameters> buffers{};
    std::size_t buffer_count = 0;
    std::array<scalar_derivation, max_kernel_parameters> scalars{};
    std::size_t scalar_count = 0;
};

template <class Stage>
constexpr stage_model model_of() {
    stage_model model{Stage::target, Stage::version};
    for (const buffer_ref& ref : Stage::buffer_refs) model.buffers[model.buffer_count++] = ref;
    for (const scalar_derivation& derivation : Stage::scalar_derivations) model.scalars[model.scalar_count++] = derivation;
    return model;
}

template <class List>
struct list_traits;

template <class... Stages>
struct list_traits<stages<Stages...>> {
    static constexpr std::size_t size = sizeof...(Stages);
    static constexpr std::array<stage_model, size> values{model_of<Stages>()...};
    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Stages...>>;
};

template <class... Scratch>
struct list_traits<intermediates<Scratch...>> {
    static constexpr std::size_t size = sizeof...(Scratch);
    static constexpr std::array<scratch_spec, size> values{Scratch::spec...};
    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Scratch...>>;
};

template <class... Bounds>
struct list_traits<bounds<Bounds...>> {
    static constexpr std::size_t size = sizeof...(Bounds);
    static constexpr std::array<scalar_bound, size> values{Bounds::bound...};
    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Bounds...>>;
};

/// A definition's bounds, or none when it declares no `bounds` member.
template <class Definition>
struct bounds_of {
    using type = bounds<>;
};
template <class Definition>
    requires requires { typename Definition::bounds; }
struct bounds_of<Definition> {
    using type = typename Definition::bounds;
};

}  // namespace accy::detail
