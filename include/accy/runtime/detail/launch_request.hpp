// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::launch_request`, everything one launch was given (its arguments and
// options), and `check_request`, the run-time checks of it before anything is allocated or launched.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/report.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/backend_calls.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/pipeline_table_of.hpp>
#include <accy/runtime/detail/room_for.hpp>
#include <accy/runtime/detail/stage_launches.hpp>
#include <accy/runtime/launch_options.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
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

/// Whether `Container` is a contiguous container of `accy::buffer`s, as `std::data` and `std::size` see it.
template <class Container>
inline constexpr bool holds_buffers = requires(const Container& container) {
    { std::data(container) } -> std::convertible_to<const buffer*>;
    std::size(container);
};

template <class Container>
constexpr bool holds_count(std::size_t count) {
    return static_extent<Container>() == std::dynamic_extent || static_extent<Container>() == count;
}

/// Runs `calls` (a collective stage, or a group of send and receive stages) through `Backend` and
/// `Communicator`, both given as pointers, on the stream `stream` (as `backend_calls` takes one).
template <class Backend, class Communicator>
void run_collectives_on(void* device, void* communicator, const collective_call* calls, std::size_t count, const void* stream) {
    run_collectives(*static_cast<Backend*>(device), *static_cast<Communicator*>(communicator),
                    std::span<const collective_call>(calls, count), stream_at<Backend>(stream));
}

/// The communicator a call's collective stages run through, and how: null where none was given.
/// `check` checks them against its ranks before anything launches: set with `run`, so that a
/// translation unit that never gives a communicator does not compile it (by default it is inline).
struct collective_runner {
    void* communicator = nullptr;
    void (*run)(void* device, void* communicator, const collective_call* calls, std::size_t count, const void* stream) = nullptr;
    void (launches_view::*check)(const derived_value* scalars, int ranks, const error_context& context) const = nullptr;
    int ranks = 0;
};

/// Everything one call was given, gathered from its arguments and options: what the checks read
/// (`call_inputs`: the format, the buffers, the backend launched on), then the typed rest.
template <class Pipeline, class Backend>
struct launch_request : call_inputs {
    typename Pipeline::scalar_values values{};
    const artifact_pool<Pipeline, Backend>* pool = nullptr;
    std::optional<typename Backend::stream> stream;
    std::string_view label;
    collective_runner collectives{};

    error_context context() const noexcept { return context_of<Pipeline>(launch_operation, label); }
    /// The context of stage `stage`'s failure within this call.
    error_context stage_context(std::size_t stage) const noexcept {
        return merged({.stage = stage, .stage_target = Pipeline::stage_infos[stage].target}, context());
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
    } else if constexpr (requires { option.communicator; }) {
        using communicator_type = std::remove_cvref_t<decltype(*option.communicator)>;
        if constexpr (!backend_with_collectives<Backend, communicator_type>) {
            static_assert(diagnostic::detail::always_false<Option>,
                          "accy::launch_pipeline: use_communicator(c) takes a communicator the backend runs collectives "
                          "through: an accy::host::communicator on the host backend, an accy::nccl::communicator on the "
                          "CUDA backend");
        } else {
            request.collectives = {option.communicator, &run_collectives_on<Backend, communicator_type>,
                                   &launches_view::check_collectives, static_cast<int>(option.communicator->size())};
        }
    } else if constexpr (std::is_same_v<Option, label_option>) {
        request.label = option.text;
    } else {
        static_assert(diagnostic::detail::always_false<Option>,
                      "accy::launch_pipeline: an option is use_pool(...), use_scratch(...), on_stream(...), "
                      "use_communicator(...) or label(...)");
    }
}

/// Checks what only exists at run time, before anything is allocated or launched: the format, the
/// counts, the runtime scalars' bounds, the pool, the sizes the declared buffers need, and the caller's buffers.
template <class Pipeline, class Backend>
void check_request(const launch_request<Pipeline, Backend>& request, const derived_value* scalars) {
    constexpr const pipeline_table& pipeline = pipeline_table_of<Pipeline>;
    const error_context context = request.context();
    check_call(pipeline, request, scalars, context);
    if (request.pool != nullptr) check_pool(request.pool->loaded(), request.pool->device(), request.pool->format(), request, context);
    room_for<std::size_t, Pipeline::operand_count + Pipeline::result_count + Pipeline::scratch_count> sizes{};
    check_buffers(pipeline, request, scalars, sizes, context);
}

}  // namespace accy::detail
