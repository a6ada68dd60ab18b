// Defines `accy::pipeline<Definition>`, a checked pipeline: its counts, stages, intermediates and bounds.
#pragma once

#include <accy/core/format.hpp>
#include <accy/detail/lists.hpp>
#include <accy/kernel/registry.hpp>
#include <accy/pipeline/diagnosis.hpp>
#include <accy/pipeline/report.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace accy {

/// What a pipeline definition declares, as static members:
///
///     struct device_scan {
///         static constexpr std::string_view target = "example.device_scan";
///         static constexpr std::uint32_t version = 1;
///         static constexpr const auto& registry = scan_kernels;   // an accy::registry
///         static constexpr std::size_t operand_count = 1, result_count = 1, runtime_scalar_count = 1;
///         using intermediates = accy::intermediates<accy::scratch<accy::dtype::f32, accy::ceil_div<0, 64>>>;
///         using stages = accy::stages<accy::stage<"example.block_scan", 1, ...>, ...>;
///         using bounds = accy::bounds<accy::max_u32<0, 1 << 30>>;   // optional
///     };
template <class Definition>
concept pipeline_definition = requires {
    { Definition::target } -> std::convertible_to<std::string_view>;
    { Definition::version } -> std::convertible_to<std::uint32_t>;
    { Definition::registry.entries };
    { Definition::operand_count } -> std::convertible_to<std::size_t>;
    { Definition::result_count } -> std::convertible_to<std::size_t>;
    { Definition::runtime_scalar_count } -> std::convertible_to<std::size_t>;
    typename detail::list_traits<typename Definition::intermediates>;
    typename detail::list_traits<typename Definition::stages>;
};

namespace detail {

template <class Definition, std::size_t Entry>
using entry_declares = diagnostic::entry_declares<Definition::registry.entries[Entry].format,
                                                  Definition::registry.entries[Entry].buffers.size(),
                                                  Definition::registry.entries[Entry].scalar_count>;

/// Instantiates the one `diagnostic::report` of a definition's first problem, if any.
template <class Definition>
constexpr bool report_first_problem() {
    constexpr diagnosis found = diagnose<Definition>();
    constexpr problem kind = found.problem;
    using stage_list = list_traits<typename Definition::stages>;
    using scratch_list = list_traits<typename Definition::intermediates>;
    using bound_list = list_traits<typename bounds_of<Definition>::type>;
    if constexpr (kind == problem::none) {
        return true;
    } else if constexpr (kind == problem::bound_index_out_of_range) {
        return sizeof(diagnostic::report<kind, diagnostic::in_bound<found.where, typename bound_list::template at<found.where>>>);
    } else if constexpr (kind == problem::extent_index_out_of_range || kind == problem::extent_divisor_zero ||
                         kind == problem::extent_zero || kind == problem::intermediate_never_read) {
        return sizeof(diagnostic::report<kind, diagnostic::in_intermediate<found.where, typename scratch_list::template at<found.where>>>);
    } else {
        using stage = typename stage_list::template at<found.where>;
        using in_stage = diagnostic::in_stage<found.where, stage>;
        if constexpr (kind == problem::stage_without_entry) {
            return sizeof(diagnostic::report<kind, in_stage>);
        } else if constexpr (kind == problem::scalar_index_out_of_range || kind == problem::scalar_divisor_zero) {
            return sizeof(diagnostic::report<kind, in_stage, diagnostic::at_scalar<found.what, typename stage::scalar_list::template at<found.what>>>);
        } else if constexpr (kind == problem::buffer_count_mismatch || kind == problem::scalar_count_mismatch) {
            return sizeof(diagnostic::report<kind, in_stage, entry_declares<Definition, found.entry>>);
        } else if constexpr (kind == problem::geometry_scalar_out_of_range || kind == problem::geometry_divisor_zero) {
            return sizeof(diagnostic::report<kind, in_stage, diagnostic::at_grid_dimension<found.what>,
                                             entry_declares<Definition, found.entry>>);
        } else {
            return sizeof(diagnostic::report<kind, in_stage, diagnostic::at_buffer<found.what, typename stage::buffer_list::template at<found.what>>>);
        }
    }
}

}  // namespace detail

/// A pipeline checked at compile time. Naming `pipeline<D>` in a launch, a pool or an allocation
/// instantiates the checks; each mistake is one `static_assert` naming the stage and binding.
template <class Definition>
struct pipeline {
    static_assert(pipeline_definition<Definition>,
                  "accy::pipeline<Definition>: Definition must declare target, version, registry, operand_count, "
                  "result_count, runtime_scalar_count, intermediates and stages as static members");
    static constexpr bool well_formed = false;  // nothing else is declared, so that nothing else fails
};

template <pipeline_definition Definition>
struct pipeline<Definition> {
    static_assert(detail::report_first_problem<Definition>());

    using definition = Definition;
    using stage_list = detail::list_traits<typename Definition::stages>;
    using scratch_list = detail::list_traits<typename Definition::intermediates>;
    using bound_list = detail::list_traits<typename detail::bounds_of<Definition>::type>;

    static constexpr std::string_view target = Definition::target;
    static constexpr std::uint32_t version = Definition::version;
    static constexpr const auto& registry = Definition::registry;
    static constexpr std::size_t operand_count = Definition::operand_count;
    static constexpr std::size_t result_count = Definition::result_count;
    static constexpr std::size_t runtime_scalar_count = Definition::runtime_scalar_count;
    static constexpr std::size_t stage_count = stage_list::size;
    static constexpr std::size_t intermediate_count = scratch_list::size;
    static constexpr const auto& stages = stage_list::values;
    static constexpr const auto& intermediates = scratch_list::values;
    static constexpr const auto& bounds = bound_list::values;

    /// Whether the definition has no problem; launch code compiles only then, so that a mistake
    /// gives one error and not a cascade.
    static constexpr bool well_formed = diagnose<Definition>().problem == problem::none;

    /// The registry entry of `stage` in `fmt`, or null when the registry has none.
    static constexpr const kernel_entry* entry(std::size_t stage, format fmt) noexcept {
        const std::ptrdiff_t index = entry_indices[stage][static_cast<std::size_t>(fmt)];
        return index < 0 ? nullptr : &registry.entries[static_cast<std::size_t>(index)];
    }

    /// The first stage without an entry in `fmt`, or `stage_count` when every stage has one.
    static constexpr std::size_t first_stage_without(format fmt) noexcept {
        for (std::size_t s = 0; s < stage_count; ++s)
            if (entry(s, fmt) == nullptr) return s;
        return stage_count;
    }

private:
    // Looked up once at compile time, so that a launch reads a table instead of comparing names.
    static constexpr auto entry_indices = [] {
        std::array<std::array<std::ptrdiff_t, format_count>, stage_count> table{};
        for (std::size_t s = 0; s < stage_count; ++s)
            for (std::size_t f = 0; f < format_count; ++f) {
                table[s][f] = -1;
                for (std::size_t e = 0; e < registry.entries.size(); ++e) {
                    const kernel_entry& candidate = registry.entries[e];
                    if (candidate.target == stages[s].target && candidate.version == stages[s].version &&
                        candidate.format == static_cast<format>(f))
                        table[s][f] = static_cast<std::ptrdiff_t>(e);
                }
            }
        return table;
    }();
};

template <class T>
inline constexpr bool is_pipeline = false;
template <class Definition>
inline constexpr bool is_pipeline<pipeline<Definition>> = true;

/// Whether a definition is free of wiring mistakes, without the compile error: for trait tests.
template <class Definition>
inline constexpr bool valid_pipeline = [] {
    if constexpr (pipeline_definition<Definition>) return diagnose<Definition>().problem == problem::none;
    else return false;
}();

namespace detail {

/// Instantiates the `no_entry_for_format` report for the first stage that lacks an entry in `Format`.
template <class Pipeline, format Format>
constexpr bool require_format() {
    constexpr std::size_t missing = Pipeline::first_stage_without(Format);
    if constexpr (missing == Pipeline::stage_count) {
        return true;
    } else {
        return sizeof(diagnostic::report<problem::no_entry_for_format,
                                         diagnostic::in_stage<missing, typename Pipeline::stage_list::template at<missing>>,
                                         diagnostic::in_format<Format>>);
    }
}

}  // namespace detail

}  // namespace accy
