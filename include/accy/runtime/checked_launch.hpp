// SPDX-License-Identifier: Apache-2.0
// Defines `accy::checked_launch`, a pipeline's launch checked and derived as `launch_pipeline` does it,
// for code that issues the stages itself (`accy::cuda::pipeline_graph` writes them into graph nodes), and
// `accy::traced_operation`, the profiler range such code opens as the library's own launches do.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/fixed_string.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/launch_request.hpp>
#include <accy/runtime/detail/pipeline_table_of.hpp>
#include <accy/runtime/detail/stage_launches.hpp>
#include <accy/runtime/detail/trace.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace accy {

namespace detail {

/// Checks a request, whose runtime scalars' values are `scalars`, then derives every stage's launch
/// (arguments, grid, block, shared memory; buffers unbound). Nothing has been allocated or launched yet.
template <class Pipeline, class Backend>
stage_launches<Pipeline> checked_launches(const launch_request<Pipeline, Backend>& request, const derived_value* scalars) {
    check_request(request, scalars);
    stage_launches<Pipeline> launches;
    launches.view().derive(request.fmt, scalars, request.context());
    return launches;
}

}  // namespace detail

/// The launch of `Pipeline` on `device` from `pool` with the caller's intermediates and workspaces
/// (`scratch`), checked exactly as `launch_pipeline` checks it before its first launch (the format,
/// the counts, the runtime scalars' bounds, every buffer's size and overlap, the pool and that
/// `device` loaded it, every stage's arguments and grid) and derived into each stage's
/// configuration and arguments, but not launched. Errors name the call as `launch_pipeline` does,
/// with `label`. It views the buffers it is given, which must outlive it.
template <class Pipeline, backend Backend>
class checked_launch {
public:
    /// `runtime_scalars` is a tuple of the declared types, as `launch_pipeline` takes them. Throws
    /// what `launch_pipeline` would throw before launching anything.
    template <class Scalars>
    checked_launch(const Backend& device, const artifact_pool<Pipeline, Backend>& pool, std::span<const buffer> scratch,
                   std::span<const buffer> operands, std::span<const buffer> results, const Scalars& runtime_scalars,
                   std::string_view label)
        : buffers_{operands.data(), results.data(), scratch.data(), Pipeline::intermediate_count} {
        request_.fmt = pool.format();
        request_.operands = {operands.data(), operands.size()};
        request_.results = {results.data(), results.size()};
        request_.values = detail::scalar_values_of<typename Pipeline::scalars>(runtime_scalars);
        request_.pool = &pool;
        request_.device = &device;
        request_.scratch = scratch;
        request_.label = label;
        launches_ = detail::checked_launches(request_, detail::values_of<typename Pipeline::scalars>(request_.values).at);
    }

    /// The runtime scalars, as the pipeline's own tuple.
    const typename Pipeline::scalar_values& values() const noexcept { return request_.values; }

    const launch_config& config(std::size_t stage) const noexcept { return launches_.view().config(stage); }

    /// Binds stage `stage`'s buffers and returns its arguments, one per parameter of its kernel;
    /// `launch_argument_mismatch` where a tensor map's buffer is not 16-byte aligned.
    std::span<const kernel_argument> bind(std::size_t stage) {
        const detail::launches_view launches = launches_.view();
        launches.bind(stage, buffers_);
        return launches.arguments(stage);
    }

    /// Checks the collective stages against a communicator of `ranks` ranks, as a launch does before its first stage.
    void check_collectives(int ranks) const {
        const auto scalars = detail::values_of<typename Pipeline::scalars>(request_.values);
        launches_.view().check_collectives(scalars.at, ranks, request_.context());
    }

    /// The stage after the group of collective stages that `stage` begins (`launches_view::collective_group_end`).
    std::size_t collective_group_end(std::size_t stage) const noexcept { return launches_.view().collective_group_end(stage); }

    /// Collective stage `stage`, as its communicator runs it, after `bind(stage)`.
    collective_call collective(std::size_t stage) const {
        const auto scalars = detail::values_of<typename Pipeline::scalars>(request_.values);
        return launches_.view().collective(stage, scalars.at);
    }

    /// Calls `zero(buffer)` with each zero_filled workspace that stage `stage` binds, after `bind(stage)`.
    template <class Zero>
    void for_each_zero_filled(std::size_t stage, Zero&& zero) const {
        launches_.view().for_each_zero_filled(stage, zero);
    }

    /// The bound of region `region`, a `repeat_while`, at these runtime scalars (checked at construction).
    std::uint32_t loop_bound(std::size_t region) const {
        constexpr const detail::pipeline_table& pipeline = detail::pipeline_table_of<Pipeline>;
        const auto scalars = detail::values_of<typename Pipeline::scalars>(request_.values);
        return detail::loop_bound(pipeline, pipeline.regions[region], scalars.at, request_.context());
    }

    /// The buffer that region `region`'s flag names.
    const buffer& flag(std::size_t region) const noexcept { return buffers_[Pipeline::regions[region].flag]; }

    /// `failure` in the context of this call's stage `stage`, as `launch_pipeline` reports a stage's failure.
    error in_stage(const error& failure, std::size_t stage) const { return failure.in_context(request_.stage_context(stage)); }

private:
    detail::launch_request<Pipeline, Backend> request_;
    detail::bound_buffers buffers_;
    detail::stage_launches<Pipeline> launches_;
};

/// An NVTX range in the "accy" domain named "`Operation` of pipeline 'target' v1", open for the
/// object's life, as `launch_pipeline` opens one per call (nothing where NVTX is compiled out).
template <class Pipeline, fixed_string Operation>
class traced_operation {
public:
    traced_operation() noexcept
        : range_(detail::traced([] { return detail::context_text(detail::context_of<Pipeline>(Operation.view())); })) {}

private:
    detail::trace_range range_;
};

}  // namespace accy
