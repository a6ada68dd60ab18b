// SPDX-License-Identifier: Apache-2.0
// Defines `accy::stages`, a pipeline's stages in launch order, among them `repeat_while` and `when`
// regions, and the tables of both as values.
#pragma once

#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/stage.hpp>

#include <array>
#include <cstddef>
#include <tuple>

namespace accy {

template <class... Items>
struct stages;

namespace detail {

/// `Items` as a flat list, `accy::stages` of `accy::stage`s only (`type`), and as a `std::tuple` of them.
template <bool OnlyStages, class... Items>
struct flat_of {
    using tuple = std::tuple<Items...>;
    using type = stages<Items...>;
};
template <class... Stages>
struct flat_of<false, std::tuple<Stages...>> : flat_of<true, Stages...> {};
template <class... Items>
struct flat_of<false, Items...> : flat_of<false, stage_tuple_of<Items...>> {};

}  // namespace detail

/// The stages of a pipeline, in launch order: `accy::stage`s, and `accy::repeat_while` and
/// `accy::when` regions of them. Stages are numbered in launch order through the regions:
/// `stages<A, repeat_while<F, B, C, D>, E>` has stages A, C, D, E, numbered 0 to 3.
template <class... Items>
struct stages {
    static constexpr std::size_t size = detail::stage_count_of<Items...>();
    /// The same stages without the regions: `accy::stages` of `accy::stage`s only.
    using flat = typename detail::flat_of<detail::only_stages<Items...>(), Items...>::type;
    template <std::size_t Index>
    using at = std::tuple_element_t<Index, typename detail::flat_of<detail::only_stages<Items...>(), Items...>::tuple>;

    static constexpr std::size_t region_count = [] {
        const bool each[] = {false, detail::item_traits<Items>::region...};
        std::size_t regions = 0;
        for (const bool region : each) regions += region ? 1 : 0;
        return regions;
    }();

    /// The regions, in launch order, their derivations typed by `Scalars`.
    template <class Scalars>
    static constexpr auto regions() noexcept {
        std::array<region_info, region_count> found{};
        if constexpr (region_count > 0) {  // else nothing per item: a stage list of a thousand stages has no region to find
            std::size_t next = 0, first = 0;
            const auto add = [&]<class Item>(std::type_identity<Item>) {
                if constexpr (detail::item_traits<Item>::region)
                    found[next++] = detail::item_traits<Item>::template info<Scalars>(first);
                first += detail::item_traits<Item>::stage_count;
                return true;
            };
            const bool added[] = {true, add(std::type_identity<Items>{})...};
            static_cast<void>(added);
        }
        return found;
    }

};

namespace detail {

template <class Stages, class Scalars>
struct stage_infos;
/// One `stage_info` per stage of a flat list (`stages<...>::flat`), in launch order.
template <class... Stages, class Scalars>
struct stage_infos<stages<Stages...>, Scalars> {
    static constexpr std::array<stage_info, sizeof...(Stages)> values{
        info_of<Scalars>(static_cast<const Stages*>(nullptr))...};
};

/// The regions of a list of stages, typed by `Scalars`.
template <class Stages, class Scalars>
inline constexpr auto region_infos = Stages::template regions<Scalars>();

}  // namespace detail

}  // namespace accy
