// SPDX-License-Identifier: Apache-2.0
// Defines `accy::problem`, every wiring mistake `accy::diagnose` finds, and `accy::diagnosis`, the first one and where it is.
#pragma once

#include <accy/pipeline/buffer_ref.hpp>

#include <cstddef>

namespace accy {

enum class problem {
    none,
    // in a runtime scalar's declaration
    scalar_type_not_supported,
    scalar_bounds_invalid,
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
    duplicate_entry,
    entries_disagree,
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
    element_type_mismatch,
    operand_index_out_of_range,
    result_index_out_of_range,
    intermediate_index_out_of_range,
    workspace_index_out_of_range,
    buffer_bound_twice,
    tensor_map_malformed,
    tensor_map_not_an_integer,
    tensor_map_rank_mismatch,
    tensor_map_strides_count,
    tensor_map_box_invalid,
    tensor_map_fill_not_floating,
    // in the dataflow
    operand_written,
    operand_read_after_in_place_write,
    intermediate_read_before_write,
    in_place_result_read_before_write,
    intermediate_never_read,
    workspace_shared,
    workspace_unused,
    result_never_written,
    no_entry_for_format,  ///< found where a format is given at compile time, not by `diagnose`
};

/// The first problem found. In a stage (`stage` below the stage count): `argument` is a parameter
/// or grid dimension index and `entry_index` the index of the registry entry involved. Otherwise
/// in declared buffer `buffer` of list `list`.
struct diagnosis {
    /// The `stage` of a problem in a declared buffer (`{}` there would read as stage 0).
    static constexpr std::size_t no_stage = static_cast<std::size_t>(-1);

    accy::problem problem = problem::none;
    std::size_t stage = no_stage;
    std::size_t argument = 0;
    std::size_t entry_index = 0;
    buffer_kind list = buffer_kind::operand;
    std::size_t buffer = 0;

    std::size_t scalar = 0;  ///< the runtime scalar of a scalar problem

    constexpr bool in_stage() const noexcept { return stage != no_stage; }
};

}  // namespace accy
