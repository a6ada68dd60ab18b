// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::launch_request`, everything one launch was given (its arguments and
// options), and `check_request`, the run-time checks of it before anything is allocated or launched.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/report.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/launch_options.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace accy::detail {

inline constexpr std::string_view launch_operation = "launch_pipeline";

/// The number of elements a container holds if its type says so (arrays, fixed-extent spans).
template <class Container>
constexpr std::size_t static_extent() {
    using type = std::remove_cvref_t<Container>;
    if constexpr (std::is_array_v<type>) return std::extent_v<type>;
    else if constexpr (requires { std::tuple_size<type>::value; }) return std::tuple_size_v<type>;
    else if constexpr (requires { type::extent; }) return type::extent;
    else return std::dynamic_extent;
}

template <class Container>
constexpr bool holds_count(std::size_t count) {
    return static_extent<Container>() == std::dynamic_extent || static_extent<Container>() == count;
}

/// Everything one call was given, gathered from its arguments and options.
template <class Pipeline, class Backend>
struct launch_request {
    format fmt{};
    std::span<const buffer> operands;
    std::span<const buffer> results;
    typename Pipeline::scalar_values values{};
    const artifact_pool<Pipeline, Backend>* pool = nullptr;
    const Backend* device = nullptr;  ///< the backend launched on, which must be the pool's
    std::optional<std::span<const buffer>> scratch;  ///< the intermediates, then the workspaces, that the caller passed
    const void* scratch_device = nullptr;  ///< the backend that allocated them, where known
    std::optional<typename Backend::stream> stream;
    std::string_view label;

    error_context context() const noexcept { return context_of<Pipeline>(launch_operation, label); }
    /// The context of stage `stage`'s failure within this call.
    error_context stage_context(std::size_t stage) const noexcept {
        return merged({.stage = stage, .stage_target = Pipeline::stage_infos[stage].target}, context());
    }
    /// `errc::launch_argument_mismatch` of this call, its reason `parts` (`detail::message`).
    template <class... Parts>
    error mismatch(const Parts&... parts) const {
        return error(errc::launch_argument_mismatch, context(), message(parts...));
    }
};

template <class>
inline constexpr bool is_artifact_pool = false;
template <class Pipeline, class Backend>
inline constexpr bool is_artifact_pool<artifact_pool<Pipeline, Backend>> = true;

template <class Pipeline, class Backend, class Option>
void apply_option(launch_request<Pipeline, Backend>& request, const Option& option) {
    if constexpr (requires { option.pool; }) {
        using pool_type = std::remove_cvref_t<decltype(*option.pool)>;
        if constexpr (!is_artifact_pool<pool_type>) {
            static_assert(diagnostic::detail::always_false<Option>, "accy::use_pool(pool): pool must be an accy::artifact_pool");
        } else if constexpr (!std::is_same_v<typename pool_type::pipeline_type, Pipeline>) {
            static_assert(diagnostic::detail::always_false<Option>,
                          "accy::launch_pipeline<P>: the artifact pool was loaded for another pipeline; pools are typed on "
                          "their pipeline: load one with accy::load_artifacts<P>");
        } else if constexpr (!std::is_same_v<typename pool_type::backend_type, Backend>) {
            static_assert(diagnostic::detail::always_false<Option>,
                          "accy::launch_pipeline: the artifact pool was loaded on another backend type");
        } else {
            request.pool = option.pool;
        }
    } else if constexpr (requires { option.buffers; }) {
        static_assert(decltype(option.buffers)::extent == std::dynamic_extent ||
                          decltype(option.buffers)::extent == Pipeline::scratch_count,
                      "accy::launch_pipeline<P>: use_scratch got a fixed-size container whose count differs from "
                      "P's intermediates and workspaces");
        request.scratch = option.buffers;
        request.scratch_device = option.device;
    } else if constexpr (requires { option.stream; }) {
        if constexpr (!std::is_convertible_v<decltype(option.stream), typename Backend::stream>)
            static_assert(diagnostic::detail::always_false<Option>,
                          "accy::launch_pipeline: on_stream(s) takes a stream of the backend's stream type");
        else
            request.stream = option.stream;
    } else if constexpr (std::is_same_v<Option, label_option>) {
        request.label = option.text;
    } else {
        static_assert(diagnostic::detail::always_false<Option>,
                      "accy::launch_pipeline: an option is use_pool(...), use_scratch(...), on_stream(...) or "
                      "label(...)");
    }
}

/// Checks what only exists at run time, before anything is allocated or launched: the format, the
/// counts, the runtime scalars' bounds, the sizes the declared buffers need, and the caller's buffers.
template <class Pipeline, class Backend>
void check_request(const launch_request<Pipeline, Backend>& request, const derived_value* scalars) {
    using declared = typename Pipeline::declared;
    const error_context context = request.context();
    check_format<Pipeline>(request.fmt, context);
    if (request.operands.size() != Pipeline::operand_count)
        throw request.mismatch("expects ", Pipeline::operand_count, " operands, got ", request.operands.size());
    if (request.results.size() != Pipeline::result_count)
        throw request.mismatch("expects ", Pipeline::result_count, " results, got ", request.results.size());
    check_runtime_scalars<Pipeline>(scalars, context);
    if (request.pool != nullptr && !request.pool->loaded())
        throw request.mismatch("the artifact pool was moved from: its kernels belong to the pool it was moved to");
    if (request.pool != nullptr && request.device != nullptr && request.pool->device() != request.device)
        throw request.mismatch("the artifact pool was loaded on another backend instance; its kernels launch only on "
                               "the backend that loaded them");
    if (request.pool != nullptr && request.pool->format() != request.fmt)
        throw request.mismatch("the artifact pool was loaded as ", request.pool->format(), ", the launch asks for ",
                               request.fmt);

    const auto operand_sizes =
        byte_sizes<Pipeline, Pipeline::operand_count>(first_buffer<Pipeline>(buffer_kind::operand), scalars, context);
    const auto result_sizes =
        byte_sizes<Pipeline, Pipeline::result_count>(first_buffer<Pipeline>(buffer_kind::result), scalars, context);
    const auto scratch_sizes = scratch_byte_sizes<Pipeline>(scalars, context);
    const auto& operand_shapes = declared::operands::template infos<typename Pipeline::scalars>;
    const auto& result_shapes = declared::results::template infos<typename Pipeline::scalars>;
    for (std::size_t i = 0; i < Pipeline::operand_count; ++i)
        check_buffer(request.operands[i], operand_sizes[i], operand_shapes[i].type,
                     [&] { return buffer_name(buffer_kind::operand, i, operand_shapes[i].type); }, context);
    for (std::size_t i = 0; i < Pipeline::result_count; ++i) {
        const auto name = [&] { return buffer_name(buffer_kind::result, i, result_shapes[i].type); };
        check_buffer(request.results[i], result_sizes[i], result_shapes[i].type, name, context);
        for (std::size_t earlier = 0; earlier < i; ++earlier)
            if (overlap(request.results[i], request.results[earlier]))
                throw request.mismatch(name(), " overlaps result ", earlier);
        for (std::size_t k = 0; k < Pipeline::operand_count; ++k) {
            const buffer& result = request.results[i];
            const buffer& operand = request.operands[k];
            if (!overlap(result, operand)) continue;
            if (k != result_shapes[i].in_place_of)
                throw request.mismatch(name(), " overlaps operand ", k,
                                       "; a result may share memory only with the operand it is declared in_place over");
            // Shifted, element i of the result would be another element of the operand, overwritten before it is read.
            if (result.address != operand.address) {
                const bool before = result.address < operand.address;
                throw request.mismatch(name(), " starts ",
                                       before ? operand.address - result.address : result.address - operand.address,
                                       before ? " bytes before operand " : " bytes into operand ", k,
                                       "; a result in_place over an operand starts where it starts, or shares none of its memory");
            }
        }
    }
    if (!request.scratch) return;
    if (request.scratch_device != nullptr && request.device != nullptr &&
        request.scratch_device != static_cast<const void*>(request.device))
        throw request.mismatch("the scratch buffers were allocated on another backend instance; they belong to that "
                               "backend's device");
    const std::span<const buffer> provided = *request.scratch;
    if (provided.size() != Pipeline::scratch_count)
        throw request.mismatch("expects ", Pipeline::intermediate_count, " intermediates and ", Pipeline::workspace_count,
                               " workspaces, got ", provided.size(), " buffers");
    for (std::size_t k = 0; k < provided.size(); ++k) {
        const auto name = [](std::size_t slot) {
            const auto [list, index] = scratch_slot<Pipeline>(slot);
            return message(list, " ", index);
        };
        const dtype element = launch_plan<Pipeline>.buffers[first_buffer<Pipeline>(buffer_kind::intermediate) + k].type;
        check_buffer(provided[k], scratch_sizes[k], element, [&] { return name(k); }, context);
        for (std::size_t earlier = 0; earlier < k; ++earlier)
            if (overlap(provided[k], provided[earlier])) throw request.mismatch(name(k), " overlaps ", name(earlier));
        for (std::size_t i = 0; i < request.operands.size(); ++i)
            if (overlap(provided[k], request.operands[i]))
                throw request.mismatch(name(k), " overlaps operand ", i);
        for (std::size_t i = 0; i < request.results.size(); ++i)
            if (overlap(provided[k], request.results[i]))
                throw request.mismatch(name(k), " overlaps result ", i);
    }
}

}  // namespace accy::detail
