// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/stage_launches.hpp declares: a stage's arguments and grid derived
// into its storage, and its buffers bound.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/runtime/detail/derive_tensor_map.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/stage_launches.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace accy::detail {

/// Writes `value` into `at` as a number of `type`, an integer dtype, `f32` or `f64` (a narrower
/// floating-point one is `store_narrow_float`'s); the pipeline's checks made sure it is one (a
/// floating-point value of a wider type was rounded by `convert`), so that nothing rounds here.
template <class Value>
void store_number(std::byte* at, dtype type, Value value) noexcept {
    const auto write = [at](auto typed) { std::memcpy(at, &typed, sizeof(typed)); };
    switch (type) {
    case dtype::i8: write(static_cast<std::int8_t>(value)); break;
    case dtype::u8: write(static_cast<std::uint8_t>(value)); break;
    case dtype::i16: write(static_cast<std::int16_t>(value)); break;
    case dtype::u16: write(static_cast<std::uint16_t>(value)); break;
    case dtype::i32: write(static_cast<std::int32_t>(value)); break;
    case dtype::u32: write(static_cast<std::uint32_t>(value)); break;
    case dtype::i64: write(static_cast<std::int64_t>(value)); break;
    case dtype::u64: write(static_cast<std::uint64_t>(value)); break;
    case dtype::f32: write(static_cast<float>(value)); break;
    case dtype::f64: write(static_cast<double>(value)); break;
    default: break;
    }
}

/// Reads back the integer of `type` that `store_number` wrote at `at`.
ACCY_DECL wide_int load_integer(const std::byte* at, dtype type) noexcept {
    const auto read = [at](auto typed) {
        std::memcpy(&typed, at, sizeof(typed));
        return static_cast<wide_int>(typed);
    };
    switch (type) {
    case dtype::i8: return read(std::int8_t{});
    case dtype::u8: return read(std::uint8_t{});
    case dtype::i16: return read(std::int16_t{});
    case dtype::u16: return read(std::uint16_t{});
    case dtype::i32: return read(std::int32_t{});
    case dtype::u32: return read(std::uint32_t{});
    case dtype::i64: return read(std::int64_t{});
    default: return read(std::uint64_t{});
    }
}

/// The grid of stage `stage`'s `entry` from its integer arguments in `storage`: each dimension
/// from 1 to its limit and a multiple of the entry's cluster, or `launch_argument_mismatch`
/// naming the stage and the dimension.
ACCY_DECL dim3 derive_grid(std::size_t stage, const kernel_entry& entry, const argument_plan* arguments,
                        const std::byte* storage, const error_context& context) {
    const auto at_stage = [&] { return merged({.stage = stage, .stage_target = entry.target}, context); };
    std::array<std::uint32_t, 3> counts{};
    for (std::size_t d = 0; d < 3; ++d) {
        const grid_dim& dim = entry.geometry.grid[d];
        wide_int count = static_cast<wide_int>(dim.value);
        if (dim.rule == grid_dim::kind::ceil_div) {
            const argument_plan& argument = arguments[dim.parameter_index];
            const wide_int value = load_integer(storage + argument.offset, argument.type);
            // In 64 bits: a positive value of an integer dtype fits, and rounding up cannot overflow.
            count = value > 0 ? static_cast<wide_int>(blocks_covering(static_cast<std::uint64_t>(value), dim.value)) : 0;
        }
        if (count < 1 || count > static_cast<wide_int>(limits::grid(d))) [[unlikely]]
            fail(errc::launch_argument_mismatch, at_stage(),
                 {"grid dimension ", "xyz"[d], " derives ", count, " blocks, outside 1 to ", limits::grid(d)});
        counts[d] = static_cast<std::uint32_t>(count);
        const dim3& cluster = entry.attributes.cluster;
        const std::uint32_t per_cluster = d == 0 ? cluster.x : d == 1 ? cluster.y : cluster.z;
        if (per_cluster != 1 && counts[d] % per_cluster != 0) [[unlikely]]
            fail(errc::launch_argument_mismatch, at_stage(),
                 {"grid dimension ", "xyz"[d], " derives ", counts[d], " blocks, not a multiple of the entry's cluster of ",
                  per_cluster});
    }
    return {counts[0], counts[1], counts[2]};
}

ACCY_DECL void derive_stage(const pipeline_table& pipeline, std::size_t stage, const derived_value* scalars,
                            const kernel_entry& chosen, std::byte* storage, launch_config& config,
                            const error_context& context) {
    const stage_plan& plan = pipeline.stage_plans[stage];
    const argument_plan* own = pipeline.arguments + plan.first_argument;
    std::size_t p = 0;
    try {
        for (; p < plan.argument_count; ++p) {
            const argument_plan& argument = own[p];
            if (argument.is_buffer) continue;
            if (argument.what == parameter::kind::tensor_map) {
                pipeline.derive_tensor_map(argument, pipeline.steps, scalars, pipeline.buffers[argument.buffer_row],
                                           storage + argument.offset);
                continue;
            }
            derivation_steps next = pipeline.steps.from(argument.first_step);
            const bool integer = next.next->type.integer();
            const derived_value value = evaluate(next, scalars);
            std::byte* at = storage + argument.offset;
            if (argument.what == parameter::kind::bytes) std::memcpy(at, value.bytes, argument.size);
            else if (integer) store_number(at, argument.type, value.integer);
            else if (is_narrow_floating(argument.type)) pipeline.store_narrow_float(at, argument.type, value.floating);
            else store_number(at, argument.type, value.floating);
        }
    } catch (const error& failure) {
        throw failure.in_context(merged({.stage = stage,
                                         .stage_target = chosen.target,
                                         .parameter = p,
                                         .parameter_name = chosen.parameters[p].name},
                                        context));
    }
    config.grid = derive_grid(stage, chosen, own, storage, context);
    config.block = chosen.geometry.block;
    config.shared_bytes = static_cast<std::uint32_t>(chosen.geometry.shared.total(config.block));
}

ACCY_DECL void launches_view::derive(format fmt, const derived_value* scalars, const error_context& context) const {
    for (std::size_t s = 0; s < pipeline_.stage_count; ++s) {
        if (pipeline_.stage_plans[s].collective != collective_kind::none) {
            entries_[s] = nullptr;
            pipeline_.derive_peer(s, pipeline_, scalars, storage_, context);
            continue;
        }
        entries_[s] = &pipeline_.entry(s, fmt);
        derive_stage(pipeline_, s, scalars, *entries_[s], storage_, configs_[s], context);
    }
}

ACCY_DECL void bind_stage(const kernel_entry* entry, const argument_plan* arguments, std::size_t count, std::byte* storage,
                          const bound_buffers& buffers, kernel_argument* bound) {
    for (std::size_t p = 0; p < count; ++p) {
        const argument_plan& argument = arguments[p];
        kernel_argument& out = bound[p];
        if (argument.is_buffer) {
            out.buffer = buffers[argument.ref];
            out.value = &out.buffer.address;
            out.size = sizeof(out.buffer.address);
            continue;
        }
        out.value = storage + argument.offset;
        out.size = argument.size;
        if (argument.what != parameter::kind::tensor_map) continue;
        out.buffer = buffers[argument.ref];
        out.tensor_map = true;
        try {
            point_tensor_map(storage + argument.offset, out.buffer, argument.ref);
        } catch (const error& failure) {
            throw failure.in_context({.parameter = p, .parameter_name = entry->parameters[p].name});  // a kernel's: only kernels take tensor maps
        }
    }
}

/// The elements of the declared buffer in row `row` of `pipeline`'s buffer table, at these scalars.
inline std::uint64_t elements_of(const pipeline_table& pipeline, std::size_t row, const derived_value* scalars) {
    derivation_steps extent = pipeline.steps.from(pipeline.buffers[row].extent_step);
    return static_cast<std::uint64_t>(evaluate(extent, scalars).integer);
}

ACCY_DECL collective_call launches_view::collective(std::size_t stage, const derived_value* scalars) const {
    const pipeline_table& pipeline = pipeline_;
    const stage_plan& plan = this->plan(stage);
    const argument_plan* planned = pipeline.arguments + plan.first_argument;
    const std::span<const kernel_argument> bound = arguments(stage);
    collective_call made{plan.collective, pipeline.buffers[planned[0].buffer_row].type};
    made.op = plan.op;
    made.rank = plan.root;
    const std::uint64_t first = elements_of(pipeline, planned[0].buffer_row, scalars);
    switch (plan.collective) {
    case collective_kind::send:
    case collective_kind::receive:
        (plan.collective == collective_kind::send ? made.from : made.to) = bound[0].buffer;
        made.count = first;
        made.rank = peer(stage);
        return made;
    default: break;
    }
    made.from = bound[0].buffer;
    made.to = bound[1].buffer;
    // NCCL's counts: per rank for an all-gather (its source's) and a reduce-scatter (its result's).
    made.count = plan.collective == collective_kind::reduce_scatter ? elements_of(pipeline, planned[1].buffer_row, scalars)
                                                                     : first;
    return made;
}

ACCY_DECL void launches_view::check_collectives(const derived_value* scalars, int ranks, const error_context& context) const {
    const pipeline_table& pipeline = pipeline_;
    for (std::size_t stage = 0; stage < pipeline.stage_count; ++stage) {
        const stage_plan& plan = this->plan(stage);
        if (plan.collective == collective_kind::none) continue;
        const error_context at = merged({.stage = stage, .stage_target = collective_target(plan.collective)}, context);
        const argument_plan* planned = pipeline.arguments + plan.first_argument;
        const std::uint64_t first = elements_of(pipeline, planned[0].buffer_row, scalars);
        if (plan.collective == collective_kind::send || plan.collective == collective_kind::receive) {
            const std::int32_t rank = peer(stage);
            if (rank >= ranks) fail(errc::launch_argument_mismatch, at, {"the peer is rank ", rank, ", outside the ", ranks, " ranks"});
            continue;
        }
        if (plan.collective == collective_kind::broadcast && plan.root >= ranks)
            fail(errc::launch_argument_mismatch, at, {"the root is rank ", plan.root, ", outside the ", ranks, " ranks"});
        const std::uint64_t second = elements_of(pipeline, planned[1].buffer_row, scalars);
        const wide_uint ranked = wide_uint{static_cast<unsigned>(ranks)};
        if (plan.collective == collective_kind::all_gather && second != ranked * first)
            fail(errc::launch_argument_mismatch, at,
                 {"its result holds ", second, " elements, and ", ranks, " ranks of ", first, " elements make ", ranked * first});
        if (plan.collective == collective_kind::reduce_scatter && first != ranked * second)
            fail(errc::launch_argument_mismatch, at,
                 {"its source holds ", first, " elements, and ", ranks, " ranks of ", second, " elements take ", ranked * second});
        if ((plan.collective == collective_kind::all_reduce || plan.collective == collective_kind::broadcast) && first != second)
            fail(errc::launch_argument_mismatch, at, {"its source holds ", first, " elements and its result ", second});
    }
}

ACCY_DECL std::size_t launches_view::collective_group_end(std::size_t stage) const noexcept {
    const auto point_to_point = [this](std::size_t s) {
        return plan(s).collective == collective_kind::send || plan(s).collective == collective_kind::receive;
    };
    const auto region_edge = [this](std::size_t s) {  // whether a region begins at s or ends before it
        for (std::size_t r = 0; r < pipeline_.region_count; ++r)
            if (pipeline_.regions[r].first == s || pipeline_.regions[r].end == s) return true;
        return false;
    };
    std::size_t end = stage + 1;
    if (point_to_point(stage))
        while (end < pipeline_.stage_count && point_to_point(end) && !region_edge(end)) ++end;
    return end;
}

}  // namespace accy::detail
