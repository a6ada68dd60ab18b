// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::launch_plan<P>`, a pipeline's launches as constexpr tables (each declared
// buffer's extent, each stage's arguments, the steps of every derivation), and `pipeline_table`,
// what the run-time code reads of them. A stage adds rows to the tables, not code: a launch compiles
// to the same routine for 3 stages or 300 (stage_launches.hpp).
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/detail/compile_derivation.hpp>
#include <accy/pipeline/detail/stage_entries.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/runtime_scalars.hpp>
#include <accy/pipeline/shape.hpp>
#include <accy/pipeline/stages.hpp>
#include <accy/pipeline/tensor_map.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/scratch_plan.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace accy::detail {

/// A declared buffer: its list, index, element type, the first step of its extent, for a result
/// declared in_place its operand, and whether it is a kept_zero workspace.
struct buffer_plan {
    buffer_kind list = buffer_kind::operand;
    std::size_t index = 0;
    dtype type = dtype::u8;
    std::size_t extent_step = 0;
    std::size_t in_place_of = static_cast<std::size_t>(-1);
    bool keep_zero = false;  ///< a kept_zero workspace, zeroed when allocated
};

/// One kernel argument: a buffer bound from the call's buffers, or a value derived by the steps
/// from `first_step` and stored at `offset` in the call's storage, as the parameter declares it; a
/// tensor map's description is derived there and gets the address of the buffer `ref` when bound.
struct argument_plan {
    bool is_buffer = false;
    buffer_ref ref{};
    bool zero_fill = false;  ///< a zero_filled workspace, zeroed before its stage
    std::size_t first_step = 0;
    parameter::kind what = parameter::kind::scalar;
    dtype type = dtype::u32;  ///< a scalar's type; a tensor map's element
    std::size_t offset = 0;
    std::size_t size = 0;
    const tensor_map_info* map = nullptr;
    std::size_t buffer_row = 0;  ///< a tensor map's buffer in the plan's buffer table
};

/// One stage: its arguments' rows in the plan's table (each holds its own offset in the storage);
/// for a collective stage, which runs no kernel, what it does (its arguments are its buffers, and a
/// send's or receive's peer, an i32 in the storage).
struct stage_plan {
    std::size_t first_argument = 0;
    std::size_t argument_count = 0;
    collective_kind collective = collective_kind::none;
    reduction op = reduction::sum;
    int root = 0;
};

/// A `repeat_while` or `when`: stages `first` to `end - 1`, its flag, and a loop's bound's first step.
struct region_plan {
    region_kind kind = region_kind::repeat_while;
    std::size_t first = 0;
    std::size_t end = 0;
    buffer_ref flag{};
    std::size_t bound_step = 0;
};

/// Sums a list of counts; a braced list, not a fold, so that hundreds nest no deeper than one
/// (clang limits nesting to 256).
constexpr std::size_t total(std::initializer_list<std::size_t> counts) noexcept {
    std::size_t sum = 0;
    for (const std::size_t count : counts) sum += count;
    return sum;
}

/// The steps of a list's extents, of a stage's arguments, of every stage's arguments.
template <class... Shapes>
constexpr std::size_t extent_steps(const shape_list<Shapes...>*) noexcept {
    return total({0, Shapes::extent::steps...});
}
template <fixed_string Target, std::uint32_t Version, class... Arguments>
constexpr std::size_t argument_steps(const stage<Target, Version, Arguments...>*) noexcept {
    return total({0, steps_of<Arguments>...});
}
template <class Collective>
    requires is_collective<Collective>
constexpr std::size_t argument_steps(const Collective*) noexcept {
    return steps_of<typename collective_traits<Collective>::first> + steps_of<typename collective_traits<Collective>::second>;
}
template <class... Stages>
constexpr std::size_t argument_steps(const stages<Stages...>*) noexcept {
    return total({0, argument_steps(static_cast<const Stages*>(nullptr))...});
}

/// The steps of a loop's bound, of every loop's.
template <class Item>
constexpr std::size_t bound_steps() noexcept {
    if constexpr (item_traits<Item>::region) {
        if constexpr (item_traits<Item>::kind == region_kind::repeat_while) return steps_of<typename item_traits<Item>::bound>;
    }
    return 0;
}
template <class... Items>
constexpr std::size_t bound_steps(const stages<Items...>*) noexcept {
    if constexpr (stages<Items...>::region_count == 0) return 0;
    else return total({0, bound_steps<Items>()...});
}

/// Compiles `D` (nothing for a buffer reference) at `steps + used`, advancing `used`; returns where it starts.
template <class Scalars, class D>
constexpr std::size_t compile_at(derivation_step* steps, std::size_t& used) noexcept {
    const std::size_t first = used;
    compile_argument<Scalars, D>(steps + used);
    used += steps_of<D>;
    return first;
}

/// The tables of a pipeline: `Stages` stages, `Arguments` arguments, `Buffers` declared buffers, `Steps` steps, `Regions` regions.
template <std::size_t Stages, std::size_t Arguments, std::size_t Buffers, std::size_t Steps, std::size_t Regions>
struct plan_tables {
    std::array<stage_plan, Stages> stage_plans{};
    std::array<region_plan, Regions> regions{};
    std::array<argument_plan, Arguments> arguments{};
    std::array<buffer_plan, Buffers> buffers{};  ///< operands, results, intermediates, workspaces
    std::array<derivation_step, Steps> steps{};
    std::size_t storage_bytes = 0;
    std::size_t storage_alignment = 8;
};

/// Adds a list's buffers at row `next` of the buffer table, their extents' steps at `used`.
template <class Scalars, class Tables, class... Shapes>
constexpr void add_buffers(Tables& plan, const shape_list<Shapes...>*, buffer_kind list, std::size_t& next,
                           std::size_t& used) noexcept {
    // Each list leads with a placeholder, so that an empty list makes no empty braced list.
    const std::array<std::size_t, sizeof...(Shapes) + 1> firsts{
        0, compile_at<Scalars, typename Shapes::extent>(plan.steps.data(), used)...};
    const std::array<dtype, sizeof...(Shapes) + 1> types{dtype::u8, Shapes::type...};
    for (std::size_t index = 0; index < sizeof...(Shapes); ++index)
        plan.buffers[next++] = {list, index, types[index + 1], firsts[index + 1]};
}

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

/// Adds stage `stage`: its row, its arguments' rows from `next_argument`, their steps at `used`, and
/// its parameters' place in the storage, aligned as its kernel's parameter space is.
template <class Pipeline, class Tables, fixed_string Target, std::uint32_t Version, class... Arguments>
constexpr void add_stage(Tables& plan, const stage<Target, Version, Arguments...>*, std::size_t stage,
                         std::size_t& next_argument, std::size_t& used) noexcept {
    using scalars = typename Pipeline::scalars;
    const std::array<std::size_t, sizeof...(Arguments) + 1> firsts{
        0, compile_at<scalars, Arguments>(plan.steps.data(), used)...};
    const parameter_list& parameters = Pipeline::parameters(stage);
    const stage_info& info = Pipeline::stage_infos[stage];
    const std::size_t alignment = parameters.alignment();
    const std::size_t start = (plan.storage_bytes + alignment - 1) / alignment * alignment;
    plan.stage_plans[stage] = {next_argument, info.argument_count};
    plan.storage_bytes = start + parameters.byte_size();
    plan.storage_alignment = alignment > plan.storage_alignment ? alignment : plan.storage_alignment;
    for (std::size_t p = 0; p < info.argument_count; ++p) {
        const argument_info& argument = info.arguments[p];
        const parameter& declared = parameters[p];
        const bool zero_fill =
            argument.is_buffer && argument.ref.kind == buffer_kind::workspace &&
            Pipeline::declared::workspaces::template infos<scalars>[argument.ref.index].zero_fill;
        const bool map = declared.what == parameter::kind::tensor_map;
        plan.arguments[next_argument++] = {argument.is_buffer,
                                           argument.ref,
                                           zero_fill,
                                           firsts[p + 1],
                                           declared.what,
                                           map ? *declared.element : declared.type,
                                           start + parameters.offset(p),
                                           declared.size,
                                           argument.map,
                                           first_buffer<Pipeline>(argument.ref.kind) + argument.ref.index};
    }
}

/// Adds collective stage `stage`: its row and its arguments' (its buffers, and a send's or receive's
/// peer, stored as an i32).
template <class Pipeline, class Tables, class Collective>
    requires is_collective<Collective>
constexpr void add_stage(Tables& plan, const Collective*, std::size_t stage, std::size_t& next_argument,
                         std::size_t& used) noexcept {
    using traits = collective_traits<Collective>;
    const stage_info& info = Pipeline::stage_infos[stage];
    plan.stage_plans[stage] = {next_argument, info.argument_count, info.collective, info.op, info.root};
    for (std::size_t p = 0; p < info.argument_count; ++p) {
        const argument_info& argument = info.arguments[p];
        if (argument.is_buffer) {
            plan.arguments[next_argument++] = {true, argument.ref, false, 0, parameter::kind::buffer, dtype::u8, 0, 0, nullptr,
                                               first_buffer<Pipeline>(argument.ref.kind) + argument.ref.index};
            continue;
        }
        const std::size_t start = (plan.storage_bytes + 3) / 4 * 4;
        plan.storage_bytes = start + 4;
        const std::size_t first_step = compile_at<typename Pipeline::scalars, typename traits::second>(plan.steps.data(), used);
        plan.arguments[next_argument++] = {false, {}, false, first_step, parameter::kind::scalar, dtype::i32, start, 4, nullptr, 0};
    }
}

/// Adds every stage, in order: a braced list, evaluated left to right and never nested.
template <class Pipeline, class Tables, class... Stages>
constexpr void add_stages(Tables& plan, const stages<Stages...>*, std::size_t& used) noexcept {
    std::size_t stage = 0, next_argument = 0;
    const bool added[] = {
        true, (add_stage<Pipeline>(plan, static_cast<const Stages*>(nullptr), stage++, next_argument, used), true)...};
    static_cast<void>(added);
}

/// Adds every region, in order, a loop's bound's steps at `used`.
template <class Pipeline, class Tables, class... Items>
constexpr void add_regions(Tables& plan, const stages<Items...>*, std::size_t& used) noexcept {
    if constexpr (stages<Items...>::region_count > 0) {  // else nothing per item
        std::size_t next = 0;
        const auto add = [&]<class Item>(const Item*) {
            if constexpr (item_traits<Item>::region) {
                const region_info& info = Pipeline::regions[next];
                std::size_t bound_step = 0;
                if constexpr (item_traits<Item>::kind == region_kind::repeat_while)
                    bound_step = compile_at<typename Pipeline::scalars, typename item_traits<Item>::bound>(plan.steps.data(), used);
                plan.regions[next++] = {info.kind, info.first, info.end, info.flag, bound_step};
            }
            return true;
        };
        const bool added[] = {true, add(static_cast<const Items*>(nullptr))...};
        static_cast<void>(added);
    } else {
        static_cast<void>(plan);
        static_cast<void>(used);
    }
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
    constexpr auto items = static_cast<const typename Pipeline::definition::stages*>(nullptr);
    constexpr std::size_t argument_count = [] {
        std::size_t count = 0;
        for (const stage_info& stage : Pipeline::stage_infos) count += stage.argument_count;
        return count;
    }();
    constexpr std::size_t step_count = extent_steps(operands) + extent_steps(results) + extent_steps(intermediates) +
                                       extent_steps(workspaces) + argument_steps(stage_list) + bound_steps(items);
    plan_tables<Pipeline::stage_count, argument_count, Pipeline::operand_count + Pipeline::result_count + Pipeline::scratch_count,
                step_count, Pipeline::region_count>
        plan{};
    std::size_t used = 0, next_buffer = 0;
    add_buffers<scalars>(plan, operands, buffer_kind::operand, next_buffer, used);
    add_buffers<scalars>(plan, results, buffer_kind::result, next_buffer, used);
    for (std::size_t r = 0; r < Pipeline::result_count; ++r)
        plan.buffers[Pipeline::operand_count + r].in_place_of = declared::results::template infos<scalars>[r].in_place_of;
    add_buffers<scalars>(plan, intermediates, buffer_kind::intermediate, next_buffer, used);
    add_buffers<scalars>(plan, workspaces, buffer_kind::workspace, next_buffer, used);
    for (std::size_t w = 0; w < Pipeline::workspace_count; ++w)
        plan.buffers[first_buffer<Pipeline>(buffer_kind::workspace) + w].keep_zero =
            declared::workspaces::template infos<scalars>[w].keep_zero;
    add_stages<Pipeline>(plan, stage_list, used);
    add_regions<Pipeline>(plan, items, used);
    return plan;
}

template <class Pipeline>
inline constexpr auto launch_plan = build_plan<Pipeline>();

/// Whether a launch of `Pipeline` may zero a buffer: a zero_filled workspace before its stage, or a
/// kept_zero one where it is allocated.
template <class Pipeline>
inline constexpr bool zeroes_buffers = [] {
    for (const shape_info& workspace : Pipeline::declared::workspaces::template infos<typename Pipeline::scalars>)
        if (workspace.zero_fill || workspace.keep_zero) return true;
    return false;
}();

/// What the run-time code reads of a pipeline, the same type for every pipeline: its counts and
/// runtime scalars, its plan's tables, the entries its stages run, per format its first stage
/// without an entry, and the code that only some pipelines need (pipeline_table_of.hpp).
struct pipeline_table {
    std::size_t operand_count = 0;
    std::size_t result_count = 0;
    std::size_t intermediate_count = 0;
    std::size_t workspace_count = 0;
    std::size_t stage_count = 0;
    std::size_t scalar_count = 0;
    std::size_t region_count = 0;
    const scalar_info* scalars = nullptr;
    const buffer_plan* buffers = nullptr;  ///< operands, results, intermediates, workspaces
    derivation_steps steps{};  ///< every derivation's, and the functions of the operations they use
    const stage_info* stages = nullptr;
    const stage_plan* stage_plans = nullptr;
    const argument_plan* arguments = nullptr;  ///< every stage's, in stage order
    const region_plan* regions = nullptr;     ///< in launch order
    const scratch_lifetime* lifetimes = nullptr;  ///< of each scratch buffer
    const std::size_t* placement = nullptr;       ///< the order `lay_out_scratch` places them in
    const kernel_entry* entries = nullptr;     ///< copies of the entries the stages run
    const std::array<std::ptrdiff_t, format_count>* entry_at = nullptr;  ///< per stage and format, an index into `entries`, -1 for none
    std::array<std::size_t, format_count> first_stage_without{};
    /// Derives a tensor map argument (`derive_tensor_map`): null unless the pipeline has one.
    void (*derive_tensor_map)(const argument_plan& argument, const derivation_steps& steps, const derived_value* scalars,
                              const buffer_plan& bound, std::byte* at) = nullptr;
    /// Binds a narrow floating-point argument (`store_narrow_float`): null unless a stage takes one.
    void (*store_narrow_float)(std::byte* at, dtype type, double value) noexcept = nullptr;
    /// Derives a collective stage's peer (`derive_peer`): null unless the pipeline has a collective stage.
    void (*derive_peer)(std::size_t stage, const pipeline_table& pipeline, const derived_value* scalars, std::byte* storage,
                        const error_context& context) = nullptr;

    /// The scratch buffers' rows in `buffers`: the intermediates, then the workspaces.
    const buffer_plan* scratch() const noexcept { return buffers + operand_count + result_count; }
    std::size_t scratch_count() const noexcept { return intermediate_count + workspace_count; }
    /// Stage `stage`'s entry in `fmt`, which `check_format` found for every stage.
    const kernel_entry& entry(std::size_t stage, format fmt) const noexcept {
        return entries[entry_at[stage][static_cast<std::size_t>(fmt)]];
    }
};

}  // namespace accy::detail
