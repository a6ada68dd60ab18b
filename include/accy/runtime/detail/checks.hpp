// SPDX-License-Identifier: Apache-2.0
// Defines the run-time checks of a launch's inputs: the format, the runtime scalars' bounds, the
// byte sizes the declared buffers need, and the caller's buffers (null, size, wrap, overlap).
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace accy {

namespace detail {

/// `errc::unsupported_operation` unless `fmt` is one of `accy::format`'s values and every stage
/// of `Pipeline` has an entry in it. A value cast from outside the enumeration would index past
/// the pipeline's table of entries, so it is refused first, as no backend runs it either.
template <class Pipeline>
void check_format(format fmt, const error_context& context) {
    if (static_cast<std::size_t>(fmt) >= format_count)
        throw error(errc::unsupported_operation, context,
                    message(fmt, " is not an accy::format (0 to ", format_count - 1, ")"));
    if (const std::size_t missing = Pipeline::first_stage_without(fmt); missing != Pipeline::stage_count)
        throw error(errc::unsupported_operation, context,
                    message("stage ", missing, " ('", Pipeline::stage_infos[missing].target, "') has no ", fmt,
                            " entry in the registry"));
}

/// "intermediate 1 (f32)": a declared buffer, for messages.
inline std::string buffer_name(buffer_kind list, std::size_t index, dtype type) {
    return message(list, " ", index, " (", type, ")");
}

/// Checks every bounded runtime scalar; `launch_argument_mismatch` names the scalar, its value and bounds.
template <class Pipeline>
void check_runtime_scalars(const derived_value* values, const error_context& context) {
    for (std::size_t index = 0; index < Pipeline::runtime_scalar_count; ++index) {
        const scalar_info& info = Pipeline::scalars::infos[index];
        const wide_int value = values[index].integer;  // bounds are on integers only
        if (info.bounded && (value < info.min || value > info.max)) [[unlikely]]
            throw error(errc::launch_argument_mismatch, context,
                        message("runtime scalar ", index, " ('", info.name, "') is ", value, ", outside its bounds ",
                                info.min, " to ", info.max));
    }
}

/// The byte size of a declared buffer at the runtime scalars. An extent below 1, or a size that
/// does not fit in `std::size_t`, is `errc::invalid_artifact`.
inline std::size_t byte_size_of(const buffer_plan& declared, const derivation_step* steps, const derived_value* scalars,
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

/// The byte sizes of `Count` declared buffers from row `first` of the pipeline's buffer table:
/// one list's, or the scratch buffers' (the intermediates, then the workspaces).
template <class Pipeline, std::size_t Count>
std::array<std::size_t, Count> byte_sizes(std::size_t first, const derived_value* scalars, const error_context& context) {
    constexpr const auto& plan = launch_plan<Pipeline>;
    std::array<std::size_t, Count> sizes{};
    for (std::size_t k = 0; k < Count; ++k)
        sizes[k] = byte_size_of(plan.buffers[first + k], plan.steps.data(), scalars, context);
    return sizes;
}

/// The byte sizes of the scratch buffers (the intermediates, then the workspaces).
template <class Pipeline>
std::array<std::size_t, Pipeline::scratch_count> scratch_byte_sizes(const derived_value* scalars,
                                                                   const error_context& context) {
    return byte_sizes<Pipeline, Pipeline::scratch_count>(first_buffer<Pipeline>(buffer_kind::intermediate), scalars,
                                                         context);
}

/// The scratch buffer `index` (intermediates first, then workspaces) as a declared buffer's list and index.
template <class Pipeline>
constexpr std::pair<buffer_kind, std::size_t> scratch_slot(std::size_t index) noexcept {
    if (index < Pipeline::intermediate_count) return {buffer_kind::intermediate, index};
    return {buffer_kind::workspace, index - Pipeline::intermediate_count};
}

/// A caller's buffer for a declared one of `element`s: not null, aligned for its elements (a kernel
/// reading them at another address faults), not wrapping, at least `needed` bytes; `name()` names it
/// in the message, made only on failure.
template <class Name>
void check_buffer(const buffer& given, std::size_t needed, dtype element, const Name& name, const error_context& context) {
    const auto fail = [&](const auto&... why) {
        throw error(errc::launch_argument_mismatch, context, message(name(), " ", why...));
    };
    if (given.address == 0) fail("is a null buffer");
    if (given.address % size_of(element) != 0)
        fail("at address ", given.address, " is not a multiple of ", size_of(element), ", the size of its elements");
    if (wraps(given))
        fail("at address ", given.address, " of ", given.byte_size, " bytes runs past the end of the address space");
    if (given.byte_size < needed) fail("holds ", given.byte_size, " bytes, the runtime scalars need ", needed);
}

}  // namespace detail

}  // namespace accy
