// SPDX-License-Identifier: Apache-2.0
// Defines the checks `accy::diagnose` makes of one kernel entry, one binding or one declared buffer
// list: an `accy::problem`, or, where the check knows where it is, the `accy::diagnosis`.
#pragma once

#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/problem.hpp>
#include <accy/pipeline/shape.hpp>
#include <accy/pipeline/tensor_map.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace accy::detail {

constexpr problem problem_of(derivation_fault fault) noexcept {
    switch (fault) {
    case derivation_fault::none: return problem::none;
    case derivation_fault::scalar_index_out_of_range: return problem::scalar_index_out_of_range;
    case derivation_fault::divisor_zero: return problem::divisor_zero;
    case derivation_fault::not_an_integer: return problem::arithmetic_on_non_integer;
    case derivation_fault::no_common_type: return problem::no_common_type;
    case derivation_fault::not_a_number: return problem::conversion_of_bytes;
    }
    return problem::none;
}

constexpr problem index_out_of_range(buffer_kind kind) noexcept {
    switch (kind) {
    case buffer_kind::operand: return problem::operand_index_out_of_range;
    case buffer_kind::result: return problem::result_index_out_of_range;
    case buffer_kind::intermediate: return problem::intermediate_index_out_of_range;
    case buffer_kind::workspace: return problem::workspace_index_out_of_range;
    }
    return problem::none;
}

/// The access of a parameter that two formats' entries declare as `lhs` and `rhs`.
constexpr access either(access lhs, access rhs) noexcept {
    const bool read = reads(lhs) || reads(rhs), write = writes(lhs) || writes(rhs);
    return read && write ? access::read_write : write ? access::write : access::read;
}

/// Whether a derivation of `value` may bind `declared`: numbers into scalars that hold all their
/// values, structs into bytes of their size.
constexpr bool binds(const parameter& declared, const value_type& value) noexcept {
    if (declared.what == parameter::kind::bytes) return value.bytes && value.size == declared.size;
    return !value.bytes && holds_every_value(declared.type, value.type);
}

/// The problem of a tensor map argument `map` bound to `declared`, or none.
constexpr problem tensor_map_problem(const tensor_map_info& map, const parameter& declared) noexcept {
    if (map.malformed) return problem::tensor_map_malformed;
    if (map.fault != derivation_fault::none) return problem_of(map.fault);
    if (!map.integers) return problem::tensor_map_not_an_integer;
    if (map.rank != declared.rank) return problem::tensor_map_rank_mismatch;
    if (map.stride_count != 0 && map.stride_count + 1 != map.rank) return problem::tensor_map_strides_count;
    const std::size_t row_bytes = std::size_t{map.box[0]} * size_of(*declared.element);
    const std::size_t span = swizzle_bytes(map.options.swizzle);
    bool box_valid = map.box_rank == map.rank && row_bytes % 16 == 0 && (span == 0 || row_bytes <= span);
    for (std::size_t d = 0; d < map.rank; ++d) box_valid = box_valid && map.box[d] >= 1 && map.box[d] <= limits::tensor_map_box;
    if (!box_valid) return problem::tensor_map_box_invalid;
    if (map.options.fill == tensor_map_fill::nan && !is_floating(*declared.element)) return problem::tensor_map_fill_not_floating;
    return problem::none;
}

/// The first problem of kernel entry `index` of the registry, one of stage `stage`'s: of its parameter
/// space, a tensor map parameter's declaration, or its launch geometry; or none.
constexpr diagnosis entry_problem(const kernel_entry& entry, std::size_t stage, std::size_t index) noexcept {
    const auto at_entry = [&](problem found) { return diagnosis::at_entry(found, stage, index); };
    const auto at_dimension = [&](problem found, std::size_t d) { return diagnosis::at_grid_dimension(found, stage, index, d); };
    // A host entry runs a C++ function, and only a host entry does: PTX text in a host entry would reach
    // the host backend as a function that is not there.
    if ((entry.format == format::host) != (entry.payload.host != nullptr)) return at_entry(problem::payload_not_of_format);
    if (entry.parameters.over_limit()) return at_entry(problem::parameter_count_over_limit);
    if (entry.parameters.byte_size() > limits::parameter_bytes) return at_entry(problem::parameter_bytes_over_limit);
    for (std::size_t p = 0; p < entry.parameters.size(); ++p) {
        const parameter& declared = entry.parameters[p];
        if (declared.what == parameter::kind::tensor_map &&
            (declared.rank < 1 || declared.rank > limits::tensor_map_rank || (declared.alignment != 64 && declared.alignment != 128)))
            return diagnosis::at_parameter(problem::tensor_map_parameter_invalid, stage, index, p);
    }
    const dim3 block = entry.geometry.block;
    if (block.x == 0 || block.y == 0 || block.z == 0) return at_entry(problem::block_dimension_zero);
    if (block.x > limits::block_x || block.y > limits::block_y || block.z > limits::block_z ||
        std::uint64_t{block.x} * block.y * block.z > limits::block_threads)
        return at_entry(problem::block_too_large);
    for (std::size_t d = 0; d < 3; ++d) {
        const grid_dim& dim = entry.geometry.grid[d];
        if (dim.rule == grid_dim::kind::fixed) {
            if (dim.value == 0) return at_dimension(problem::grid_dimension_zero, d);
            if (dim.value > limits::grid(d)) return at_dimension(problem::grid_dimension_too_large, d);
            continue;
        }
        if (dim.parameter_index >= entry.parameters.size() ||
            entry.parameters[dim.parameter_index].what != parameter::kind::scalar ||
            !is_integer(entry.parameters[dim.parameter_index].type))
            return at_dimension(problem::geometry_parameter_not_integer, d);
        if (dim.value == 0) return at_dimension(problem::geometry_divisor_zero, d);
    }
    if (entry.geometry.shared.total(block) > limits::shared_memory_bytes) return at_entry(problem::shared_memory_too_large);
    const dim3 cluster = entry.attributes.cluster;
    if (cluster.x == 0 || cluster.y == 0 || cluster.z == 0 ||
        std::uint64_t{cluster.x} * cluster.y * cluster.z > limits::portable_cluster_blocks)
        return at_entry(problem::cluster_invalid);
    for (std::size_t d = 0; d < 3; ++d) {
        const grid_dim& dim = entry.geometry.grid[d];
        if (dim.rule == grid_dim::kind::fixed && dim.value % (d == 0 ? cluster.x : d == 1 ? cluster.y : cluster.z) != 0)
            return at_dimension(problem::grid_not_multiple_of_cluster, d);
    }
    return {};
}

/// The first problem of one declared buffer list, or none: of an extent, or a shape the list does not
/// take (zero_filled and kept_zero are workspaces only, in_place results only).
template <std::size_t Size>
constexpr diagnosis list_problem(const std::array<shape_info, Size>& shapes, buffer_kind list) noexcept {
    for (std::size_t k = 0; k < Size; ++k) {
        const derived& extent = shapes[k].extent;
        if (extent.fault != derivation_fault::none) return diagnosis::at_buffer(problem_of(extent.fault), list, k);
        if (!extent.type.integer()) return diagnosis::at_buffer(problem::extent_not_an_integer, list, k);
        if (shapes[k].never_positive) return diagnosis::at_buffer(problem::extent_zero, list, k);
        if ((shapes[k].zero_fill || shapes[k].keep_zero) && list != buffer_kind::workspace)
            return diagnosis::at_buffer(problem::zeroing_outside_workspaces, list, k);
        if (shapes[k].in_place_of != static_cast<std::size_t>(-1) && list != buffer_kind::result)
            return diagnosis::at_buffer(problem::in_place_outside_results, list, k);
    }
    return {};
}

}  // namespace accy::detail
