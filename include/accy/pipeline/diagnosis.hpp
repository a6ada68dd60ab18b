// Defines `accy::diagnose`, which finds the first wiring mistake of a pipeline definition, and
// `accy::diagnostic::report`, which turns it into one compile error naming the stage and binding.
#pragma once

#include <accy/core/format.hpp>
#include <accy/detail/lists.hpp>
#include <accy/kernel/registry.hpp>

#include <array>
#include <cstddef>

namespace accy {

enum class problem {
    none,
    bound_index_out_of_range,
    extent_index_out_of_range,
    extent_divisor_zero,
    extent_zero,
    stage_without_entry,
    operand_index_out_of_range,
    result_index_out_of_range,
    intermediate_index_out_of_range,
    buffer_bound_twice,
    scalar_index_out_of_range,
    scalar_divisor_zero,
    buffer_count_mismatch,
    scalar_count_mismatch,
    geometry_scalar_out_of_range,
    geometry_divisor_zero,
    operand_written,
    intermediate_read_before_write,
    intermediate_never_read,
    no_entry_for_format,  ///< found where a format is given at compile time, not by `diagnose`
};

/// The first problem found: `where` is a stage, bound or intermediate index, `what` a buffer,
/// scalar or grid dimension index, `entry` an index into the registry's entries.
struct diagnosis {
    accy::problem problem = problem::none;
    std::size_t where = 0;
    std::size_t what = 0;
    std::size_t entry = 0;
};

namespace detail {

constexpr problem index_out_of_range(buffer_kind kind) noexcept {
    switch (kind) {
    case buffer_kind::operand: return problem::operand_index_out_of_range;
    case buffer_kind::result: return problem::result_index_out_of_range;
    case buffer_kind::intermediate: return problem::intermediate_index_out_of_range;
    }
    return problem::none;
}

/// The problem of one derivation from `scalar_count` runtime scalars, or none.
constexpr problem derivation_problem(const scalar_derivation& derivation, std::size_t scalar_count,
                                     problem index_problem, problem divisor_problem) noexcept {
    if (derivation.reads_runtime_scalar() && derivation.index >= scalar_count) return index_problem;
    if (derivation.rule == scalar_derivation::kind::ceil_div && derivation.operand == 0) return divisor_problem;
    return problem::none;
}

/// The access of a parameter that two formats' entries declare as `lhs` and `rhs`.
constexpr access either(access lhs, access rhs) noexcept {
    const bool read = reads(lhs) || reads(rhs), write = writes(lhs) || writes(rhs);
    return read && write ? access::read_write : write ? access::write : access::read;
}

}  // namespace detail

/// Checks a pipeline definition: every index in range, counts that match the registry's entries,
/// no buffer bound twice in a stage, and a dataflow in which operands are only read and each
/// intermediate is written before it is read and read after it is written.
template <class Definition>
constexpr diagnosis diagnose() {
    using stage_list = detail::list_traits<typename Definition::stages>;
    using scratch_list = detail::list_traits<typename Definition::intermediates>;
    using bound_list = detail::list_traits<typename detail::bounds_of<Definition>::type>;
    const auto& registry = Definition::registry;
    const std::size_t scalar_count = Definition::runtime_scalar_count;

    for (std::size_t k = 0; k < bound_list::size; ++k)
        if (bound_list::values[k].index >= scalar_count) return {problem::bound_index_out_of_range, k};

    for (std::size_t k = 0; k < scratch_list::size; ++k) {
        const scalar_derivation& extent = scratch_list::values[k].extent;
        if (const problem found = detail::derivation_problem(extent, scalar_count, problem::extent_index_out_of_range,
                                                             problem::extent_divisor_zero);
            found != problem::none)
            return {found, k};
        if (extent.rule == scalar_derivation::kind::constant && extent.operand == 0) return {problem::extent_zero, k};
    }

    const std::array<std::size_t, 3> buffer_counts{Definition::operand_count, Definition::result_count, scratch_list::size};
    for (std::size_t s = 0; s < stage_list::size; ++s) {
        const detail::stage_model& stage = stage_list::values[s];
        if (!registry.knows(stage.target, stage.version)) return {problem::stage_without_entry, s};
        for (std::size_t b = 0; b < stage.buffer_count; ++b) {
            const buffer_ref ref = stage.buffers[b];
            if (ref.index >= buffer_counts[static_cast<std::size_t>(ref.kind)])
                return {detail::index_out_of_range(ref.kind), s, b};
            for (std::size_t earlier = 0; earlier < b; ++earlier)
                if (stage.buffers[earlier] == ref) return {problem::buffer_bound_twice, s, b};
        }
        for (std::size_t i = 0; i < stage.scalar_count; ++i)
            if (const problem found = detail::derivation_problem(stage.scalars[i], scalar_count,
                                                                 problem::scalar_index_out_of_range,
                                                                 problem::scalar_divisor_zero);
                found != problem::none)
                return {found, s, i};
        for (std::size_t e = 0; e < registry.entries.size(); ++e) {
            const kernel_entry& entry = registry.entries[e];
            if (entry.target != stage.target || entry.version != stage.version) continue;
            if (entry.buffers.size() != stage.buffer_count) return {problem::buffer_count_mismatch, s, 0, e};
            if (entry.scalar_count != stage.scalar_count) return {problem::scalar_count_mismatch, s, 0, e};
            for (std::size_t d = 0; d < 3; ++d) {
                const grid_dim& dim = entry.launch.grid[d];
                if (dim.rule != grid_dim::kind::ceil_div) continue;
                if (dim.scalar_index >= entry.scalar_count) return {problem::geometry_scalar_out_of_range, s, d, e};
                if (dim.value == 0) return {problem::geometry_divisor_zero, s, d, e};
            }
        }
    }

    // Dataflow, read from each stage's entries: a parameter is written if any format's entry writes it.
    std::array<std::size_t, scratch_list::size> first_write{};
    first_write.fill(stage_list::size);
    std::array<std::size_t, scratch_list::size> last_read{};
    for (std::size_t s = 0; s < stage_list::size; ++s) {
        const detail::stage_model& stage = stage_list::values[s];
        std::array<access, max_kernel_parameters> accesses{};
        bool first_entry = true;
        for (const kernel_entry& entry : registry.entries) {
            if (entry.target != stage.target || entry.version != stage.version) continue;
            for (std::size_t b = 0; b < stage.buffer_count; ++b)
                accesses[b] = first_entry ? entry.buffers[b] : detail::either(accesses[b], entry.buffers[b]);
            first_entry = false;
        }
        for (std::size_t b = 0; b < stage.buffer_count; ++b) {
            const buffer_ref ref = stage.buffers[b];
            if (ref.kind == buffer_kind::operand && writes(accesses[b])) return {problem::operand_written, s, b};
            if (ref.kind != buffer_kind::intermediate || !reads(accesses[b])) continue;
            if (first_write[ref.index] >= s) return {problem::intermediate_read_before_write, s, b};
            last_read[ref.index] = s;
        }
        for (std::size_t b = 0; b < stage.buffer_count; ++b) {
            const buffer_ref ref = stage.buffers[b];
            if (ref.kind == buffer_kind::intermediate && writes(accesses[b]) && first_write[ref.index] == stage_list::size)
                first_write[ref.index] = s;
        }
    }
    for (std::size_t k = 0; k < scratch_list::size; ++k)
        if (first_write[k] == stage_list::size || last_read[k] <= first_write[k]) return {problem::intermediate_never_read, k};
    return {};
}

}  // namespace accy
