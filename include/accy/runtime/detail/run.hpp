// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::run`, the body of one `launch_pipeline` call: its checks, the scratch and
// kernels it makes for itself, the stages' launches in order, and the wait before it destroys them.
// The typed part gathers the call's tables and storage; `run_launches`, the same for every
// pipeline and backend, does the rest through the backend's `backend_calls`.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/checked_launch.hpp>
#include <accy/runtime/detail/backend_calls.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/pipeline_table_of.hpp>
#include <accy/runtime/detail/launch_request.hpp>
#include <accy/runtime/detail/room_for.hpp>
#include <accy/runtime/detail/stage_launches.hpp>
#include <accy/runtime/detail/trace.hpp>

#include <cstddef>

namespace accy::detail {

struct stage_run;

/// One call of `launch_pipeline` after its checks, as `run_launches` reads it: the pipeline's
/// tables, the backend and its calls, the derived launches, the call's inputs and stream, the
/// storage for what the call makes itself, and the code that only some pipelines need, null where
/// the pipeline does not need it: by default that code is inline, so a translation unit whose
/// pipelines have no region and no collective stage does not compile it.
struct launch_call {
    const pipeline_table& pipeline;
    const backend_calls& calls;
    void* device;
    launches_view launches;
    const call_inputs& inputs;
    const derived_value* scalars;
    const void* const* pool_kernels;  ///< the pool's kernel of each stage; null without a pool
    buffer* allocated;                ///< where the scratch it allocates goes (`scratch_count` places), without the caller's
    void* kernels;                    ///< where the kernels it loads go (`kernel_size` bytes each), without a pool
    std::size_t kernel_size;
    const void* stream;  ///< the call's `std::optional<Backend::stream>`
    const collective_runner& collectives;  ///< how its collective stages run
    collective_call* collective_calls;  ///< room for the calls of one group of collective stages
    const error_context& context;
    trace_name (*stage_trace)(std::size_t stage);  ///< the profiler's name of each stage
    void (*launch_regions)(stage_run& run, std::size_t& stage);            ///< `launch_with_regions`
    std::size_t (*launch_collectives)(stage_run& run, std::size_t stage);  ///< `launch_collective_group`
    /// The backend's `download`, which reads a region's flag.
    void (*download)(void* device, void* to, const buffer& from, std::size_t bytes);
};

/// Allocates the scratch of `pipeline` as one arena, at the size the runtime scalars give, puts each
/// scratch buffer's place in it into `buffers` (`plan_scratch`), and zeroes each kept_zero workspace.
/// With a `stream_order` (a stream, as `backend_calls` takes one) on a backend that allocates in
/// stream order, the arena is allocated and zeroed in that stream's order, and nothing waits; else
/// it is a plain allocation, zeroed on the default stream and waited for (device scope), so that a
/// launch on any stream finds it zeroed. Returns the arena, empty where there is no scratch. The
/// scalars' bounds and every size are checked before anything is allocated. Errors are in `context`.
ACCY_DECL buffer allocate_scratch_arena(const pipeline_table& pipeline, const backend_calls& calls, void* device,
                                        const derived_value* scalars, buffer* buffers,
                                        const error_context& context, const void* stream_order = nullptr);

/// Allocates what `call` has not been given, launches its stages in order, and waits for what it
/// made itself before destroying it (see `launch_pipeline`).
ACCY_DECL void run_launches(const launch_call& call);

/// Launches every stage in order, as `stage_run::launch_in_order` does, for a pipeline with regions:
/// a `when`'s stages where its flag is non-zero, a loop's again while its flag is non-zero after
/// them, up to its bound. `stage` is the stage it is at, for a failure's message.
ACCY_DECL void launch_with_regions(stage_run& run, std::size_t& stage);

/// Runs the group of collective stages that `stage` begins as one call of the communicator;
/// returns the stage after it.
ACCY_DECL std::size_t launch_collective_group(stage_run& run, std::size_t stage);

/// The profiler's name of stage `stage` of `Pipeline`, registered once.
template <class Pipeline>
trace_name stage_trace(std::size_t stage) {
    return traced<Pipeline::stage_count>(stage, [](std::size_t s) {
        return context_text({.stage = s, .stage_target = Pipeline::stage_infos[s].target});
    });
}

template <class Pipeline, backend Backend>
void run(Backend& device, const launch_request<Pipeline, Backend>& request) {
    static_assert(Pipeline::region_count == 0 || backend_with_download<Backend>,
                  "accy::launch_pipeline: a pipeline with a repeat_while or when reads its flag on the host after "
                  "the stages before it, which needs a backend with download(void* to, const accy::buffer& from, "
                  "std::size_t bytes)");
    const trace_range traced_launch(traced([] { return context_text(context_of<Pipeline>(launch_operation)); }));
    const auto scalars = values_of<typename Pipeline::scalars>(request.values);
    stage_launches<Pipeline> launches = checked_launches(request, scalars.at);
    room_for<const void*, Pipeline::stage_count> pool_kernels{};
    if (request.pool != nullptr)
        for (std::size_t s = 0; s < Pipeline::stage_count; ++s) pool_kernels[s] = &(*request.pool)[s].kernel;
    room_for<buffer, Pipeline::scratch_count> allocated{};
    room_for<typename Backend::kernel, Pipeline::stage_count> kernels{};
    room_for<collective_call, Pipeline::collective_count> collective_calls{};
    const error_context context = request.context();
    launch_call call{pipeline_table_of<Pipeline>, backend_calls_of<Backend, zeroes_buffers<Pipeline>>, &device, launches.view(), request, scalars.at,
                     request.pool != nullptr ? pool_kernels : nullptr, allocated, kernels,
                     sizeof(typename Backend::kernel), &request.stream, request.collectives, collective_calls, context,
                     &stage_trace<Pipeline>, nullptr, nullptr, nullptr};
    if constexpr (Pipeline::region_count != 0) {
        call.launch_regions = &launch_with_regions;
        call.download = [](void* backend, void* to, const buffer& from, std::size_t bytes) {
            static_cast<Backend*>(backend)->download(to, from, bytes);
        };
    }
    if constexpr (Pipeline::collective_count != 0) call.launch_collectives = &launch_collective_group;
    run_launches(call);
}

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/run.hpp>
#endif
