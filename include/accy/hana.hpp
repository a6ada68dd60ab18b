// SPDX-License-Identifier: Apache-2.0
// Defines `accy::hana_view<P>`: a checked pipeline's stages, their arguments, its buffers and its
// runtime scalars as Boost.Hana sequences, so that users write their own compile-time checks of a
// pipeline with Hana's algorithms. The optional component accy::hana (find_package(accy CONFIG
// COMPONENTS hana)); nothing else in accy includes Boost.
#pragma once

#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/stages.hpp>
#include <accy/pipeline/tensor_map.hpp>

#include <boost/hana/filter.hpp>
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include <cstddef>
#include <string_view>
#include <utility>

namespace accy {

namespace detail {

/// The items of a declaration list (`operands<...>`, `stages<...>`, ...) as a `hana::tuple` of `hana::type`s.
template <template <class...> class List, class... Items>
constexpr auto hana_types(const List<Items...>*) {
    return boost::hana::tuple_t<Items...>;
}

/// The static `std::string_view` at `Text` as a `hana::string`.
template <const std::string_view* Text, std::size_t... Index>
constexpr auto hana_string(std::index_sequence<Index...>) {
    return boost::hana::string_c<(*Text)[Index]...>;
}
template <const std::string_view* Text>
constexpr auto hana_string() {
    return hana_string<Text>(std::make_index_sequence<Text->size()>{});
}

template <fixed_string Target, std::uint32_t Version, class... Arguments>
constexpr auto hana_arguments(const stage<Target, Version, Arguments...>*) {
    return boost::hana::tuple_t<Arguments...>;
}

}  // namespace detail

/// A checked pipeline (`accy::pipeline<D>`; naming it here checks it) as Boost.Hana values:
///
///     namespace hana = boost::hana;
///     using view = accy::hana_view<saxpy>;
///     static_assert(hana::all_of(view::stages, [](auto stage) {
///         return hana::size(view::buffers(stage)) <= hana::size_c<4>;
///     }), "saxpy: a stage binds at most four buffers");
///
/// Sequences hold `hana::type`s of accy's own declarations (`decltype(+t)::type` is the type):
/// `stage<...>`, `operand<i>` and the other buffer references, derivations, tensor maps, `shape<...>`
/// and `scalar<...>`; their static members (`ref`, `name`, `target`, ...) are constant expressions.
template <class Pipeline>
struct hana_view {
    static_assert(is_pipeline<Pipeline>, "accy::hana_view<P>: P must be an accy::pipeline<Definition>");
};

template <class Definition>
struct hana_view<pipeline<Definition>> {
    using checked = pipeline<Definition>;

    /// The stages in launch order: `hana::type<stage<target, version, arguments...>>` each.
    static constexpr auto stages = detail::hana_types(static_cast<typename checked::stage_list*>(nullptr));
    /// The buffers of each list, `hana::type<shape<dtype, derivations...>>` each (or the list's own entries).
    static constexpr auto operands = detail::hana_types(static_cast<typename checked::declared::operands*>(nullptr));
    static constexpr auto results = detail::hana_types(static_cast<typename checked::declared::results*>(nullptr));
    static constexpr auto intermediates = detail::hana_types(static_cast<typename checked::declared::intermediates*>(nullptr));
    static constexpr auto workspaces = detail::hana_types(static_cast<typename checked::declared::workspaces*>(nullptr));
    /// The runtime scalars in declaration order, `hana::type<scalar<name, T, bounds>>` each.
    static constexpr auto scalars = detail::hana_types(static_cast<typename checked::scalars*>(nullptr));

    /// A stage's kernel target as a `hana::string`: `target(hana::type_c<stage>) == BOOST_HANA_STRING("x.saxpy")`.
    template <class Stage>
    static constexpr auto target(boost::hana::basic_type<Stage>) {
        return detail::hana_string<&Stage::target>();
    }

    /// A scalar's name as a `hana::string`.
    template <class Scalar>
    static constexpr auto name(boost::hana::basic_type<Scalar>) {
        return detail::hana_string<&Scalar::name>();
    }

    /// A stage's arguments in kernel-parameter order: buffer references, derivations and tensor maps.
    template <class Stage>
    static constexpr auto arguments(boost::hana::basic_type<Stage>) {
        return detail::hana_arguments(static_cast<const Stage*>(nullptr));
    }

    /// The buffers a stage binds: its buffer references, in parameter order (`decltype(+b)::type::ref`
    /// is the `buffer_ref`: which list and which index).
    template <class Stage>
    static constexpr auto buffers(boost::hana::basic_type<Stage> stage) {
        return boost::hana::filter(arguments(stage), [](auto argument) {
            return boost::hana::bool_c<buffer_reference<typename decltype(argument)::type>>;
        });
    }

    /// The derivations a stage passes to scalar and bytes parameters, in parameter order.
    template <class Stage>
    static constexpr auto derivations(boost::hana::basic_type<Stage> stage) {
        return boost::hana::filter(arguments(stage), [](auto argument) {
            return boost::hana::bool_c<derivation<typename decltype(argument)::type>>;
        });
    }

    /// The tensor maps a stage passes, in parameter order.
    template <class Stage>
    static constexpr auto tensor_maps(boost::hana::basic_type<Stage> stage) {
        return boost::hana::filter(arguments(stage), [](auto argument) {
            return boost::hana::bool_c<tensor_map_argument<typename decltype(argument)::type>>;
        });
    }
};

}  // namespace accy
