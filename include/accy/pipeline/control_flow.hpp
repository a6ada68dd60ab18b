// SPDX-License-Identifier: Apache-2.0
// Defines the control flow of a pipeline's stages: `accy::repeat_while`, stages repeated while a
// flag they write is non-zero, and `accy::when`, stages that run only where a flag is non-zero;
// and `accy::region_info`, either one as a value.
#pragma once

#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/stage.hpp>

#include <cstddef>
#include <string_view>
#include <tuple>
#include <utility>

namespace accy {

/// Runs `Stages` (one or more `accy::stage`s), then runs them again while the flag, the `u32`
/// buffer `Flag` (an intermediate or a result one of them writes), is non-zero after them, and at
/// most `Bound` times in all: an integer derivation, `accy::constant<100u>` or a runtime scalar,
/// from 1 to 2^32 - 1 at run time. A launch reads the flag on the host after each pass (and so
/// waits for its stream; a capture refuses it), on every backend; in a `cuda::pipeline_graph` the
/// loop is a conditional WHILE node and never leaves the GPU.
template <class Flag, class Bound, class... Stages>
struct repeat_while {};

/// Runs `Stages` (one or more `accy::stage`s) only where the flag, the `u32` buffer `Flag` (an
/// intermediate or a result a stage before them writes), is non-zero when they would start: read on
/// the host by a launch, as a loop's is; a conditional IF node in a `cuda::pipeline_graph`.
template <class Flag, class... Stages>
struct when {};

enum class region_kind { repeat_while, when };

constexpr std::string_view to_string(region_kind kind) noexcept {
    return kind == region_kind::repeat_while ? "repeat_while" : "when";
}

/// A `repeat_while` or `when` as a value: the stages `first` to `end - 1` of the pipeline's stages
/// in launch order, its flag and, for a loop, its bound's type in the pipeline.
struct region_info {
    region_kind kind = region_kind::repeat_while;
    std::size_t first = 0;
    std::size_t end = 0;
    bool flag_is_buffer = false;  ///< whether `Flag` is a buffer reference at all
    buffer_ref flag{};
    bool bounded = false;  ///< whether `Bound` is a derivation at all
    derived bound{};
    bool holds_other_than_stages = false;  ///< a `repeat_while` or `when` inside, say
};

namespace detail {

/// What an item of `accy::stages<...>` holds: the stages it adds, in order, and for a region its `region_info`.
template <class Item>
struct item_traits {
    static constexpr bool region = false;
    static constexpr std::size_t stage_count = 1;
    using stage_tuple = std::tuple<Item>;
};

/// The stages `Items` add in all; a braced list, not a fold, so that a thousand items nest no
/// deeper than one (clang limits nesting to 256).
template <class... Items>
constexpr std::size_t stage_count_of() noexcept {
    const std::size_t counts[] = {0, item_traits<Items>::stage_count...};
    std::size_t sum = 0;
    for (const std::size_t count : counts) sum += count;
    return sum;
}

/// Whether every one of `Items` is a stage.
template <class... Items>
constexpr bool only_stages() noexcept {
    const bool each[] = {true, is_stage<Items>...};
    for (const bool stage : each)
        if (!stage) return false;
    return true;
}

/// The stages of `Items`, in order, as a `std::tuple` type.
template <class... Items>
using stage_tuple_of = decltype(std::tuple_cat(std::declval<typename item_traits<Items>::stage_tuple>()...));

/// A region's stages: `first`, the index of the first, is known once the items before it are counted.
template <region_kind Kind, class Flag, class Bound, class... Stages>
struct region_traits {
    static constexpr bool region = true;
    static constexpr region_kind kind = Kind;
    using bound = Bound;  ///< a loop's; `void` for a when
    static constexpr std::size_t stage_count = stage_count_of<Stages...>();
    using stage_tuple = stage_tuple_of<Stages...>;

    template <class Scalars>
    static constexpr region_info info(std::size_t first) noexcept {
        region_info made{Kind, first, first + stage_count, buffer_reference<Flag>};
        if constexpr (buffer_reference<Flag>) made.flag = Flag::ref;
        if constexpr (derivation<Bound>) {
            made.bounded = true;
            made.bound = Bound::template type_in<Scalars>();
        }
        made.holds_other_than_stages = !only_stages<Stages...>();
        return made;
    }
};

template <class Flag, class Bound, class... Stages>
struct item_traits<repeat_while<Flag, Bound, Stages...>> : region_traits<region_kind::repeat_while, Flag, Bound, Stages...> {};
template <class Flag, class... Stages>
struct item_traits<when<Flag, Stages...>> : region_traits<region_kind::when, Flag, void, Stages...> {};

}  // namespace detail

}  // namespace accy
