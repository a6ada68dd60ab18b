// SPDX-License-Identifier: Apache-2.0
// Defines `accy::pipeline_definition`, what a pipeline definition declares, the defaults of its
// optional members, and `accy::definition_base`, the start of one.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/pipeline/runtime_scalars.hpp>
#include <accy/pipeline/shape.hpp>
#include <accy/pipeline/stages.hpp>

#include <concepts>
#include <cstdint>
#include <string_view>

namespace accy {

namespace detail {

template <class T>
inline constexpr bool is_runtime_scalars = false;
template <class... Scalars>
inline constexpr bool is_runtime_scalars<runtime_scalars<Scalars...>> = true;

template <class T, template <class...> class List>
inline constexpr bool is_list_of = false;
template <template <class...> class List, class... Items>
inline constexpr bool is_list_of<List<Items...>, List> = true;

/// `Declared<Definition>` where the definition declares it, else `Default`: its optional lists.
template <class Definition, template <class> class Declared, class Default>
struct declared_or {
    using type = Default;
};
template <class Definition, template <class> class Declared, class Default>
    requires requires { typename Declared<Definition>; }
struct declared_or<Definition, Declared, Default> {
    using type = Declared<Definition>;
};

template <class Definition>
using declared_intermediates = typename Definition::intermediates;
template <class Definition>
using declared_workspaces = typename Definition::workspaces;

/// A definition's declarations, with empty lists for the optional ones it leaves out.
template <class Definition>
struct definition_traits {
    using scalars = typename Definition::runtime_scalars;
    using operands = typename Definition::operands;
    using results = typename Definition::results;
    using intermediates = typename declared_or<Definition, declared_intermediates, accy::intermediates<>>::type;
    using workspaces = typename declared_or<Definition, declared_workspaces, accy::workspaces<>>::type;
    /// Whether the definition declares the list at all, even empty: a misspelt member does not.
    static constexpr bool intermediates_declared = requires { typename declared_intermediates<Definition>; };
    static constexpr bool workspaces_declared = requires { typename declared_workspaces<Definition>; };
};

}  // namespace detail

/// What a pipeline definition declares, as static members (intermediates and workspaces may be left out):
///
///     struct saxpy {
///         static constexpr std::string_view target = "example.saxpy";
///         static constexpr std::uint32_t version = 1;
///         static constexpr const auto& registry = saxpy_kernels;   // an accy::registry
///         using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"alpha", float>>;
///         using n = accy::forward<0>;
///         using operands = accy::operands<accy::shape<accy::dtype::f32, n>>;
///         using results = accy::results<accy::shape<accy::dtype::f32, n>>;
///         using stages = accy::stages<accy::stage<"example.saxpy", 1, accy::operand<0>, accy::result<0>, accy::forward<1>, n>>;
///     };
template <class Definition>
concept pipeline_definition = requires {
    { Definition::target } -> std::convertible_to<std::string_view>;
    { Definition::version } -> std::convertible_to<std::uint32_t>;
    { Definition::registry.entries };
    requires detail::is_runtime_scalars<typename Definition::runtime_scalars>;
    requires detail::is_list_of<typename Definition::operands, operands>;
    requires detail::is_list_of<typename Definition::results, results>;
    requires detail::is_list_of<typename Definition::stages, stages>;
};

/// The start of a definition that runs the kernels of `Registry`: its target, version and registry.
/// A definition derives from it and adds the rest:
///
///     struct saxpy : accy::definition_base<"example.saxpy", saxpy_kernels> {
///         using runtime_scalars = ...;
///     };
template <fixed_string Target, const auto& Registry, std::uint32_t Version = 1>
struct definition_base {
    static constexpr std::string_view target = Target.view();
    static constexpr std::uint32_t version = Version;
    static constexpr const auto& registry = Registry;
};

}  // namespace accy
