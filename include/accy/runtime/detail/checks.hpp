// SPDX-License-Identifier: Apache-2.0
// Defines the run-time checks of a launch's inputs: the format, the runtime scalars' bounds, the
// byte sizes the declared buffers need, and the caller's buffers (null, size, wrap, overlap).
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/detail/derivation_step.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/detail/check_context.hpp>
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
void check_format(format fmt, const check_context& context) {
    if (static_cast<std::size_t>(fmt) >= format_count)
        throw error(errc::unsupported_operation, std::string(context) + ": " + format_text(fmt) + " is not an accy::format (0 to " +
                                                     std::to_string(format_count - 1) + ")");
    if (const std::size_t missing = Pipeline::first_stage_without(fmt); missing != Pipeline::stage_count)
        throw error(errc::unsupported_operation, std::string(context) + ": stage " + std::to_string(missing) + " ('" +
                                                     std::string(Pipeline::stage_infos[missing].target) + "') has no " +
                                                     std::string(to_string(fmt)) + " entry in the registry");
}

/// "intermediate 1 (f32)": a declared buffer, for messages.
inline std::string buffer_name(buffer_kind list, std::size_t index, dtype type) {
    return std::string(to_string(list)) + " " + std::to_string(index) + " (" + std::string(to_string(type)) + ")";
}


/// Checks every bounded runtime scalar; `launch_argument_mismatch` names the scalar, its value and bounds.
template <class Pipeline>
void check_runtime_scalars(const derived_value* values, const check_context& context) {
    for (std::size_t index = 0; index < Pipeline::runtime_scalar_count; ++index) {
        const scalar_info& info = Pipeline::scalars::infos[index];
        const wide_int value = values[index].integer;  // bounds are on integers only
        if (info.bounded && (value < info.min || value > info.max)) [[unlikely]]
            throw error(errc::launch_argument_mismatch, std::string(context) + ": runtime scalar " + std::to_string(index) +
                                                            " ('" + std::string(info.name) + "') is " + to_string(value) +
                                                            ", outside its bounds " + to_string(info.min) + " to " +
                                                            to_string(info.max));
    }
}

/// The byte size of a declared buffer at the runtime scalars. An extent below 1, or a size that
/// does not fit in `std::size_t`, is `errc::invalid_artifact`.
inline std::size_t byte_size_of(const buffer_plan& declared, const derivation_step* steps, const derived_value* scalars,
                                const check_context& context) {
    const auto fail = [&](const std::string& why) {
        throw error(errc::invalid_artifact,
                    std::string(context) + ": " + buffer_name(declared.list, declared.index, declared.type) + " " + why);
    };
    wide_int extent = 0;
    try {
        const derivation_step* next = steps + declared.extent_step;
        extent = evaluate(next, scalars).integer;
    } catch (const error& failure) {
        throw failure.in_context(std::string(context) + ", extent of " +
                                 buffer_name(declared.list, declared.index, declared.type));
    }
    if (extent < 1) fail("derives an extent of " + to_string(extent) + " elements from its runtime scalars");
    const wide_int bytes = extent * static_cast<wide_int>(size_of(declared.type));
    if (bytes > static_cast<wide_int>(SIZE_MAX)) fail("of " + to_string(extent) + " elements overflows a byte size");
    return static_cast<std::size_t>(bytes);
}

/// The byte sizes of `Count` declared buffers from row `first` of the pipeline's buffer table:
/// one list's, or the scratch buffers' (the intermediates, then the workspaces).
template <class Pipeline, std::size_t Count>
std::array<std::size_t, Count> byte_sizes(std::size_t first, const derived_value* scalars, const check_context& context) {
    constexpr const auto& plan = launch_plan<Pipeline>;
    std::array<std::size_t, Count> sizes{};
    for (std::size_t k = 0; k < Count; ++k)
        sizes[k] = byte_size_of(plan.buffers[first + k], plan.steps.data(), scalars, context);
    return sizes;
}

/// The byte sizes of the scratch buffers (the intermediates, then the workspaces).
template <class Pipeline>
std::array<std::size_t, Pipeline::scratch_count> scratch_byte_sizes(const derived_value* scalars,
                                                                   const check_context& context) {
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
void check_buffer(const buffer& given, std::size_t needed, dtype element, const Name& name, const check_context& context) {
    const auto fail = [&](const std::string& why) {
        throw error(errc::launch_argument_mismatch, std::string(context) + ": " + name() + " " + why);
    };
    if (given.address == 0) fail("is a null buffer");
    if (given.address % size_of(element) != 0)
        fail("at address " + std::to_string(given.address) + " is not a multiple of " + std::to_string(size_of(element)) +
             ", the size of its elements");
    if (wraps(given))
        fail("at address " + std::to_string(given.address) + " of " + std::to_string(given.byte_size) +
             " bytes runs past the end of the address space");
    if (given.byte_size < needed)
        fail("holds " + std::to_string(given.byte_size) + " bytes, the runtime scalars need " + std::to_string(needed));
}

}  // namespace detail

}  // namespace accy
