// SPDX-License-Identifier: Apache-2.0
// Defines `accy::pipeline<Definition>`, a checked pipeline: its declarations, counts and kernel entries.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/registry.hpp>
#include <accy/pipeline/definition.hpp>
#include <accy/pipeline/detail/first_problem.hpp>
#include <accy/pipeline/detail/runtime_scalars_of.hpp>
#include <accy/pipeline/detail/stage_entries.hpp>
#include <accy/pipeline/diagnosis.hpp>
#include <accy/pipeline/report.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace accy {

/// A pipeline checked at compile time. Naming `pipeline<D>` in a launch, a pool or an allocation
/// instantiates the checks; each mistake is one `static_assert` naming the stage and parameter.
template <class Definition>
struct pipeline {
    static_assert(pipeline_definition<Definition>,
                  "accy::pipeline<Definition>: Definition must declare target, version, registry, runtime_scalars, "
                  "operands, results and stages as static members (intermediates and workspaces are optional; a "
                  "member whose declaration has an error above is missing too)");
    static constexpr bool well_formed = false;  // nothing else is declared, so that nothing else fails
};

template <pipeline_definition Definition>
struct pipeline<Definition> {
    // sizeof instantiates the report, whose static_assert is the one error; outside a constexpr
    // function, so that clang reports nothing more.
    static_assert(sizeof(detail::first_problem<Definition>) != 0);

    using definition = Definition;
    using declared = detail::definition_traits<Definition>;
    using scalars = typename declared::scalars;
    /// The runtime scalars' values, as a launch takes them: `std::tuple<std::uint64_t, float>`, say.
    using scalar_values = typename scalars::values;

    /// A launch's runtime scalars, the preferred spelling: `P::runtime_scalars(n, alpha)`. A value
    /// becomes its scalar's declared type only where no value can be lost (a `std::uint32_t` for a
    /// `std::uint64_t`, a `float` for a `double`); one that could lose values (an `int` for an
    /// unsigned scalar, a `double` for a `float`, a `bool`), or another count, is one compile error
    /// naming the scalar. `P::scalar_values{...}` converts as `std::tuple` does, silently.
    template <class... Values>
    static constexpr scalar_values runtime_scalars(const Values&... values) {
        return detail::runtime_scalars_of<scalars>(values...);
    }
    /// The stages in launch order, without the regions (`accy::stages` of `accy::stage`s only).
    using stage_list = typename Definition::stages::flat;

    static constexpr std::string_view target = Definition::target;
    static constexpr std::uint32_t version = Definition::version;
    static constexpr const auto& registry = Definition::registry;
    static constexpr std::size_t runtime_scalar_count = scalars::count;
    static constexpr std::size_t operand_count = declared::operands::size;
    static constexpr std::size_t result_count = declared::results::size;
    static constexpr std::size_t intermediate_count = declared::intermediates::size;
    static constexpr std::size_t workspace_count = declared::workspaces::size;
    /// The buffers accy allocates, or the caller passes with `use_scratch`: the intermediates, then the workspaces.
    static constexpr std::size_t scratch_count = intermediate_count + workspace_count;
    static constexpr std::size_t stage_count = stage_list::size;
    /// The `repeat_while` and `when` regions, in launch order, a `region_info` each.
    static constexpr const auto& regions = detail::region_infos<typename Definition::stages, scalars>;
    static constexpr std::size_t region_count = regions.size();
    /// One `stage_info` per stage, in launch order (`stage_list`, the definition's `stages`, is the types).
    static constexpr const auto& stage_infos = detail::stage_infos<stage_list, scalars>::values;
    /// How many of the stages are collectives (`accy::all_reduce`, ...), which a launch runs through
    /// the communicator it is given.
    static constexpr std::size_t collective_count = [] {
        std::size_t count = 0;
        for (const stage_info& stage : stage_infos) count += stage.collective != collective_kind::none ? 1 : 0;
        return count;
    }();

    /// Whether the definition has no problem; launch code compiles only then, so that a mistake
    /// gives one error and not a cascade.
    static constexpr bool well_formed = diagnose<Definition>().problem == problem::none;

    /// The kernel entry of `stage` in `fmt`, or null when the registry has none: a copy of the
    /// registry's, so that code launching the pipeline refers to the entries it runs and not to the
    /// whole registry.
    static constexpr const kernel_entry* entry(std::size_t stage, format fmt) noexcept {
        const std::ptrdiff_t index = lookup::used.at[stage][static_cast<std::size_t>(fmt)];
        return index < 0 ? nullptr : &lookup::used.entries[static_cast<std::size_t>(index)];
    }

    /// The entry of `stage` in the first format the registry has: its parameters and geometry are
    /// those of every format in a well-formed pipeline.
    static constexpr const kernel_entry& any_entry(std::size_t stage) noexcept {
        for (std::size_t f = 0; f < detail::format_count; ++f)
            if (const kernel_entry* found = entry(stage, static_cast<format>(f))) return *found;
        // Unreachable for a kernel's stage of a well-formed pipeline; a pipeline of collective stages only has no entry.
        if constexpr (lookup::used_count > 0) return lookup::used.entries[0];
        else return no_entry;
    }

    /// The parameters of `stage`'s kernel, the same in every format.
    static constexpr const parameter_list& parameters(std::size_t stage) noexcept { return any_entry(stage).parameters; }

    /// The first kernel's stage without an entry in `fmt`, or `stage_count` when every one has one
    /// (a collective stage runs no kernel).
    static constexpr std::size_t first_stage_without(format fmt) noexcept {
        // The table, not entry(): g++ 12's -fsanitize=undefined cannot evaluate a pointer comparison in a constant expression.
        for (std::size_t s = 0; s < stage_count; ++s)
            if (stage_infos[s].collective == collective_kind::none && lookup::by_format[s][static_cast<std::size_t>(fmt)] < 0) return s;
        return stage_count;
    }

private:
    // Looked up once at compile time, so that a launch reads a table instead of comparing names.
    using lookup = detail::stage_entries<Definition>;
    static constexpr kernel_entry no_entry{};
};

template <class T>
inline constexpr bool is_pipeline = false;
template <class Definition>
inline constexpr bool is_pipeline<pipeline<Definition>> = true;

/// Checks a definition on its own, where nothing launches it yet: `static_assert(accy::check<D>);`
/// compiles when `D` is well formed, and otherwise fails with the one error naming the mistake.
template <class Definition>
inline constexpr bool check = sizeof(pipeline<Definition>) != 0;

/// Whether a definition is free of wiring mistakes, without the compile error: for trait tests.
template <class Definition>
inline constexpr bool valid_pipeline = [] {
    if constexpr (pipeline_definition<Definition>) return diagnose<Definition>().problem == problem::none;
    else return false;
}();

namespace detail {

/// The `no_entry_for_format` report of the first stage that lacks an entry in `Format`, or
/// `diagnostic::detail::no_problem`; `static_assert(sizeof(...) != 0)` instantiates it.
template <class Pipeline, format Format>
constexpr auto format_report() {
    constexpr std::size_t missing = Pipeline::first_stage_without(Format);
    if constexpr (missing == Pipeline::stage_count) {
        return std::type_identity<diagnostic::detail::no_problem>{};
    } else {
        return std::type_identity<diagnostic::report<problem::no_entry_for_format, in_stage_of<typename Pipeline::stage_list, missing>,
                                                     diagnostic::in_format<Format>>>{};
    }
}

template <class Pipeline, format Format>
using missing_format = typename decltype(format_report<Pipeline, Format>())::type;

}  // namespace detail

}  // namespace accy
