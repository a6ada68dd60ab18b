// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/checks.hpp declares: the run-time checks of a launch's inputs.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/evaluate.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace accy::detail {

ACCY_DECL void check_format(format fmt, const pipeline_table& pipeline, const error_context& context) {
    if (static_cast<std::size_t>(fmt) >= format_count)
        throw error(errc::unsupported_operation, context,
                    message(fmt, " is not an accy::format (0 to ", format_count - 1, ")"));
    if (const std::size_t missing = pipeline.first_stage_without[static_cast<std::size_t>(fmt)];
        missing != pipeline.stage_count)
        throw error(errc::unsupported_operation, context,
                    message("stage ", missing, " ('", pipeline.stages[missing].target, "') has no ", fmt,
                            " entry in the registry"));
}

ACCY_DECL std::string buffer_name(buffer_kind list, std::size_t index, dtype type) {
    return message(list, " ", index, " (", type, ")");
}

ACCY_DECL void check_runtime_scalars(std::span<const scalar_info> scalars, const derived_value* values,
                                     const error_context& context) {
    for (std::size_t index = 0; index < scalars.size(); ++index) {
        const scalar_info& info = scalars[index];
        const wide_int value = values[index].integer;  // bounds are on integers only
        if (info.bounded && (value < info.min || value > info.max)) [[unlikely]]
            throw error(errc::launch_argument_mismatch, context,
                        message("runtime scalar ", index, " ('", info.name, "') is ", value, ", outside its bounds ",
                                info.min, " to ", info.max));
    }
}

ACCY_DECL std::size_t byte_size_of(const buffer_plan& declared, const derivation_step* steps, const derived_value* scalars,
                                   const error_context& context) {
    const auto fail = [&](const auto&... why) {
        throw error(errc::invalid_artifact, context,
                    message(buffer_name(declared.list, declared.index, declared.type), " ", why...));
    };
    wide_int extent = 0;
    try {
        const derivation_step* next = steps + declared.extent_step;
        extent = evaluate(next, scalars).integer;
    } catch (const error& failure) {
        const std::string step = message("extent of ", buffer_name(declared.list, declared.index, declared.type));
        throw failure.in_context(merged({.step = step}, context));
    }
    if (extent < 1) fail("derives an extent of ", extent, " elements from its runtime scalars");
    const wide_int bytes = extent * static_cast<wide_int>(size_of(declared.type));
    if (bytes > static_cast<wide_int>(SIZE_MAX)) fail("of ", extent, " elements overflows a byte size");
    return static_cast<std::size_t>(bytes);
}

/// A declared buffer as messages name the caller's buffer for it: "result 0 (f32)" for an operand
/// or a result, "workspace 1" for a scratch buffer.
struct named_buffer {
    buffer_kind list = buffer_kind::operand;
    std::size_t index = 0;
    dtype type = dtype::u8;

    std::string name() const {
        if (list == buffer_kind::operand || list == buffer_kind::result) return buffer_name(list, index, type);
        return message(list, " ", index);
    }
};

/// A caller's buffer for `declared`: not null, aligned for its elements (a kernel reading them at
/// another address faults), not wrapping, at least `needed` bytes.
ACCY_DECL void check_buffer(const buffer& given, std::size_t needed, const named_buffer& declared,
                            const error_context& context) {
    const auto fail = [&](const auto&... why) {
        throw error(errc::launch_argument_mismatch, context, message(declared.name(), " ", why...));
    };
    const std::size_t element = size_of(declared.type);
    if (given.address == 0) fail("is a null buffer");
    if (given.address % element != 0)
        fail("at address ", given.address, " is not a multiple of ", element, ", the size of its elements");
    if (wraps(given))
        fail("at address ", given.address, " of ", given.byte_size, " bytes runs past the end of the address space");
    if (given.byte_size < needed) fail("holds ", given.byte_size, " bytes, the runtime scalars need ", needed);
}

ACCY_DECL void check_call(const pipeline_table& pipeline, const call_inputs& call, const derived_value* scalars,
                          const error_context& context) {
    check_format(call.fmt, pipeline, context);
    const auto count = [&](std::size_t expected, std::size_t given, const char* what) {
        if (given != expected)
            throw error(errc::launch_argument_mismatch, context, message("expects ", expected, what, given));
    };
    count(pipeline.operand_count, call.operands.size(), " operands, got ");
    count(pipeline.result_count, call.results.size(), " results, got ");
    check_runtime_scalars(pipeline.scalars, scalars, context);
}

ACCY_DECL void check_pool(bool loaded, const void* pool_device, format pool_format, const call_inputs& call,
                          const error_context& context) {
    const auto fail = [&](const auto&... why) {
        throw error(errc::launch_argument_mismatch, context, message(why...));
    };
    if (!loaded) fail("the artifact pool was moved from: its kernels belong to the pool it was moved to");
    if (call.device != nullptr && pool_device != call.device)
        fail("the artifact pool was loaded on another backend instance; its kernels launch only on the backend that "
             "loaded them");
    if (pool_format != call.fmt) fail("the artifact pool was loaded as ", pool_format, ", the launch asks for ", call.fmt);
}

ACCY_DECL void check_buffers(const pipeline_table& pipeline, const call_inputs& call, const derived_value* scalars,
                             std::span<std::size_t> sizes, const error_context& context) {
    const auto mismatch = [&](const auto&... parts) {
        return error(errc::launch_argument_mismatch, context, message(parts...));
    };
    // Every declared size first, so that a size that cannot be derived is reported before any buffer.
    for (std::size_t row = 0; row < sizes.size(); ++row)
        sizes[row] = byte_size_of(pipeline.buffers[row], pipeline.steps, scalars, context);

    const auto named = [&](std::size_t row) {
        const buffer_plan& declared = pipeline.buffers[row];
        return named_buffer{declared.list, declared.index, declared.type};
    };
    for (std::size_t i = 0; i < pipeline.operand_count; ++i) check_buffer(call.operands[i], sizes[i], named(i), context);
    for (std::size_t i = 0; i < pipeline.result_count; ++i) {
        const std::size_t row = pipeline.operand_count + i;
        const auto name = [&] { return named(row).name(); };
        const buffer& result = call.results[i];
        check_buffer(result, sizes[row], named(row), context);
        for (std::size_t earlier = 0; earlier < i; ++earlier)
            if (overlap(result, call.results[earlier])) throw mismatch(name(), " overlaps result ", earlier);
        for (std::size_t k = 0; k < pipeline.operand_count; ++k) {
            const buffer& operand = call.operands[k];
            if (!overlap(result, operand)) continue;
            if (k != pipeline.buffers[row].in_place_of)
                throw mismatch(name(), " overlaps operand ", k,
                               "; a result may share memory only with the operand it is declared in_place over");
            // Shifted, element i of the result would be another element of the operand, overwritten before it is read.
            if (result.address != operand.address) {
                const bool before = result.address < operand.address;
                throw mismatch(name(), " starts ", before ? operand.address - result.address : result.address - operand.address,
                               before ? " bytes before operand " : " bytes into operand ", k,
                               "; a result in_place over an operand starts where it starts, or shares none of its memory");
            }
        }
    }
    if (!call.scratch) return;
    if (call.scratch_device != nullptr && call.device != nullptr && call.scratch_device != call.device)
        throw mismatch("the scratch buffers were allocated on another backend instance; they belong to that backend's device");
    const std::span<const buffer> provided = *call.scratch;
    if (provided.size() != pipeline.scratch_count())
        throw mismatch("expects ", pipeline.intermediate_count, " intermediates and ", pipeline.workspace_count,
                       " workspaces, got ", provided.size(), " buffers");
    const std::size_t first = pipeline.operand_count + pipeline.result_count;
    for (std::size_t k = 0; k < provided.size(); ++k) {
        const auto name = [&](std::size_t slot) { return named(first + slot).name(); };
        check_buffer(provided[k], sizes[first + k], named(first + k), context);
        for (std::size_t earlier = 0; earlier < k; ++earlier)
            if (overlap(provided[k], provided[earlier])) throw mismatch(name(k), " overlaps ", name(earlier));
        for (std::size_t i = 0; i < call.operands.size(); ++i)
            if (overlap(provided[k], call.operands[i])) throw mismatch(name(k), " overlaps operand ", i);
        for (std::size_t i = 0; i < call.results.size(); ++i)
            if (overlap(provided[k], call.results[i])) throw mismatch(name(k), " overlaps result ", i);
    }
}

}  // namespace accy::detail
