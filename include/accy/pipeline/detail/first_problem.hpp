// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::first_problem<Definition>`, the `diagnostic::report` of a definition's first
// problem: the contexts of the problem's site, then a `reads_scalar` for each runtime scalar that a
// derivation there reads.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/definition.hpp>
#include <accy/pipeline/detail/compile_derivation.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>
#include <accy/pipeline/detail/runtime_scalars_of.hpp>
#include <accy/pipeline/diagnosis.hpp>
#include <accy/pipeline/problem.hpp>
#include <accy/pipeline/report.hpp>

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

namespace accy::detail {

/// Declared buffer list `List` (`operands`, ...) of a definition's `definition_traits`.
template <class Declared, buffer_kind List>
using buffer_list =
    std::conditional_t<List == buffer_kind::operand, typename Declared::operands,
                       std::conditional_t<List == buffer_kind::result, typename Declared::results,
                                          std::conditional_t<List == buffer_kind::intermediate,
                                                             typename Declared::intermediates, typename Declared::workspaces>>>;

/// `in_stage<Index, text<...>, Stage>`: stage `Index` of `Stages`, its target and declaration, in a compile error.
template <class Stages, std::size_t Index>
using in_stage_of = diagnostic::in_stage<
    Index,
    diagnostic::detail::text_of<fixed_string_of<Stages::template at<Index>::target.size()>(Stages::template at<Index>::target)>,
    typename Stages::template at<Index>>;

/// The argument `Stage` binds to parameter `Index`; `void` past its arguments, where a problem of an
/// entry's own parameter (a tensor map's declaration) may lie.
template <class Stage, std::size_t Index, bool Bound = (Index < Stage::argument_count)>
struct bound_argument {
    using type = void;
};
template <class Stage, std::size_t Index>
struct bound_argument<Stage, Index, true> {
    using type = typename Stage::template argument<Index>;
};

/// The edits (insertions, deletions, substitutions) that turn `a` into `b`, over their first 128 characters.
constexpr std::size_t edit_distance(std::string_view a, std::string_view b) noexcept {
    constexpr std::size_t longest = 128;
    a = a.substr(0, longest);
    b = b.substr(0, longest);
    std::array<std::size_t, longest + 1> row{};  // edits from a's first i characters to b's first j
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t deleted = row[j] + 1, inserted = row[j - 1] + 1;
            const std::size_t substituted = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            row[j] = deleted < inserted ? (deleted < substituted ? deleted : substituted)
                                        : (inserted < substituted ? inserted : substituted);
            diagonal = above;
        }
    }
    return row[b.size()];
}

/// The index of the registry entry nearest `target`: one of that very target (another version) if
/// there is one, else the first of the targets fewest edits away.
template <class Registry>
constexpr std::size_t nearest_entry_index(const Registry& registry, std::string_view target) noexcept {
    std::size_t nearest = 0, fewest = static_cast<std::size_t>(-1);
    for (std::size_t e = 0; e < registry.entries.size(); ++e) {
        const std::size_t edits = edit_distance(registry.entries[e].target, target);
        if (edits < fewest) nearest = e, fewest = edits;
    }
    return nearest;
}

/// `count` indices of runtime scalars.
template <std::size_t Capacity>
struct scalar_indices {
    std::array<std::size_t, Capacity> index{};
    std::size_t count = 0;
};

/// The runtime scalars that `Read`'s derivations read (an extent's, or a stage argument's; a buffer
/// reference reads none), each once, in the order they are first read. An index past the runtime
/// scalars names none, and is left out.
template <class Scalars, class Read>
inline constexpr auto scalars_read = [] {
    std::array<derivation_step, steps_of<Read>> steps{};
    compile_argument<Scalars, Read>(steps.data());
    scalar_indices<steps_of<Read>> read;
    for (const derivation_step& step : steps) {
        const auto scalar = static_cast<std::size_t>(step.operand);
        bool first_read = step.op == derivation_step::operation::scalar && scalar < Scalars::count;
        for (std::size_t k = 0; k < read.count; ++k) first_read = first_read && read.index[k] != scalar;
        if (first_read) read.index[read.count++] = scalar;
    }
    return read;
}();

/// `report<Problem, Context..., reads_scalar<i, text<name>>...>`: the contexts, then each runtime
/// scalar that `Read`'s derivations read, as a `std::type_identity`.
template <problem Problem, class Scalars, class Read, class... Context>
constexpr auto report_reading() {
    return []<std::size_t... K>(std::index_sequence<K...>) {
        constexpr auto& read = scalars_read<Scalars, Read>;
        return std::type_identity<diagnostic::report<
            Problem, Context...,
            diagnostic::reads_scalar<read.index[K], diagnostic::detail::text_of<fixed_string_of<Scalars::template at<read.index[K]>::name.size()>(
                                                        Scalars::template at<read.index[K]>::name)>>...>>{};
    }(std::make_index_sequence<scalars_read<Scalars, Read>.count>{});
}

/// The `diagnostic::report` of a definition's first problem, or `diagnostic::detail::no_problem`, as a
/// `std::type_identity`: naming the report does not instantiate it, `sizeof` of it does (once).
/// The diagnosis's site says which contexts the report has.
template <class Definition>
constexpr auto first_problem_report() {
    constexpr diagnosis found = diagnose<Definition>();
    constexpr problem kind = found.problem;
    using declared = definition_traits<Definition>;
    using scalars = typename declared::scalars;
    if constexpr (found.site == problem_site::none) {
        return std::type_identity<diagnostic::detail::no_problem>{};
    } else if constexpr (found.site == problem_site::definition) {
        return std::type_identity<diagnostic::report<kind, Definition>>{};
    } else if constexpr (found.site == problem_site::scalar) {
        return std::type_identity<diagnostic::report<kind, in_runtime_scalar<scalars, found.scalar>>>{};
    } else if constexpr (found.site == problem_site::buffer) {
        using shape = typename buffer_list<declared, found.list>::template at<found.buffer>;
        return report_reading<kind, scalars, typename shape::extent, diagnostic::in_buffer<found.list, found.buffer, shape>>();
    } else if constexpr (found.site == problem_site::region) {
        constexpr region_info region = region_infos<typename Definition::stages, scalars>[found.argument];
        return std::type_identity<diagnostic::report<kind, diagnostic::in_region<region.kind, found.argument, region.first, region.end>>>{};
    } else {
        using stage = typename Definition::stages::template at<found.stage>;
        using in_stage = in_stage_of<typename Definition::stages, found.stage>;
        if constexpr (found.site == problem_site::stage && (Definition::registry.entries.empty() || is_collective<stage>)) {
            return std::type_identity<diagnostic::report<kind, in_stage>>{};
        } else if constexpr (found.site == problem_site::stage) {
            constexpr const kernel_entry& nearest =
                Definition::registry.entries[nearest_entry_index(Definition::registry, stage::target)];
            using nearest_entry = diagnostic::nearest_entry<
                diagnostic::detail::text_of<fixed_string_of<nearest.target.size()>(nearest.target)>, nearest.version>;
            return std::type_identity<diagnostic::report<kind, in_stage, nearest_entry>>{};
        } else if constexpr (found.site == problem_site::parameter) {
            using argument = typename bound_argument<stage, found.argument>::type;
            constexpr std::string_view name = Definition::registry.entries[found.entry_index].parameters[found.argument].name;
            using at_parameter = diagnostic::at_parameter<found.argument, diagnostic::detail::text_of<fixed_string_of<name.size()>(name)>, argument>;
            return report_reading<kind, scalars, argument, in_stage, at_parameter>();
        } else {
            constexpr const kernel_entry& entry = Definition::registry.entries[found.entry_index];
            using in_entry =
                diagnostic::in_entry<entry.format, diagnostic::detail::text_of<fixed_string_of<entry.entry_name.size()>(entry.entry_name)>, entry.parameters.size()>;
            if constexpr (found.site == problem_site::grid_dimension) {
                return std::type_identity<diagnostic::report<kind, in_stage, in_entry, diagnostic::at_grid_dimension<found.argument>>>{};
            } else if constexpr (kind == problem::argument_count_mismatch && stage::argument_count < entry.parameters.size()) {
                constexpr std::string_view name = entry.parameters[stage::argument_count].name;
                using unbound = diagnostic::first_unbound_parameter<stage::argument_count,
                                                                    diagnostic::detail::text_of<fixed_string_of<name.size()>(name)>>;
                return std::type_identity<diagnostic::report<kind, in_stage, in_entry, unbound>>{};
            } else if constexpr (kind == problem::argument_count_mismatch) {
                using extra = diagnostic::first_extra_argument<entry.parameters.size(),
                                                               typename stage::template argument<entry.parameters.size()>>;
                return std::type_identity<diagnostic::report<kind, in_stage, in_entry, extra>>{};
            } else {
                return std::type_identity<diagnostic::report<kind, in_stage, in_entry>>{};
            }
        }
    }
}

/// The report of a definition's first problem, or `diagnostic::detail::no_problem`.
template <class Definition>
using first_problem = typename decltype(first_problem_report<Definition>())::type;

}  // namespace accy::detail
