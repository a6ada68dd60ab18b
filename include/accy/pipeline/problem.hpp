// SPDX-License-Identifier: Apache-2.0
// Defines `accy::problem`, every wiring mistake `accy::diagnose` finds, and `accy::diagnosis`, the
// first one and where it is: `accy::problem_site` says what it is in, and so which indices name it.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/pipeline/buffer_ref.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace accy {

enum class problem {
    none,
    // in the definition as a whole
    registry_not_constant,
    // in a runtime scalar's declaration
    scalar_type_not_supported,
    scalar_bounds_invalid,
    scalar_name_repeated,
    // in a declared buffer
    extent_not_an_integer,
    extent_zero,
    in_place_operand_out_of_range,
    zeroing_outside_workspaces,
    in_place_outside_results,
    in_place_dtype_mismatch,
    in_place_operand_shared,
    // in a derivation, of an extent or of a stage argument
    scalar_index_out_of_range,
    divisor_zero,
    arithmetic_on_non_integer,
    no_common_type,
    conversion_of_bytes,
    // in a stage's kernel entries
    stage_without_entry,
    stage_version_without_entry,
    duplicate_entry,
    payload_not_of_format,
    entries_disagree,
    parameter_count_over_limit,
    parameter_bytes_over_limit,
    block_dimension_zero,
    block_too_large,
    grid_dimension_zero,
    grid_dimension_too_large,
    geometry_parameter_not_integer,
    geometry_divisor_zero,
    shared_memory_too_large,
    cluster_invalid,
    grid_not_multiple_of_cluster,
    tensor_map_parameter_invalid,
    // in a stage's arguments
    argument_count_mismatch,
    argument_kind_mismatch,
    argument_type_mismatch,
    floating_argument_to_integer,
    constant_type_mismatch,
    element_type_mismatch,
    operand_index_out_of_range,
    result_index_out_of_range,
    intermediate_index_out_of_range,
    workspace_index_out_of_range,
    buffer_list_not_declared,
    buffer_bound_twice,
    tensor_map_malformed,
    tensor_map_not_an_integer,
    tensor_map_rank_mismatch,
    tensor_map_strides_count,
    tensor_map_box_invalid,
    tensor_map_fill_not_floating,
    // in a collective stage
    collective_dtype_unsupported,
    collective_element_types_differ,
    collective_root_negative,
    collective_peer_not_an_integer,
    collective_group_shares_a_buffer,
    // in a repeat_while or when
    region_holds_other_than_stages,
    condition_flag_invalid,
    loop_without_bound,
    // in the dataflow
    operand_written,
    operand_read_after_in_place_write,
    intermediate_read_before_write,
    in_place_result_read_before_write,
    result_read_before_write,
    operand_never_read,
    intermediate_never_read,
    workspace_shared,
    workspace_unused,
    result_never_written,
    condition_flag_never_written,
    no_entry_for_format,  ///< found where a format is given at compile time, not by `diagnose`
};

/// The enumerator's name: `"argument_type_mismatch"`.
constexpr std::string_view to_string(problem value) noexcept {
    switch (value) {
    case problem::none: return "none";
    case problem::registry_not_constant: return "registry_not_constant";
    case problem::scalar_type_not_supported: return "scalar_type_not_supported";
    case problem::scalar_bounds_invalid: return "scalar_bounds_invalid";
    case problem::scalar_name_repeated: return "scalar_name_repeated";
    case problem::extent_not_an_integer: return "extent_not_an_integer";
    case problem::extent_zero: return "extent_zero";
    case problem::in_place_operand_out_of_range: return "in_place_operand_out_of_range";
    case problem::zeroing_outside_workspaces: return "zeroing_outside_workspaces";
    case problem::in_place_outside_results: return "in_place_outside_results";
    case problem::in_place_dtype_mismatch: return "in_place_dtype_mismatch";
    case problem::in_place_operand_shared: return "in_place_operand_shared";
    case problem::scalar_index_out_of_range: return "scalar_index_out_of_range";
    case problem::divisor_zero: return "divisor_zero";
    case problem::arithmetic_on_non_integer: return "arithmetic_on_non_integer";
    case problem::no_common_type: return "no_common_type";
    case problem::conversion_of_bytes: return "conversion_of_bytes";
    case problem::stage_without_entry: return "stage_without_entry";
    case problem::stage_version_without_entry: return "stage_version_without_entry";
    case problem::duplicate_entry: return "duplicate_entry";
    case problem::payload_not_of_format: return "payload_not_of_format";
    case problem::entries_disagree: return "entries_disagree";
    case problem::parameter_count_over_limit: return "parameter_count_over_limit";
    case problem::parameter_bytes_over_limit: return "parameter_bytes_over_limit";
    case problem::block_dimension_zero: return "block_dimension_zero";
    case problem::block_too_large: return "block_too_large";
    case problem::grid_dimension_zero: return "grid_dimension_zero";
    case problem::grid_dimension_too_large: return "grid_dimension_too_large";
    case problem::geometry_parameter_not_integer: return "geometry_parameter_not_integer";
    case problem::geometry_divisor_zero: return "geometry_divisor_zero";
    case problem::shared_memory_too_large: return "shared_memory_too_large";
    case problem::cluster_invalid: return "cluster_invalid";
    case problem::grid_not_multiple_of_cluster: return "grid_not_multiple_of_cluster";
    case problem::tensor_map_parameter_invalid: return "tensor_map_parameter_invalid";
    case problem::argument_count_mismatch: return "argument_count_mismatch";
    case problem::argument_kind_mismatch: return "argument_kind_mismatch";
    case problem::argument_type_mismatch: return "argument_type_mismatch";
    case problem::floating_argument_to_integer: return "floating_argument_to_integer";
    case problem::constant_type_mismatch: return "constant_type_mismatch";
    case problem::element_type_mismatch: return "element_type_mismatch";
    case problem::operand_index_out_of_range: return "operand_index_out_of_range";
    case problem::result_index_out_of_range: return "result_index_out_of_range";
    case problem::intermediate_index_out_of_range: return "intermediate_index_out_of_range";
    case problem::workspace_index_out_of_range: return "workspace_index_out_of_range";
    case problem::buffer_list_not_declared: return "buffer_list_not_declared";
    case problem::buffer_bound_twice: return "buffer_bound_twice";
    case problem::tensor_map_malformed: return "tensor_map_malformed";
    case problem::tensor_map_not_an_integer: return "tensor_map_not_an_integer";
    case problem::tensor_map_rank_mismatch: return "tensor_map_rank_mismatch";
    case problem::tensor_map_strides_count: return "tensor_map_strides_count";
    case problem::tensor_map_box_invalid: return "tensor_map_box_invalid";
    case problem::tensor_map_fill_not_floating: return "tensor_map_fill_not_floating";
    case problem::collective_dtype_unsupported: return "collective_dtype_unsupported";
    case problem::collective_element_types_differ: return "collective_element_types_differ";
    case problem::collective_root_negative: return "collective_root_negative";
    case problem::collective_peer_not_an_integer: return "collective_peer_not_an_integer";
    case problem::collective_group_shares_a_buffer: return "collective_group_shares_a_buffer";
    case problem::region_holds_other_than_stages: return "region_holds_other_than_stages";
    case problem::condition_flag_invalid: return "condition_flag_invalid";
    case problem::loop_without_bound: return "loop_without_bound";
    case problem::operand_written: return "operand_written";
    case problem::operand_read_after_in_place_write: return "operand_read_after_in_place_write";
    case problem::intermediate_read_before_write: return "intermediate_read_before_write";
    case problem::in_place_result_read_before_write: return "in_place_result_read_before_write";
    case problem::result_read_before_write: return "result_read_before_write";
    case problem::operand_never_read: return "operand_never_read";
    case problem::intermediate_never_read: return "intermediate_never_read";
    case problem::workspace_shared: return "workspace_shared";
    case problem::workspace_unused: return "workspace_unused";
    case problem::result_never_written: return "result_never_written";
    case problem::condition_flag_never_written: return "condition_flag_never_written";
    case problem::no_entry_for_format: return "no_entry_for_format";
    }
    return "unknown";
}

/// What a problem is in, which says which of a `diagnosis`'s indices name it; each site is the
/// context of the compile error (`diagnostic::in_scalar`, `in_buffer`, `in_stage`, `in_entry`,
/// `at_grid_dimension`, `at_parameter`, `in_region`).
enum class problem_site {
    none,            ///< no problem
    definition,      ///< the definition as a whole
    scalar,          ///< the declaration of runtime scalar `scalar`
    buffer,          ///< declared buffer `buffer` of list `list`
    stage,           ///< stage `stage` as a whole
    entry,           ///< registry entry `entry_index`, one of stage `stage`'s kernel entries
    grid_dimension,  ///< grid dimension `argument` (0 is x, 1 is y, 2 is z) of that entry
    parameter,       ///< parameter `argument` of that entry, and the argument stage `stage` binds to it
    region,          ///< the `repeat_while` or `when` region `argument`, in launch order
};

/// The first problem found, and where: `site`, and the indices it names (the others keep their
/// defaults). Made by the functions below, one per site, so that the code that finds a problem says
/// where it is, and nothing else has to know.
struct diagnosis {
    /// The `stage` of a problem outside any stage (`{}` there would read as stage 0).
    static constexpr std::size_t no_stage = static_cast<std::size_t>(-1);

    accy::problem problem = problem::none;
    problem_site site = problem_site::none;
    std::size_t stage = no_stage;
    std::size_t argument = 0;  ///< a parameter, a grid dimension, or a region
    std::size_t entry_index = 0;
    buffer_kind list = buffer_kind::operand;
    std::size_t buffer = 0;
    std::size_t scalar = 0;

    static constexpr diagnosis at_definition(accy::problem found) noexcept { return {found, problem_site::definition}; }
    static constexpr diagnosis at_scalar(accy::problem found, std::size_t scalar) noexcept {
        return {found, problem_site::scalar, no_stage, 0, 0, buffer_kind::operand, 0, scalar};
    }
    static constexpr diagnosis at_buffer(accy::problem found, buffer_kind list, std::size_t index) noexcept {
        return {found, problem_site::buffer, no_stage, 0, 0, list, index};
    }
    static constexpr diagnosis at_stage(accy::problem found, std::size_t stage) noexcept {
        return {found, problem_site::stage, stage};
    }
    static constexpr diagnosis at_entry(accy::problem found, std::size_t stage, std::size_t entry) noexcept {
        return {found, problem_site::entry, stage, 0, entry};
    }
    static constexpr diagnosis at_grid_dimension(accy::problem found, std::size_t stage, std::size_t entry,
                                                 std::size_t dimension) noexcept {
        return {found, problem_site::grid_dimension, stage, dimension, entry};
    }
    static constexpr diagnosis at_parameter(accy::problem found, std::size_t stage, std::size_t entry,
                                            std::size_t parameter) noexcept {
        return {found, problem_site::parameter, stage, parameter, entry};
    }

    static constexpr diagnosis at_region(accy::problem found, std::size_t region) noexcept {
        return {found, problem_site::region, no_stage, region};
    }

    constexpr bool in_stage() const noexcept { return stage != no_stage; }
    friend constexpr bool operator==(const diagnosis&, const diagnosis&) = default;
};

/// A diagnosis as text, for tests and logs: `"argument_type_mismatch at stage 0, registry entry 0,
/// parameter 1"`, `"extent_zero at intermediate 1"`, `"none"`.
inline std::string to_string(const diagnosis& found) {
    if (found.site == problem_site::none) return std::string(to_string(found.problem));
    std::string text = detail::message({to_string(found.problem), " at "});
    const auto entry = [&] { detail::append(text, {"stage ", found.stage, ", registry entry ", found.entry_index}); };
    switch (found.site) {
    case problem_site::none: break;
    case problem_site::definition: text.append("the definition"); break;
    case problem_site::scalar: detail::append(text, {"runtime scalar ", found.scalar}); break;
    case problem_site::buffer: detail::append(text, {to_string(found.list), ' ', found.buffer}); break;
    case problem_site::stage: detail::append(text, {"stage ", found.stage}); break;
    case problem_site::entry: entry(); break;
    case problem_site::grid_dimension:
        entry();
        detail::append(text, {", grid dimension ", found.argument});
        break;
    case problem_site::parameter:
        entry();
        detail::append(text, {", parameter ", found.argument});
        break;
    case problem_site::region: detail::append(text, {"region ", found.argument}); break;
    }
    return text;
}

}  // namespace accy
