// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::stage_launches<P>`, the launches of one call: each stage's entry,
// configuration and arguments, derived and bound by one loop from the pipeline's `launch_plan`.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/runtime/detail/derive_tensor_map.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace accy::detail {

/// Writes `value` into `at` as a number of `type`; the pipeline's checks made sure it is one (a
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
    case dtype::f16: write(half(static_cast<double>(value))); break;
    case dtype::bf16: write(bfloat16(static_cast<double>(value))); break;
    case dtype::f8_e4m3: write(float8_e4m3(static_cast<double>(value))); break;
    case dtype::f8_e5m2: write(float8_e5m2(static_cast<double>(value))); break;
    }
}

/// Reads back the integer of `type` that `store_number` wrote at `at`.
inline wide_int load_integer(const std::byte* at, dtype type) noexcept {
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
inline dim3 derive_grid(std::size_t stage, const kernel_entry& entry, const argument_plan* arguments,
                        const std::byte* storage, const error_context& context) {
    const auto fail = [&](const auto&... why) {
        throw error(errc::launch_argument_mismatch, merged({.stage = stage, .stage_target = entry.target}, context),
                    message(why...));
    };
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
            fail("grid dimension ", "xyz"[d], " derives ", count, " blocks, outside 1 to ", limits::grid(d));
        counts[d] = static_cast<std::uint32_t>(count);
        const dim3& cluster = entry.attributes.cluster;
        const std::uint32_t per_cluster = d == 0 ? cluster.x : d == 1 ? cluster.y : cluster.z;
        if (per_cluster != 1 && counts[d] % per_cluster != 0) [[unlikely]]
            fail("grid dimension ", "xyz"[d], " derives ", counts[d], " blocks, not a multiple of the entry's cluster of ",
                 per_cluster);
    }
    return {counts[0], counts[1], counts[2]};
}

/// Derives stage `stage`'s scalar, bytes and tensor map arguments into `storage` and its launch
/// configuration into `config` (in place: a returned copy, read back wider than it was written,
/// stalls); `buffers` is the plan's table of declared buffers, which tensor maps are checked against.
/// `launch_argument_mismatch` names the stage, the parameter and the value that does not fit.
inline void derive_stage(std::size_t stage, const stage_plan& plan, const argument_plan* arguments,
                         const derivation_step* steps, const buffer_plan* buffers, const derived_value* scalars,
                         const kernel_entry& chosen, std::byte* storage, launch_config& config, const error_context& context) {
    const argument_plan* own = arguments + plan.first_argument;
    std::size_t p = 0;
    try {
        for (; p < plan.argument_count; ++p) {
            const argument_plan& argument = own[p];
            if (argument.is_buffer) continue;
            if (argument.what == parameter::kind::tensor_map) {
                derive_tensor_map(argument, steps, scalars, buffers[argument.buffer_row], storage + argument.offset);
                continue;
            }
            const derivation_step* next = steps + argument.first_step;
            const bool integer = next->type.integer();
            const derived_value value = evaluate(next, scalars);
            std::byte* at = storage + argument.offset;
            if (argument.what == parameter::kind::bytes) std::memcpy(at, value.bytes, argument.size);
            else if (integer) store_number(at, argument.type, value.integer);
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

/// The call's buffers a stage binds: the operands, the results, then the scratch buffers (the
/// intermediates, then the workspaces).
struct bound_buffers {
    std::span<const buffer> operands;
    std::span<const buffer> results;
    std::span<const buffer> scratch;
    std::size_t intermediate_count = 0;

    const buffer& operator[](const buffer_ref& ref) const noexcept {
        switch (ref.kind) {
        case buffer_kind::operand: return operands[ref.index];
        case buffer_kind::result: return results[ref.index];
        case buffer_kind::intermediate: return scratch[ref.index];
        case buffer_kind::workspace: break;
        }
        return scratch[intermediate_count + ref.index];
    }
};

/// Points each of a stage's `count` arguments at its value: a bound buffer's address, or its bytes
/// in `storage`, where a tensor map's description gets its buffer's address. `launch_argument_mismatch`
/// where a tensor map's buffer is not aligned, naming the parameter of `entry` (the caller names the stage).
inline void bind_stage(const kernel_entry& entry, const argument_plan* arguments, std::size_t count, std::byte* storage,
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
            throw failure.in_context({.parameter = p, .parameter_name = entry.parameters[p].name});
        }
    }
}

/// The launches of one call of `Pipeline`: each stage's entry, configuration and arguments, whose
/// bytes live in one storage at the kernels' parameter offsets. No heap allocation.
template <class Pipeline>
class stage_launches {
    static constexpr const auto& plan = launch_plan<Pipeline>;

public:
    static constexpr std::size_t stage_count = Pipeline::stage_count;

    /// Derives every stage's scalar and bytes arguments and configuration for `fmt`; buffers are bound by `bind`.
    void derive(format fmt, const derived_value* scalars, const error_context& context) {
        for (std::size_t s = 0; s < stage_count; ++s) {
            entries_[s] = Pipeline::entry(s, fmt);
            derive_stage(s, plan.stage_plans[s], plan.arguments.data(), plan.steps.data(), plan.buffers.data(), scalars,
                         *entries_[s], storage_.data(), configs_[s], context);
        }
    }

    /// Binds stage `stage`'s buffer and tensor map arguments and points each of its arguments at its
    /// value; throws where a tensor map's buffer is misaligned.
    void bind(std::size_t stage, const bound_buffers& buffers) {
        const stage_plan& own = plan.stage_plans[stage];
        bind_stage(*entries_[stage], plan.arguments.data() + own.first_argument, own.argument_count, storage_.data(),
                   buffers, arguments_.data() + own.first_argument);
    }

    const kernel_entry& entry(std::size_t stage) const noexcept { return *entries_[stage]; }
    const launch_config& config(std::size_t stage) const noexcept { return configs_[stage]; }
    std::span<const kernel_argument> arguments(std::size_t stage) const noexcept {
        return {arguments_.data() + plan.stage_plans[stage].first_argument, plan.stage_plans[stage].argument_count};
    }

    /// Calls `zero` with each zero_filled workspace that stage `stage` binds, after `bind`, to clear it before the stage runs.
    template <class Zero>
    void for_each_zero_filled(std::size_t stage, Zero&& zero) const {
        const stage_plan& own = plan.stage_plans[stage];
        for (std::size_t p = 0; p < own.argument_count; ++p)
            if (plan.arguments[own.first_argument + p].zero_fill) zero(arguments_[own.first_argument + p].buffer);
    }

private:
    std::array<const kernel_entry*, stage_count> entries_{};
    std::array<launch_config, stage_count> configs_{};
    alignas(plan.storage_alignment) std::array<std::byte, plan.storage_bytes == 0 ? 1 : plan.storage_bytes> storage_{};
    std::array<kernel_argument, plan.arguments.size()> arguments_{};
};

}  // namespace accy::detail
