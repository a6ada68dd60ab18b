// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/checks.hpp declares: the run-time checks of a launch's inputs.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/scratch_plan.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

namespace accy::detail {

ACCY_DECL void check_format(format fmt, const pipeline_table& pipeline, const error_context& context) {
    if (static_cast<std::size_t>(fmt) >= format_count)
        fail(errc::unsupported_operation, context,
             {"format ", static_cast<int>(fmt), " is not an accy::format (0 to ", format_count - 1, ")"});
    if (const std::size_t missing = pipeline.first_stage_without[static_cast<std::size_t>(fmt)];
        missing != pipeline.stage_count)
        fail(errc::unsupported_operation, context,
             {"stage ", missing, " ('", pipeline.stages[missing].target, "') has no ", fmt, " entry in the registry"});
}

ACCY_DECL void check_runtime_scalars(const pipeline_table& pipeline, const derived_value* values,
                                     const error_context& context) {
    for (std::size_t index = 0; index < pipeline.scalar_count; ++index) {
        const scalar_info& info = pipeline.scalars[index];
        const wide_int value = values[index].integer;  // bounds are on integers only
        if (info.bounded && (value < info.min || value > info.max)) [[unlikely]]
            fail(errc::launch_argument_mismatch, context,
                 {"runtime scalar ", index, " ('", info.name, "') is ", value, ", outside its bounds ", info.min, " to ",
                  info.max});
    }
}

/// A declared buffer as messages name it: with its dtype where `typed` ("intermediate 1 (f32)"),
/// else without ("workspace 1"). Only a failure spells the name out.
struct named_buffer {
    const buffer_plan& declared;
    bool typed;

    [[gnu::cold]] std::string text() const {
        std::string name;
        append(name, {declared.list, " ", declared.index});
        if (typed) append(name, {" (", declared.type, ")"});
        return name;
    }
};

/// A caller's buffer for `declared`, as the checks of those buffers name it: "result 0 (f32)" for
/// an operand or a result, "workspace 1" for a scratch buffer.
inline named_buffer passed_buffer(const buffer_plan& declared) noexcept {
    return {declared, declared.list == buffer_kind::operand || declared.list == buffer_kind::result};
}

/// Throws `code` in `context` for the buffer `named`, the reason its name then `why`'s parts.
[[noreturn, gnu::cold]] ACCY_DECL void fail_for(errc code, const error_context& context, const named_buffer& named,
                                                std::initializer_list<message_part> why) {
    std::string reason = named.text();
    append(reason, {" "});
    append(reason, why);
    throw error(code, context, reason);
}

ACCY_DECL std::size_t byte_size_of(const buffer_plan& declared, const derivation_steps& steps, const derived_value* scalars,
                                   const error_context& context) {
    wide_int extent = 0;
    try {
        derivation_steps next = steps.from(declared.extent_step);
        extent = evaluate(next, scalars).integer;
    } catch (const error& failure) {
        std::string step;
        append(step, {"extent of ", named_buffer{declared, true}.text()});
        throw failure.in_context(merged({.step = step}, context));
    }
    if (extent < 1)
        fail_for(errc::invalid_artifact, context, {declared, true},
                 {"derives an extent of ", extent, " elements from its runtime scalars"});
    const wide_int bytes = extent * static_cast<wide_int>(size_of(declared.type));
    if (bytes > static_cast<wide_int>(SIZE_MAX))
        fail_for(errc::invalid_artifact, context, {declared, true}, {"of ", extent, " elements overflows a byte size"});
    return static_cast<std::size_t>(bytes);
}

ACCY_DECL std::size_t plan_scratch(const pipeline_table& pipeline, const derived_value* scalars, buffer* places,
                                   const error_context& context) {
    const buffer_plan* declared = pipeline.scratch();
    const std::size_t count = pipeline.scratch_count();
    for (std::size_t k = 0; k < count; ++k) places[k] = {0, byte_size_of(declared[k], pipeline.steps, scalars, context)};
    const scratch_arena arena = lay_out_scratch(pipeline.lifetimes, pipeline.placement, places, count);
    if (arena.overflowing != scratch_arena::fits)
        fail_for(errc::invalid_artifact, context, {declared[arena.overflowing], true},
                 {"of ", places[arena.overflowing].byte_size,
                  " bytes does not fit in the scratch arena beside the buffers live with it: its end would overflow a byte size"});
    return arena.byte_size;
}

/// A caller's buffer for `declared`: not null, aligned for its elements (a kernel reading them at
/// another address faults), not wrapping, at least `needed` bytes.
ACCY_DECL void check_buffer(const buffer& given, std::size_t needed, const buffer_plan& plan,
                            const error_context& context) {
    constexpr errc mismatch = errc::launch_argument_mismatch;
    const named_buffer declared = passed_buffer(plan);
    const std::size_t element = size_of(plan.type);
    if (given.address == 0) fail_for(mismatch, context, declared, {"is a null buffer"});
    if (given.address % element != 0)
        fail_for(mismatch, context, declared, {"at address ", given.address, " is not a multiple of ", element,
                 ", the size of its elements"});
    if (wraps(given))
        fail_for(mismatch, context, declared, {"at address ", given.address, " of ", given.byte_size,
                 " bytes runs past the end of the address space"});
    if (given.byte_size < needed)
        fail_for(mismatch, context, declared, {"holds ", given.byte_size, " bytes, the runtime scalars need ", needed});
}

ACCY_DECL std::uint32_t loop_bound(const pipeline_table& pipeline, const region_plan& loop, const derived_value* scalars,
                                   const error_context& context) {
    derivation_steps next = pipeline.steps.from(loop.bound_step);
    const wide_int bound = evaluate(next, scalars).integer;
    if (bound < 1 || bound > wide_int{UINT32_MAX})
        fail(errc::launch_argument_mismatch, context,
             {"the bound of the repeat_while of stages ", loop.first, " to ", loop.end - 1, " is ", bound,
              " passes: a loop runs from 1 to 4294967295 passes"});
    return static_cast<std::uint32_t>(bound);
}

ACCY_DECL void check_call(const pipeline_table& pipeline, const call_inputs& call, const derived_value* scalars,
                          const error_context& context) {
    check_format(call.fmt, pipeline, context);
    const auto count = [&](std::size_t expected, std::size_t given, std::string_view what) {
        if (given != expected) fail(errc::launch_argument_mismatch, context, {"expects ", expected, what, given});
    };
    count(pipeline.operand_count, call.operands.size(), " operands, got ");
    count(pipeline.result_count, call.results.size(), " results, got ");
    check_runtime_scalars(pipeline, scalars, context);
    for (std::size_t r = 0; r < pipeline.region_count; ++r)
        if (pipeline.regions[r].kind == region_kind::repeat_while) loop_bound(pipeline, pipeline.regions[r], scalars, context);
}

ACCY_DECL void check_pool(bool loaded, const void* pool_device, format pool_format, const call_inputs& call,
                          const error_context& context) {
    constexpr errc mismatch = errc::launch_argument_mismatch;
    if (!loaded)
        fail(mismatch, context, {"the artifact pool was moved from: its kernels belong to the pool it was moved to"});
    if (call.device != nullptr && pool_device != call.device)
        fail(mismatch, context,
             {"the artifact pool was loaded on another backend instance; its kernels launch only on the backend that "
              "loaded them"});
    if (pool_format != call.fmt)
        fail(mismatch, context, {"the artifact pool was loaded as ", pool_format, ", the launch asks for ", call.fmt});
}

ACCY_DECL void check_buffers(const pipeline_table& pipeline, const call_inputs& call, const derived_value* scalars,
                             std::size_t* sizes, const error_context& context) {
    constexpr errc mismatch = errc::launch_argument_mismatch;
    // Every declared size first, so that a size that cannot be derived is reported before any buffer.
    for (std::size_t row = 0; row < pipeline.operand_count + pipeline.result_count + pipeline.scratch_count(); ++row)
        sizes[row] = byte_size_of(pipeline.buffers[row], pipeline.steps, scalars, context);

    for (std::size_t i = 0; i < pipeline.operand_count; ++i)
        check_buffer(call.operands[i], sizes[i], pipeline.buffers[i], context);
    for (std::size_t i = 0; i < pipeline.result_count; ++i) {
        const std::size_t row = pipeline.operand_count + i;
        const named_buffer declared = passed_buffer(pipeline.buffers[row]);
        const buffer& result = call.results[i];
        check_buffer(result, sizes[row], pipeline.buffers[row], context);
        for (std::size_t earlier = 0; earlier < i; ++earlier)
            if (overlap(result, call.results[earlier])) fail_for(mismatch, context, declared, {"overlaps result ", earlier});
        for (std::size_t k = 0; k < pipeline.operand_count; ++k) {
            const buffer& operand = call.operands[k];
            if (!overlap(result, operand)) continue;
            if (k != pipeline.buffers[row].in_place_of)
                fail_for(mismatch, context, declared, {"overlaps operand ", k,
                         "; a result may share memory only with the operand it is declared in_place over"});
            // Shifted, element i of the result would be another element of the operand, overwritten before it is read.
            if (result.address != operand.address) {
                const bool before = result.address < operand.address;
                fail_for(mismatch, context, declared, {"starts ",
                         before ? operand.address - result.address : result.address - operand.address,
                         before ? " bytes before operand " : " bytes into operand ", k,
                         "; a result in_place over an operand starts where it starts, or shares none of its memory"});
            }
        }
    }
    if (!call.scratch) return;
    if (call.scratch_device != nullptr && call.device != nullptr && call.scratch_device != call.device)
        fail(mismatch, context,
             {"the scratch buffers were allocated on another backend instance; they belong to that backend's device"});
    const std::span<const buffer> provided = *call.scratch;
    if (provided.size() != pipeline.scratch_count())
        fail(mismatch, context,
             {"expects ", pipeline.intermediate_count, " intermediates and ", pipeline.workspace_count, " workspaces, got ",
              provided.size(), " buffers"});
    const std::size_t first = pipeline.operand_count + pipeline.result_count;
    for (std::size_t k = 0; k < provided.size(); ++k) {
        const named_buffer declared = passed_buffer(pipeline.buffers[first + k]);
        check_buffer(provided[k], sizes[first + k], pipeline.buffers[first + k], context);
        // Scratch buffers may share memory where they are never live at the same time, as an arena's do.
        for (std::size_t earlier = 0; earlier < k; ++earlier) {
            const scratch_lifetime& mine = pipeline.lifetimes[k];
            const scratch_lifetime& theirs = pipeline.lifetimes[earlier];
            if (overlap(provided[k], provided[earlier]) && mine.overlaps(theirs))
                fail_for(mismatch, context, declared, {"overlaps ", pipeline.buffers[first + earlier].list, " ",
                         pipeline.buffers[first + earlier].index, ", and both are live from stage ",
                         mine.first > theirs.first ? mine.first : theirs.first, " to stage ",
                         mine.last < theirs.last ? mine.last : theirs.last});
        }
        for (std::size_t i = 0; i < call.operands.size(); ++i)
            if (overlap(provided[k], call.operands[i])) fail_for(mismatch, context, declared, {"overlaps operand ", i});
        for (std::size_t i = 0; i < call.results.size(); ++i)
            if (overlap(provided[k], call.results[i])) fail_for(mismatch, context, declared, {"overlaps result ", i});
    }
}

}  // namespace accy::detail
