// SPDX-License-Identifier: Apache-2.0
// Defines `accy::diagnose`, which finds the first wiring mistake of a pipeline definition (an
// `accy::diagnosis`, pipeline/problem.hpp).
#pragma once

#include <accy/core/format.hpp>
#include <accy/kernel/registry.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/definition.hpp>
#include <accy/pipeline/detail/entry_problems.hpp>
#include <accy/pipeline/detail/stage_entries.hpp>
#include <accy/pipeline/problem.hpp>
#include <accy/pipeline/shape.hpp>
#include <accy/pipeline/stages.hpp>

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace accy {

namespace detail {

/// Reads a little of every entry of `registry`: a constant expression only where the registry is a
/// constant, which it is not when it is not `constexpr`, or when its initializer failed to compile
/// (a helper that throws while making an entry). Every later check reads the registry, and would
/// report that as errors of its own.
template <class Registry>
constexpr std::size_t read_registry(const Registry& registry) noexcept {
    std::size_t read = 0;
    for (const kernel_entry& entry : registry.entries)
        read += entry.target.size() + entry.version + entry.parameters.size() + entry.geometry.block.x;
    return read;
}

template <class Definition>
concept constant_registry =
    requires { typename std::integral_constant<std::size_t, read_registry(Definition::registry)>; };

/// The first problem of a definition's declarations: its runtime scalars, its buffer lists, its in_place results.
template <class Definition>
constexpr diagnosis declaration_problem() {
    using declared = detail::definition_traits<Definition>;
    using scalars = typename declared::scalars;
    const auto& operands = declared::operands::template infos<scalars>;
    const auto& results = declared::results::template infos<scalars>;
    const auto& intermediates = declared::intermediates::template infos<scalars>;
    const auto& workspaces = declared::workspaces::template infos<scalars>;

    for (std::size_t k = 0; k < scalars::count; ++k) {
        if (!scalars::infos[k].supported) return diagnosis::at_scalar(problem::scalar_type_not_supported, k);
        if (!scalars::infos[k].bounds_valid) return diagnosis::at_scalar(problem::scalar_bounds_invalid, k);
        for (std::size_t earlier = 0; earlier < k; ++earlier)
            if (scalars::infos[earlier].name == scalars::infos[k].name)
                return diagnosis::at_scalar(problem::scalar_name_repeated, k);
    }
    for (const diagnosis found :
         {detail::list_problem(operands, buffer_kind::operand), detail::list_problem(results, buffer_kind::result),
          detail::list_problem(intermediates, buffer_kind::intermediate),
          detail::list_problem(workspaces, buffer_kind::workspace)})
        if (found.problem != problem::none) return found;
    // An in_place result may be its operand's very buffer, so it holds the operand's elements, and no
    // other result can be that buffer too (a launch refuses results that overlap each other). Of the
    // shapes only the dtypes are compared: an extent's value exists at run time only.
    for (std::size_t k = 0; k < results.size(); ++k) {
        const std::size_t over = results[k].in_place_of;
        if (over == shape_info::not_in_place) continue;
        if (over >= operands.size())
            return diagnosis::at_buffer(problem::in_place_operand_out_of_range, buffer_kind::result, k);
        if (results[k].type != operands[over].type)
            return diagnosis::at_buffer(problem::in_place_dtype_mismatch, buffer_kind::result, k);
        for (std::size_t earlier = 0; earlier < k; ++earlier)
            if (results[earlier].in_place_of == over)
                return diagnosis::at_buffer(problem::in_place_operand_shared, buffer_kind::result, k);
    }
    return {};
}

/// The first problem of stage `s` against its kernel entries: their number, kinds, types and layouts,
/// each argument against its parameter.
template <class Definition>
constexpr diagnosis stage_problem(std::size_t s) {
    using declared = detail::definition_traits<Definition>;
    using scalars = typename declared::scalars;
    using lookup = detail::stage_entries<Definition>;
    const auto& registry = Definition::registry;
    const auto& stage_infos = detail::stage_infos<typename Definition::stages::flat, scalars>::values;
    const std::array<std::size_t, 4> buffer_counts{declared::operands::size, declared::results::size,
                                                   declared::intermediates::size, declared::workspaces::size};
    const auto& operands = declared::operands::template infos<scalars>;
    const auto& results = declared::results::template infos<scalars>;
    const auto& intermediates = declared::intermediates::template infos<scalars>;
    const auto& workspaces = declared::workspaces::template infos<scalars>;
    const auto shape_of = [&](buffer_ref ref) -> const detail::shape_info& {
        switch (ref.kind) {
        case buffer_kind::operand: return operands[ref.index];
        case buffer_kind::result: return results[ref.index];
        case buffer_kind::intermediate: return intermediates[ref.index];
        default: return workspaces[ref.index];
        }
    };

    const stage_info& stage = stage_infos[s];
    const auto buffer_problem = [&](buffer_ref ref) {
        if (ref.index < buffer_counts[static_cast<std::size_t>(ref.kind)]) return problem::none;
        const bool list_missing = (ref.kind == buffer_kind::intermediate && !declared::intermediates_declared) ||
                                  (ref.kind == buffer_kind::workspace && !declared::workspaces_declared);
        return list_missing ? problem::buffer_list_not_declared : detail::index_out_of_range(ref.kind);
    };
    if (stage.collective != collective_kind::none) {
        // Its source and result (a send's or receive's one buffer, then its peer), of one dtype collectives take.
        const bool point_to_point = stage.collective == collective_kind::send || stage.collective == collective_kind::receive;
        for (std::size_t p = 0; p < (point_to_point ? 1 : 2); ++p)
            if (const problem found = buffer_problem(stage.arguments[p].ref); found != problem::none) return diagnosis::at_stage(found, s);
        const dtype type = shape_of(stage.arguments[0].ref).type;
        if (point_to_point) {
            const argument_info& peer = stage.arguments[1];
            if (peer.value.fault != derivation_fault::none) return diagnosis::at_stage(detail::problem_of(peer.value.fault), s);
            if (!peer.value.type.integer()) return diagnosis::at_stage(problem::collective_peer_not_an_integer, s);
            // It runs in one group with the sends and receives just before it, in any order.
            for (std::size_t t = s; t-- > 0;) {
                const stage_info& earlier = stage_infos[t];
                if (earlier.collective != collective_kind::send && earlier.collective != collective_kind::receive) break;
                if ((stage.collective == collective_kind::receive || earlier.collective == collective_kind::receive) &&
                    earlier.arguments[0].ref == stage.arguments[0].ref)
                    return diagnosis::at_stage(problem::collective_group_shares_a_buffer, s);
            }
        } else {
            if (shape_of(stage.arguments[1].ref).type != type) return diagnosis::at_stage(problem::collective_element_types_differ, s);
            // Only an all-reduce and a broadcast take one buffer as both: the others' two hold different counts.
            if (stage.arguments[0].ref == stage.arguments[1].ref && stage.collective != collective_kind::all_reduce &&
                stage.collective != collective_kind::broadcast)
                return diagnosis::at_stage(problem::buffer_bound_twice, s);
        }
        if (!collective_dtype(type)) return diagnosis::at_stage(problem::collective_dtype_unsupported, s);
        if (stage.root < 0) return diagnosis::at_stage(problem::collective_root_negative, s);
        return {};
    }

    // The first entry of a stage is the reference the others must match.
    std::size_t first = registry.entries.size();
    for (std::size_t k = lookup::first_match(s); k < lookup::end_match(s); ++k) {
        const std::size_t e = lookup::matches[k];
        const kernel_entry& entry = registry.entries[e];
        if (first == registry.entries.size()) first = e;
        if (lookup::by_format[s][static_cast<std::size_t>(entry.format)] != static_cast<std::ptrdiff_t>(e))
            return diagnosis::at_entry(problem::duplicate_entry, s, e);  // an earlier entry of the stage has this format
        if (!entry.parameters.same_layout(registry.entries[first].parameters))
            return diagnosis::at_entry(problem::entries_disagree, s, e);
        if (const diagnosis found = detail::entry_problem(entry, s, e); found.problem != problem::none) return found;
    }
    if (first == registry.entries.size()) {
        for (const kernel_entry& entry : registry.entries)
            if (entry.target == stage.target) return diagnosis::at_stage(problem::stage_version_without_entry, s);
        return diagnosis::at_stage(problem::stage_without_entry, s);
    }
    const parameter_list& parameters = registry.entries[first].parameters;
    if (stage.argument_count != parameters.size()) return diagnosis::at_entry(problem::argument_count_mismatch, s, first);
    const auto at_parameter = [s, first](problem found, std::size_t p) { return diagnosis::at_parameter(found, s, first, p); };
    for (std::size_t p = 0; p < stage.argument_count; ++p) {
        const argument_info& argument = stage.arguments[p];
        const parameter& declared_parameter = parameters[p];
        if (argument.is_buffer != (declared_parameter.what == parameter::kind::buffer) ||
            (argument.map != nullptr) != (declared_parameter.what == parameter::kind::tensor_map))
            return at_parameter(problem::argument_kind_mismatch, p);
        if (argument.map != nullptr) {
            if (const problem found = detail::tensor_map_problem(*argument.map, declared_parameter); found != problem::none)
                return at_parameter(found, p);
        } else if (!argument.is_buffer) {
            if (argument.value.fault != derivation_fault::none)
                return at_parameter(detail::problem_of(argument.value.fault), p);
            if (!detail::binds(declared_parameter, argument.value.type)) {
                // The likeliest causes first: arguments out of order, then a literal of another type.
                if (declared_parameter.what == parameter::kind::scalar && is_integer(declared_parameter.type) &&
                    argument.value.type.floating())
                    return at_parameter(problem::floating_argument_to_integer, p);
                return at_parameter(argument.constant ? problem::constant_type_mismatch : problem::argument_type_mismatch, p);
            }
            continue;
        }
        const buffer_ref ref = argument.ref;
        if (const problem found = buffer_problem(ref); found != problem::none) return at_parameter(found, p);
        for (std::size_t earlier = 0; earlier < p; ++earlier)
            if (stage.arguments[earlier].binds_buffer() && stage.arguments[earlier].ref == ref)
                return at_parameter(problem::buffer_bound_twice, p);
        if (declared_parameter.element && *declared_parameter.element != shape_of(ref).type)
            return at_parameter(problem::element_type_mismatch, p);
    }
    return {};
}

/// The first problem of region `r` of a definition on its own: what it holds, its flag, its bound.
template <class Definition>
constexpr diagnosis region_problem(const region_info& region, std::size_t r) {
    using declared = detail::definition_traits<Definition>;
    using scalars = typename declared::scalars;
    if (region.holds_other_than_stages || region.first == region.end)
        return diagnosis::at_region(problem::region_holds_other_than_stages, r);
    const buffer_ref flag = region.flag;
    const bool flag_valid =
        region.flag_is_buffer &&
        ((flag.kind == buffer_kind::intermediate && flag.index < declared::intermediates::size &&
          declared::intermediates::template infos<scalars>[flag.index].type == dtype::u32) ||
         (flag.kind == buffer_kind::result && flag.index < declared::results::size &&
          declared::results::template infos<scalars>[flag.index].type == dtype::u32));
    if (!flag_valid) return diagnosis::at_region(problem::condition_flag_invalid, r);
    if (region.kind == region_kind::repeat_while) {
        if (region.bounded && region.bound.fault != derivation_fault::none)
            return diagnosis::at_region(detail::problem_of(region.bound.fault), r);
        if (!region.bounded || !region.bound.type.integer()) return diagnosis::at_region(problem::loop_without_bound, r);
    }
    return {};
}

/// A stage's checks: its first problem, and how its entries use each parameter (written if any
/// format's entry writes it), which the dataflow reads.
struct stage_check {
    diagnosis found{};
    std::array<access, limits::kernel_parameters> accesses{};
};

/// Stage `s`'s checks.
template <class Definition>
constexpr stage_check check_stage(std::size_t s) {
    stage_check check{stage_problem<Definition>(s)};
    if (check.found.problem != problem::none) return check;
    using scalars = typename detail::definition_traits<Definition>::scalars;
    const stage_info& stage = detail::stage_infos<typename Definition::stages::flat, scalars>::values[s];
    if (stage.collective != collective_kind::none) {
        // A collective reads its source and writes its result (an all-reduce or broadcast in place does both).
        switch (stage.collective) {
        case collective_kind::send: check.accesses[0] = access::read; break;
        case collective_kind::receive: check.accesses[0] = access::write; break;
        default:
            check.accesses[0] = stage.arguments[0].ref == stage.arguments[1].ref ? access::read_write : access::read;
            check.accesses[1] = check.accesses[0] == access::read_write ? access::read_write : access::write;
        }
        return check;
    }
    using lookup = detail::stage_entries<Definition>;
    const auto& entries = Definition::registry.entries;
    const std::size_t parameters = entries[lookup::matches[lookup::first_match(s)]].parameters.size();
    for (std::size_t k = lookup::first_match(s); k < lookup::end_match(s); ++k)
        for (std::size_t p = 0; p < parameters; ++p) {
            const access use = entries[lookup::matches[k]].parameters[p].use;
            check.accesses[p] = k == lookup::first_match(s) ? use : detail::either(check.accesses[p], use);
        }
    return check;
}

/// Stage `Stage`'s checks, in a constant evaluation of its own: clang ends one evaluation after about
/// a million steps, which checking a pipeline of a thousand stages in one would take.
template <class Definition, std::size_t Stage>
inline constexpr stage_check stage_check_of = check_stage<Definition>(Stage);

template <class Definition, std::size_t... Stages>
constexpr std::array<stage_check, sizeof...(Stages)> stage_checks(std::index_sequence<Stages...>) noexcept {
    return {stage_check_of<Definition, Stages>...};
}

/// Every stage's checks, in launch order.
template <class Definition>
inline constexpr auto stage_checks_of = stage_checks<Definition>(std::make_index_sequence<Definition::stages::size>{});

}  // namespace detail

/// Checks a pipeline definition: a registry that constant expressions can read, runtime scalars of
/// distinct names, every declared shape in a list that takes it (zero_filled and kept_zero in
/// workspaces, in_place in results, over an operand of its dtype that no other result is in_place
/// over), every index in range, every stage's arguments against its kernel entries' parameters
/// (count, kind, type), the entries themselves (one per format, the same layout in every format, at
/// most limits::kernel_parameters parameters, a payload of the entry's format, launchable geometry),
/// and a dataflow in which operands are read, only read, and not after a stage that wrote a result
/// in_place over them, each intermediate is written before it is read and read after it is
/// written, each result is written, and before that read only by a read_write parameter of the
/// stage that first writes it (never, if in_place), and each workspace belongs to one stage; each
/// `repeat_while` and `when` holds stages only, has a u32 intermediate or result as its flag, written
/// inside the loop or before the `when`, and a loop has an integer bound. The dataflow is that of
/// one pass through every region.
template <class Definition>
constexpr diagnosis diagnose() {
    constexpr diagnosis declaration = detail::declaration_problem<Definition>();
    if constexpr (!detail::constant_registry<Definition>) {
        return diagnosis::at_definition(problem::registry_not_constant);
    } else if constexpr (declaration.problem != problem::none) {
        return declaration;  // the stages' checks would read the faulty declarations
    } else {
        using declared = detail::definition_traits<Definition>;
        using scalars = typename declared::scalars;
        using lookup = detail::stage_entries<Definition>;
        const auto& stage_infos = detail::stage_infos<typename Definition::stages::flat, scalars>::values;
        constexpr std::size_t stage_count = Definition::stages::size;
        const auto& results = declared::results::template infos<scalars>;
        const auto& regions = detail::region_infos<typename Definition::stages, scalars>;
        for (std::size_t r = 0; r < regions.size(); ++r)
            if (const diagnosis found = detail::region_problem<Definition>(regions[r], r); found.problem != problem::none)
                return found;
        const auto& stage_checks = detail::stage_checks_of<Definition>;
        for (const detail::stage_check& check : stage_checks)
            if (check.found.problem != problem::none) return check.found;

        // Dataflow, read from each stage's entries: a parameter is written if any format's entry writes it.
        std::array<std::size_t, declared::intermediates::size> first_write{};
        first_write.fill(stage_count);
        std::array<std::size_t, declared::intermediates::size> last_read{};
        std::array<std::size_t, declared::workspaces::size> owner{};
        owner.fill(stage_count);
        std::array<std::size_t, declared::results::size> result_first_write{};
        result_first_write.fill(stage_count);
        std::array<bool, declared::operands::size> operand_bound{};
        for (std::size_t s = 0; s < stage_count; ++s) {
            const stage_info& stage = stage_infos[s];
            // A collective has no kernel entry: its problems are the stage's, whose declaration names its buffers.
            const auto at_parameter = [s, &stage](problem found, std::size_t p) {
                return stage.collective != collective_kind::none ? diagnosis::at_stage(found, s)
                                                                 : diagnosis::at_parameter(found, s, lookup::matches[lookup::first_match(s)], p);
            };
            const std::array<access, limits::kernel_parameters>& accesses = stage_checks[s].accesses;
            for (std::size_t p = 0; p < stage.argument_count; ++p) {
                if (!stage.arguments[p].binds_buffer()) continue;
                const buffer_ref ref = stage.arguments[p].ref;
                if (ref.kind == buffer_kind::operand) {
                    if (writes(accesses[p])) return at_parameter(problem::operand_written, p);
                    operand_bound[ref.index] = true;
                    // Once a stage wrote a result in_place over the operand, the operand's buffer may hold the
                    // result's elements. The stage that writes the result may read the operand: an in-place kernel.
                    for (std::size_t k = 0; k < results.size(); ++k)
                        if (results[k].in_place_of == ref.index && result_first_write[k] < s)
                            return at_parameter(problem::operand_read_after_in_place_write, p);
                }
                if (ref.kind == buffer_kind::result) {
                    // Before a stage wrote it, an in_place result holds its operand's elements only when the caller
                    // passed one buffer as both, and the result buffer's old contents otherwise. A stage binds a buffer
                    // once, so a read_write parameter reads it in the stage that first writes it: refused too.
                    if (reads(accesses[p]) && results[ref.index].in_place_of != detail::shape_info::not_in_place && result_first_write[ref.index] >= s)
                        return at_parameter(problem::in_place_result_read_before_write, p);
                    // A result that only reads before any stage wrote it reads the caller's old contents: an
                    // operand's job. A read_write parameter in the first stage that writes it may accumulate
                    // into them (y = a * x + y), as a result that is also an input.
                    if (reads(accesses[p]) && !writes(accesses[p]) && result_first_write[ref.index] >= s)
                        return at_parameter(problem::result_read_before_write, p);
                    if (writes(accesses[p]) && result_first_write[ref.index] == stage_count) result_first_write[ref.index] = s;
                }
                if (ref.kind == buffer_kind::workspace) {
                    if (owner[ref.index] != stage_count && owner[ref.index] != s)
                        return at_parameter(problem::workspace_shared, p);
                    owner[ref.index] = s;
                }
                if (ref.kind != buffer_kind::intermediate || !reads(accesses[p])) continue;
                if (first_write[ref.index] >= s) return at_parameter(problem::intermediate_read_before_write, p);
                last_read[ref.index] = s;
            }
            for (std::size_t p = 0; p < stage.argument_count; ++p) {
                const buffer_ref ref = stage.arguments[p].ref;
                if (stage.arguments[p].binds_buffer() && ref.kind == buffer_kind::intermediate && writes(accesses[p]) &&
                    first_write[ref.index] == stage_count)
                    first_write[ref.index] = s;
            }
        }
        // A loop's flag is written inside it and read after each pass; a when's is written before it and read where it starts.
        for (std::size_t r = 0; r < regions.size(); ++r) {
            const region_info& region = regions[r];
            const bool loop = region.kind == region_kind::repeat_while;
            bool written = false;
            for (std::size_t s = loop ? region.first : 0; s < (loop ? region.end : region.first); ++s)
                for (std::size_t p = 0; p < stage_infos[s].argument_count; ++p)
                    written = written || (stage_infos[s].arguments[p].binds_buffer() && stage_infos[s].arguments[p].ref == region.flag &&
                                          writes(stage_checks[s].accesses[p]));
            if (!written) return diagnosis::at_region(problem::condition_flag_never_written, r);
            const std::size_t read_at = loop ? region.end : region.first;
            if (region.flag.kind == buffer_kind::intermediate && last_read[region.flag.index] < read_at)
                last_read[region.flag.index] = read_at;
        }
        for (std::size_t k = 0; k < operand_bound.size(); ++k)
            if (!operand_bound[k]) return diagnosis::at_buffer(problem::operand_never_read, buffer_kind::operand, k);
        for (std::size_t k = 0; k < first_write.size(); ++k)
            if (first_write[k] == stage_count || last_read[k] <= first_write[k])
                return diagnosis::at_buffer(problem::intermediate_never_read, buffer_kind::intermediate, k);
        for (std::size_t k = 0; k < owner.size(); ++k)
            if (owner[k] == stage_count) return diagnosis::at_buffer(problem::workspace_unused, buffer_kind::workspace, k);
        for (std::size_t k = 0; k < result_first_write.size(); ++k)
            if (result_first_write[k] == stage_count)
                return diagnosis::at_buffer(problem::result_never_written, buffer_kind::result, k);
        return {};
    }
}

}  // namespace accy
