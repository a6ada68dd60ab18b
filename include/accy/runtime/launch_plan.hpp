// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::launch_plan<P>`, a pipeline's launches as constexpr tables (each declared
// buffer's extent, each stage's arguments, the steps of every derivation), and
// `accy::detail::stage_launches<P>`, the launches of one call, which one loop derives and binds
// from the tables. A stage adds rows to the tables, not code: a launch compiles to the same
// routine for 3 stages or 300.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/shape.hpp>
#include <accy/pipeline/stage.hpp>
#include <accy/runtime/check_context.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace accy::detail {

/// A declared buffer: its list, index, element type, and the first step of its extent.
struct buffer_plan {
    buffer_kind list = buffer_kind::operand;
    std::size_t index = 0;
    dtype type = dtype::u8;
    std::size_t extent_step = 0;
};

/// One kernel argument: a buffer bound from the call's buffers, or a value derived by the steps
/// from `first_step` and stored at `offset` in the call's storage, as the parameter declares it.
struct argument_plan {
    bool is_buffer = false;
    buffer_ref ref{};
    bool zero_fill = false;  ///< a zero_filled workspace, zeroed before its stage
    std::size_t first_step = 0;
    parameter::kind what = parameter::kind::scalar;
    dtype type = dtype::u32;
    std::size_t offset = 0;
    std::size_t size = 0;
};

/// One stage: its arguments in the plan's table, and where its parameters' bytes start in the storage.
struct stage_plan {
    std::size_t first_argument = 0;
    std::size_t argument_count = 0;
    std::size_t storage_offset = 0;
};

template <class Argument>
inline constexpr std::size_t steps_of = 0;
template <derivation D>
inline constexpr std::size_t steps_of<D> = D::steps;

/// Sums a list of counts; a braced list, not a fold, so that hundreds nest no deeper than one
/// (clang limits nesting to 256).
constexpr std::size_t total(std::initializer_list<std::size_t> counts) noexcept {
    std::size_t sum = 0;
    for (const std::size_t count : counts) sum += count;
    return sum;
}

template <class... Shapes>
constexpr std::size_t extent_steps(const shape_list<Shapes...>*) noexcept {
    return total({0, Shapes::extent::steps...});
}
template <fixed_string Target, std::uint32_t Version, class... Arguments>
constexpr std::size_t argument_steps(const stage<Target, Version, Arguments...>*) noexcept {
    return total({0, steps_of<Arguments>...});
}
template <class... Stages>
constexpr std::size_t argument_steps(const stages<Stages...>*) noexcept {
    return total({0, argument_steps(static_cast<const Stages*>(nullptr))...});
}

/// Compiles `D` (nothing for a buffer reference) at `steps + used`, advancing `used`; returns where it starts.
template <class Scalars, class D>
constexpr std::size_t compile_at(derivation_step* steps, std::size_t& used) noexcept {
    const std::size_t first = used;
    if constexpr (derivation<D>) {
        D::template compile<Scalars>(steps + used);
        used += D::steps;
    }
    return first;
}

/// The tables of a pipeline: `Stages` stages, `Arguments` arguments, `Buffers` declared buffers, `Steps` steps.
template <std::size_t Stages, std::size_t Arguments, std::size_t Buffers, std::size_t Steps>
struct plan_tables {
    std::array<stage_plan, Stages> stages{};
    std::array<argument_plan, Arguments> arguments{};
    std::array<buffer_plan, Buffers> buffers{};  ///< operands, results, intermediates, workspaces
    std::array<derivation_step, Steps> steps{};
    std::size_t storage_bytes = 0;
    std::size_t storage_alignment = 8;
};

template <class Scalars, class Tables, class... Shapes>
constexpr void add_buffers(Tables& plan, const shape_list<Shapes...>*, buffer_kind list, std::size_t& next,
                           std::size_t& used) noexcept {
    // Each list leads with a placeholder, so that an empty list makes no empty braced list.
    const std::array<std::size_t, sizeof...(Shapes) + 1> firsts{0, compile_at<Scalars, typename Shapes::extent>(plan.steps.data(), used)...};
    const std::array<dtype, sizeof...(Shapes) + 1> types{dtype::u8, Shapes::type...};
    for (std::size_t index = 0; index < sizeof...(Shapes); ++index)
        plan.buffers[next++] = {list, index, types[index + 1], firsts[index + 1]};
}

template <class Pipeline, class Tables, fixed_string Target, std::uint32_t Version, class... Arguments>
constexpr void add_stage(Tables& plan, const stage<Target, Version, Arguments...>*, std::size_t stage,
                         std::size_t& next_argument, std::size_t& used) noexcept {
    using scalars = typename Pipeline::scalars;
    const std::array<std::size_t, sizeof...(Arguments) + 1> firsts{0, compile_at<scalars, Arguments>(plan.steps.data(), used)...};
    const parameter_list& parameters = Pipeline::parameters(stage);
    const stage_info& info = Pipeline::stages[stage];
    const std::size_t alignment = parameters.alignment();
    const std::size_t start = (plan.storage_bytes + alignment - 1) / alignment * alignment;
    plan.stages[stage] = {next_argument, info.argument_count, start};
    plan.storage_bytes = start + parameters.byte_size();
    plan.storage_alignment = alignment > plan.storage_alignment ? alignment : plan.storage_alignment;
    for (std::size_t p = 0; p < info.argument_count; ++p) {
        const argument_info& argument = info.arguments[p];
        const parameter& declared = parameters[p];
        const bool zero_fill =
            argument.is_buffer && argument.ref.kind == buffer_kind::workspace &&
            Pipeline::declared::workspaces::template infos<scalars>[argument.ref.index].zero_fill;
        plan.arguments[next_argument++] = {argument.is_buffer, argument.ref,        zero_fill,
                                           firsts[p + 1],      declared.what,       declared.type,
                                           start + parameters.offset(p), declared.size};
    }
}

template <class Pipeline, class Tables, class... Stages>
constexpr void add_stages(Tables& plan, const stages<Stages...>*, std::size_t& used) noexcept {
    std::size_t stage = 0, next_argument = 0;
    const bool added[] = {true, (add_stage<Pipeline>(plan, static_cast<const Stages*>(nullptr), stage++, next_argument, used), true)...};
    static_cast<void>(added);
}

/// The tables of `Pipeline`, built once at compile time.
template <class Pipeline>
constexpr auto build_plan() noexcept {
    using declared = typename Pipeline::declared;
    using scalars = typename Pipeline::scalars;
    constexpr auto operands = static_cast<const typename declared::operands*>(nullptr);
    constexpr auto results = static_cast<const typename declared::results*>(nullptr);
    constexpr auto intermediates = static_cast<const typename declared::intermediates*>(nullptr);
    constexpr auto workspaces = static_cast<const typename declared::workspaces*>(nullptr);
    constexpr auto stage_list = static_cast<const typename Pipeline::stage_list*>(nullptr);
    constexpr std::size_t argument_count = [] {
        std::size_t count = 0;
        for (const stage_info& stage : Pipeline::stages) count += stage.argument_count;
        return count;
    }();
    constexpr std::size_t step_count = extent_steps(operands) + extent_steps(results) + extent_steps(intermediates) +
                                       extent_steps(workspaces) + argument_steps(stage_list);
    plan_tables<Pipeline::stage_count, argument_count, Pipeline::operand_count + Pipeline::result_count + Pipeline::scratch_count,
                step_count>
        plan{};
    std::size_t used = 0, next_buffer = 0;
    add_buffers<scalars>(plan, operands, buffer_kind::operand, next_buffer, used);
    add_buffers<scalars>(plan, results, buffer_kind::result, next_buffer, used);
    add_buffers<scalars>(plan, intermediates, buffer_kind::intermediate, next_buffer, used);
    add_buffers<scalars>(plan, workspaces, buffer_kind::workspace, next_buffer, used);
    add_stages<Pipeline>(plan, stage_list, used);
    return plan;
}

template <class Pipeline>
inline constexpr auto launch_plan = build_plan<Pipeline>();

/// The first of `list`'s rows in a plan's buffer table.
template <class Pipeline>
constexpr std::size_t first_buffer(buffer_kind list) noexcept {
    switch (list) {
    case buffer_kind::operand: return 0;
    case buffer_kind::result: return Pipeline::operand_count;
    case buffer_kind::intermediate: return Pipeline::operand_count + Pipeline::result_count;
    case buffer_kind::workspace: break;
    }
    return Pipeline::operand_count + Pipeline::result_count + Pipeline::intermediate_count;
}

/// Writes `value` into `at` as a number of `type`; the pipeline's checks made sure it fits.
template <class Value>
void store_number(std::byte* at, dtype type, Value value) noexcept {
    const auto write = [at](auto typed) { std::memcpy(at, &typed, sizeof(typed)); };
    switch (type) {
    case dtype::u8: write(static_cast<std::uint8_t>(value)); break;
    case dtype::i32: write(static_cast<std::int32_t>(value)); break;
    case dtype::u32: write(static_cast<std::uint32_t>(value)); break;
    case dtype::i64: write(static_cast<std::int64_t>(value)); break;
    case dtype::u64: write(static_cast<std::uint64_t>(value)); break;
    case dtype::f32: write(static_cast<float>(value)); break;
    case dtype::f64: write(static_cast<double>(value)); break;
    }
}

/// Reads back the integer of `type` that `store_number` wrote at `at`.
inline wide_int load_integer(const std::byte* at, dtype type) noexcept {
    const auto read = [at](auto typed) {
        std::memcpy(&typed, at, sizeof(typed));
        return static_cast<wide_int>(typed);
    };
    switch (type) {
    case dtype::u8: return read(std::uint8_t{});
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
                        const std::byte* storage, const check_context& context) {
    std::array<std::uint32_t, 3> counts{};
    for (std::size_t d = 0; d < 3; ++d) {
        const grid_dim& dim = entry.launch.grid[d];
        wide_int count = static_cast<wide_int>(dim.value);
        if (dim.rule == grid_dim::kind::ceil_div) {
            const argument_plan& argument = arguments[dim.parameter_index];
            const wide_int value = load_integer(storage + argument.offset, argument.type);
            // In 64 bits: a positive value of an integer dtype fits, and rounding up cannot overflow.
            count = value > 0 ? static_cast<wide_int>(blocks_covering(static_cast<std::uint64_t>(value), dim.value)) : 0;
        }
        if (count < 1 || count > static_cast<wide_int>(launch_geometry::grid_limit(d))) [[unlikely]]
            throw error(errc::launch_argument_mismatch,
                        std::string(context) + ", " + stage_name(stage, entry.target) + ": grid dimension " + "xyz"[d] +
                            " derives " + to_string(count) + " blocks, outside 1 to " +
                            std::to_string(launch_geometry::grid_limit(d)));
        counts[d] = static_cast<std::uint32_t>(count);
        const dim3& cluster = entry.attributes.cluster;
        const std::uint32_t per_cluster = d == 0 ? cluster.x : d == 1 ? cluster.y : cluster.z;
        if (per_cluster != 1 && counts[d] % per_cluster != 0) [[unlikely]]
            throw error(errc::launch_argument_mismatch,
                        std::string(context) + ", " + stage_name(stage, entry.target) + ": grid dimension " + "xyz"[d] +
                            " derives " + std::to_string(counts[d]) + " blocks, not a multiple of the entry's cluster of " +
                            std::to_string(per_cluster));
    }
    return {counts[0], counts[1], counts[2]};
}

/// Derives stage `stage`'s scalar and bytes arguments into `storage` and its launch configuration
/// into `config` (in place: a returned copy, read back wider than it was written, stalls).
/// `launch_argument_mismatch` names the stage, the parameter and the value that does not fit.
inline void derive_stage(std::size_t stage, const stage_plan& plan, const argument_plan* arguments,
                         const derivation_step* steps, const derived_value* scalars, const kernel_entry& chosen,
                         std::byte* storage, launch_config& config, const check_context& context) {
    const argument_plan* own = arguments + plan.first_argument;
    std::size_t p = 0;
    try {
        for (; p < plan.argument_count; ++p) {
            const argument_plan& argument = own[p];
            if (argument.is_buffer) continue;
            const derivation_step* next = steps + argument.first_step;
            const bool integer = next->type.integer();
            const derived_value value = evaluate(next, scalars);
            std::byte* at = storage + argument.offset;
            if (argument.what == parameter::kind::bytes) std::memcpy(at, value.bytes, argument.size);
            else if (integer) store_number(at, argument.type, value.integer);
            else store_number(at, argument.type, value.floating);
        }
    } catch (const error& failure) {
        throw failure.in_context(std::string(context) + ", " + stage_name(stage, chosen.target) + ", parameter " +
                                 std::to_string(p) + " ('" + std::string(chosen.parameters[p].name) + "')");
    }
    config.grid = derive_grid(stage, chosen, own, storage, context);
    config.block = chosen.launch.block;
    config.shared_bytes = static_cast<std::uint32_t>(chosen.launch.shared.total(config.block));
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

/// Points each of a stage's `count` arguments at its value: a bound buffer's address, or its bytes in `storage`.
inline void bind_stage(const argument_plan* arguments, std::size_t count, const std::byte* storage,
                       const bound_buffers& buffers, kernel_argument* bound) noexcept {
    for (std::size_t p = 0; p < count; ++p) {
        const argument_plan& argument = arguments[p];
        kernel_argument& out = bound[p];
        if (argument.is_buffer) {
            out.buffer = buffers[argument.ref];
            out.value = &out.buffer.address;
            out.size = sizeof(out.buffer.address);
        } else {
            out.value = storage + argument.offset;
            out.size = argument.size;
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
    void derive(format fmt, const derived_value* scalars, const check_context& context) {
        for (std::size_t s = 0; s < stage_count; ++s) {
            entries_[s] = Pipeline::entry(s, fmt);
            derive_stage(s, plan.stages[s], plan.arguments.data(), plan.steps.data(), scalars, *entries_[s], storage_.data(),
                         configs_[s], context);
        }
    }

    /// Binds stage `stage`'s buffer arguments and points each of its arguments at its value.
    void bind(std::size_t stage, const bound_buffers& buffers) noexcept {
        const stage_plan& own = plan.stages[stage];
        bind_stage(plan.arguments.data() + own.first_argument, own.argument_count, storage_.data(), buffers,
                   arguments_.data() + own.first_argument);
    }

    const kernel_entry& entry(std::size_t stage) const noexcept { return *entries_[stage]; }
    const launch_config& config(std::size_t stage) const noexcept { return configs_[stage]; }
    std::span<const kernel_argument> arguments(std::size_t stage) const noexcept {
        return {arguments_.data() + plan.stages[stage].first_argument, plan.stages[stage].argument_count};
    }

    /// The zero_filled workspaces stage `stage` binds (bound ones), for `zero` to clear before it runs.
    template <class Zero>
    void for_each_zero_filled(std::size_t stage, Zero&& zero) const {
        const stage_plan& own = plan.stages[stage];
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
