// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::pipeline_graph`: a pipeline's launches instantiated once as a CUDA graph, then replayed.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/attributes.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/condition_kernels.hpp>
#include <accy/backend/cuda/detail/function_checks.hpp>
#include <accy/backend/cuda/detail/owned_handle.hpp>
#include <accy/backend/cuda/detail/parameters.hpp>
#include <accy/backend/cuda/stream_owner.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/checked_launch.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/launch_request.hpp>
#include <accy/runtime/launch_options.hpp>
#include <accy/runtime/scratch_buffers.hpp>

#include <cuda.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace accy::cuda {

/// `Pipeline` launched from a pool with caller-owned scratch (intermediates and workspaces), as a CUDA graph
/// of one kernel node per stage (after a memset node per zero_filled workspace it binds), each
/// depending on the one before, with the entries' cluster and cooperative attributes; a stage whose
/// kernel waits on its predecessor depends on the kernel before it through a programmatic edge, so
/// that it may start while that kernel runs. `launch` replays all stages with one `cuGraphLaunch`. `update`
/// takes new runtime scalars, checks them exactly as `launch_pipeline` does (bounds, buffer sizes,
/// arguments, grids) and rewrites the kernel nodes' arguments and grids in place
/// (`cuGraphExecKernelNodeSetParams`), with new operands and results where given. The graph keeps
/// the buffers it was made with, or last updated with: the caller keeps the pool, scratch, operands
/// and results alive while the graph exists, and destroying the graph waits for nothing. The pool
/// must be one `device` loaded, as `launch_pipeline` requires. A `repeat_while` is a conditional
/// WHILE node and a `when` an IF node, each decided on the GPU by a one-thread condition kernel
/// (backend/cuda/detail/condition_kernels.hpp) that the graph loads, with 4 bytes of pass counters
/// per region, when it is made. `add_to` puts the stages into a graph of the caller's, as a child
/// graph node between the caller's own nodes (not with regions: the driver refuses conditional
/// nodes in a child graph). A collective stage, or a group of send and receive stages, is captured
/// through the communicator given as `accy::use_communicator(rank)` (which must outlive the graph)
/// into a child graph node between the kernel nodes: one replay runs kernels and collectives, and
/// every rank must replay its graph as it would launch the pipeline. An `update` keeps each
/// collective's buffers and counts as captured (`unsupported_operation` otherwise: make a new
/// graph). Move-only: the members of a moved-from graph throw `launch_argument_mismatch` (as a launch
/// from a moved-from pool does).
template <class Pipeline>
class pipeline_graph {
    static_assert(is_pipeline<Pipeline> && Pipeline::well_formed,
                  "accy::cuda::pipeline_graph<P>: P must be a well-formed accy::pipeline<Definition>");

    /// Whether a collective stage lies in a repeat_while or a when: NCCL's calls do not go into
    /// conditional nodes.
    static constexpr bool collective_in_region() {
        for (const region_info& region : Pipeline::regions)
            for (std::size_t s = region.first; s < region.end; ++s)
                if (Pipeline::stage_infos[s].collective != collective_kind::none) return true;
        return false;
    }
    static_assert(!is_pipeline<Pipeline> || !collective_in_region(),
                  "accy::cuda::pipeline_graph<P>: P has a collective stage in a repeat_while or when, and NCCL's calls "
                  "cannot run in a conditional node: launch P on a stream with accy::use_communicator");

public:
    using pool_type = artifact_pool<Pipeline, backend>;

    template <class Scalars, class... Communicator>
    pipeline_graph(backend& device, const pool_type& pool, std::span<const buffer, Pipeline::scratch_count> scratch,
                   std::span<const buffer, Pipeline::operand_count> operands,
                   std::span<const buffer, Pipeline::result_count> results, const Scalars& runtime_scalars,
                   accy::detail::use_communicator_option<Communicator>... communicator)
        : device_(&device), api_(&device.driver()), context_(device.context()), pool_(&pool), state_({api_, &device}) {
        static_assert(sizeof...(Communicator) <= 1, "accy::cuda::pipeline_graph: one accy::use_communicator(rank) at most");
        static_assert(Pipeline::collective_count == 0 || sizeof...(Communicator) == 1,
                      "accy::cuda::pipeline_graph<P>: P has collective stages: pass accy::use_communicator(rank) after "
                      "the runtime scalars");
        static_assert((backend_with_collectives<backend, Communicator> && ...),
                      "accy::cuda::pipeline_graph: use_communicator(c) takes an accy::nccl::communicator");
        ((collectives_ = {communicator.communicator, &accy::detail::run_collectives_on<backend, Communicator>,
                          &accy::detail::launches_view::check_collectives, static_cast<int>(communicator.communicator->size())}),
         ...);
        assign(scratch_, scratch);
        assign(operands_, operands);
        assign(results_, results);
        const context_scope current(*api_, context_);
        // A throw from here on destroys what was created, as the destructor would.
        detail::check(*api_, api_->graph_create(&state_->graph, 0), "cuGraphCreate");
        if constexpr (Pipeline::region_count > 0) prepare_regions(device);
        values_ = write_nodes(runtime_scalars, node_write::add);
        detail::check(*api_, api_->graph_instantiate(&state_->exec, state_->graph, 0), "cuGraphInstantiate");
    }

    template <class Scalars, class... Communicator>
    pipeline_graph(backend& device, const pool_type& pool, const scratch_buffers<Pipeline, backend>& scratch,
                   std::span<const buffer, Pipeline::operand_count> operands,
                   std::span<const buffer, Pipeline::result_count> results, const Scalars& runtime_scalars,
                   accy::detail::use_communicator_option<Communicator>... communicator)
        : pipeline_graph(device, pool, scratch.buffers(), operands, results, runtime_scalars, communicator...) {}

    /// Replays every stage, in order, on `stream` (the legacy default stream when none). Returns
    /// without waiting.
    void launch(const std::optional<CUstream>& stream = std::nullopt) {
        const traced_operation<Pipeline, "pipeline_graph::launch"> traced;
        check_not_moved_from("pipeline_graph::launch");
        const context_scope current(*api_, context_);
        detail::check(*api_, api_->graph_launch(state_->exec, stream.value_or(nullptr)), "cuGraphLaunch");
    }

    /// Uploads the executable graph to the device, queued on `stream` (the legacy default stream when
    /// none), so that the first `launch` costs what a later one does; instantiation alone leaves the
    /// upload to the first launch. After an `update`, a launch uploads what changed itself.
    void upload(const std::optional<CUstream>& stream = std::nullopt) {
        check_not_moved_from("pipeline_graph::upload");
        const context_scope current(*api_, context_);
        detail::check(*api_, api_->graph_upload(state_->exec, stream.value_or(nullptr)), "cuGraphUpload");
    }

    /// The CUDA graph the executable graph was instantiated from, borrowed: it lives as long as this
    /// object, and its kernel nodes hold the arguments of the last `update` (or of construction). For
    /// the caller's own calls that read a graph (cuGraphClone, cuGraphDebugDotPrint, ...); a change
    /// made to it reaches neither `launch` nor `update`.
    CUgraph cuda_graph() const {
        check_not_moved_from("pipeline_graph::cuda_graph");
        return state_->graph;
    }

    /// Adds the stages to the caller's graph `caller` as one child graph node that depends on
    /// `dependencies`, and returns that node, for the caller's next nodes to depend on. The node is a
    /// copy of the stages as they are now: after an `update`, `update_embedded` carries the new
    /// arguments into the caller's executable graph. The caller keeps this graph's pool, scratch,
    /// operands and results alive while its own graph or an executable of it exists.
    CUgraphNode add_to(CUgraph caller, std::span<const CUgraphNode> dependencies = {}) const {
        check_not_moved_from("pipeline_graph::add_to");
        if constexpr (Pipeline::region_count > 0)
            accy::detail::fail(errc::unsupported_operation, accy::detail::context_of<Pipeline>("pipeline_graph::add_to"),
                               {"the pipeline has a repeat_while or when, whose conditional nodes the driver does not take in "
                                "a child graph node (CUDA_ERROR_NOT_SUPPORTED): launch this graph on the caller's stream "
                                "between the caller's own work instead"});
        const context_scope current(*api_, context_);
        CUgraphNode added = nullptr;
        detail::check(*api_,
                      api_->graph_add_child_graph_node(&added, caller, dependencies.data(), dependencies.size(), state_->graph),
                      "cuGraphAddChildGraphNode");
        return added;
    }

    /// Sets `node`, a child graph node that `add_to` added to the graph the caller's executable graph
    /// `caller_exec` was instantiated from, to the stages' arguments as they are now (after an
    /// `update`), for the caller's next launch of `caller_exec`. As for `update`, call it only while
    /// no launch of `caller_exec` is queued.
    void update_embedded(CUgraphExec caller_exec, CUgraphNode node) const {
        check_not_moved_from("pipeline_graph::update_embedded");
        const context_scope current(*api_, context_);
        detail::check(*api_, api_->graph_exec_child_graph_node_set_params(caller_exec, node, state_->graph),
                      "cuGraphExecChildGraphNodeSetParams");
    }

    /// Re-derives every stage from new runtime scalars, all or nothing: if a check fails nothing
    /// changes, and if the driver refuses node k the nodes up to it are set back to the scalars
    /// of the last successful update (or construction) before the error is thrown. Call it only
    /// while no replay of this graph is queued: the nodes change for the next launch.
    /// `runtime_scalars` is a tuple of the declared types, as `launch_pipeline` takes them.
    template <class Scalars>
    void update(const Scalars& runtime_scalars) {
        update(operands_, results_, runtime_scalars);
    }

    /// As `update(runtime_scalars)`, with new operands and results too, checked as a launch checks
    /// them: the graph's kernels then read and write these (its tensor maps re-encoded to point at
    /// them), and the caller keeps them alive instead of the ones before.
    template <class Scalars>
    void update(std::span<const buffer, Pipeline::operand_count> operands,
                std::span<const buffer, Pipeline::result_count> results, const Scalars& runtime_scalars) {
        check_not_moved_from("pipeline_graph::update");
        const context_scope current(*api_, context_);
        const std::array<buffer, Pipeline::operand_count> old_operands = operands_;
        const std::array<buffer, Pipeline::result_count> old_results = results_;
        assign(operands_, operands);
        assign(results_, results);
        std::size_t written = 0;
        typename Pipeline::scalar_values values;
        try {
            values = write_nodes(runtime_scalars, node_write::set, &written);
        } catch (...) {
            operands_ = old_operands;
            results_ = old_results;
            if (written > 0) {
                try {
                    write_nodes(values_, node_write::set, nullptr, written);  // derived before: its checks pass
                } catch (...) {
                    // The driver refused the old parameters too: the first error is the one to report.
                }
            }
            throw;
        }
        values_ = values;
    }

private:
    enum class node_write { add, set };

    /// A moved-from graph has no executable graph (construction throws rather than leave one without);
    /// without this check the driver would refuse the null handle with a bare CUDA_ERROR_INVALID_VALUE.
    void check_not_moved_from(std::string_view operation) const {
        if (state_->exec == nullptr)
            throw error(errc::launch_argument_mismatch, accy::detail::context_of<Pipeline>(operation),
                        "the graph was moved from; its CUDA graph belongs to the graph it was moved to");
    }

    /// Copies `from` into `to` element by element: std::copy into an empty std::array is a memmove
    /// to a null pointer, which g++ 13 warns of.
    template <std::size_t Count>
    static void assign(std::array<buffer, Count>& to, std::span<const buffer, Count> from) noexcept {
        for (std::size_t i = 0; i < Count; ++i) to[i] = from[i];
    }

    /// Adds or sets the nodes of stages below `stages` (and, with every stage, the regions' condition
    /// kernels), counting the stages set in `*written`; returns the runtime scalars, as the
    /// pipeline's tuple, that the nodes now hold. A region's stages go into its conditional node's body.
    template <class Scalars>
    typename Pipeline::scalar_values write_nodes(const Scalars& runtime_scalars, node_write how, std::size_t* written = nullptr,
                                                 std::size_t stages = Pipeline::stage_count) {
        checked_launch<Pipeline, backend> launches(*device_, *pool_, scratch_, operands_, results_, runtime_scalars,
                                                   "pipeline_graph");
        std::size_t stage = 0;
        if constexpr (Pipeline::collective_count > 0) launches.check_collectives(collectives_.ranks);
        [[maybe_unused]] std::optional<stream_owner> capture;  // where the collectives are captured, made for the first
        try {
            for (; stage < Pipeline::stage_count; ++stage) detail::check_resident((*pool_)[stage].kernel, launches.config(stage).grid);
            CUgraph graph = state_->graph;  // where the next node goes: the pipeline's graph, or a region's body
            CUgraphNode last = nullptr;     // the node the next one depends on, while adding
            bool last_is_kernel = false;
            [[maybe_unused]] std::size_t region = 0;  // the next region to open or close
            for (stage = 0; stage < stages; ++stage) {
                const std::span<const kernel_argument> bound = launches.bind(stage);
                if constexpr (Pipeline::collective_count > 0) {
                    if (Pipeline::stage_infos[stage].collective != collective_kind::none) {
                        // The stage and the others of its group (send and receive stages), in one node.
                        const std::size_t first = stage, end = launches.collective_group_end(stage);
                        std::array<collective_call, Pipeline::collective_count> calls{};
                        for (; stage < end; ++stage) {
                            if (stage > first) launches.bind(stage);
                            calls[stage - first] = launches.collective(stage);
                            if (how == node_write::set) check_captured(stage, calls[stage - first]);
                        }
                        stage = end - 1;  // the loop's ++stage goes on after the group
                        if (how == node_write::set) {
                            if (written != nullptr) *written += end - first;
                            continue;
                        }
                        if (!capture) capture.emplace(*device_, CU_STREAM_NON_BLOCKING);
                        last = add_collectives(capture->get(), calls.data(), end - first, graph, last);
                        for (std::size_t s = first; s < end; ++s) {
                            nodes_[s] = last;
                            captured_[s] = calls[s - first];
                        }
                        last_is_kernel = false;
                        continue;
                    }
                }
                detail::kernel_parameters parameters(*api_, bound);
                CUDA_KERNEL_NODE_PARAMS node{};
                node.func = (*pool_)[stage].kernel.function;
                detail::set_geometry(node, launches.config(stage));
                node.kernelParams = parameters.data();  // copied by the driver
                if (how == node_write::set) {
                    set_kernel_node(nodes_[stage], node, written);
                    continue;
                }
                if constexpr (Pipeline::region_count > 0) {
                    if (region < Pipeline::region_count && Pipeline::regions[region].first == stage) {
                        graph = open_region(launches, region, last);
                        last_is_kernel = false;
                    }
                }
                if (add_zero_fills(launches, stage, graph, last)) last_is_kernel = false;
                const launch_attributes& declared = (*pool_)[stage].kernel.attributes;
                detail::check(*api_, api_->graph_add_kernel_node(&nodes_[stage], graph, nullptr, 0, &node),
                              "cuGraphAddKernelNode");
                for (const CUlaunchAttribute& attribute : detail::driver_attributes(declared, false))
                    detail::check(*api_, api_->graph_kernel_node_set_attribute(nodes_[stage], attribute.id, &attribute.value),
                                  "cuGraphKernelNodeSetAttribute");
                if (last != nullptr) {
                    CUgraphEdgeData edge{};
                    if (declared.waits_on_predecessor && last_is_kernel) {
                        edge.type = CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC;
                        edge.from_port = CU_GRAPH_KERNEL_NODE_PORT_PROGRAMMATIC;
                    }
                    detail::check(*api_, api_->graph_add_dependencies(graph, &last, &nodes_[stage], &edge, 1),
                                  "cuGraphAddDependencies");
                }
                last = nodes_[stage];
                last_is_kernel = true;
                if constexpr (Pipeline::region_count > 0) {
                    if (region < Pipeline::region_count && Pipeline::regions[region].end == stage + 1) {
                        if (Pipeline::regions[region].kind == region_kind::repeat_while)
                            write_condition(launches, region, node_write::add, graph, last);
                        graph = state_->graph;
                        last = regions_[region++];
                        last_is_kernel = false;
                    }
                }
            }
            if (how == node_write::set && stages == Pipeline::stage_count)
                for (std::size_t r = 0; r < Pipeline::region_count; ++r) {
                    stage = Pipeline::regions[r].end - 1;  // a condition kernel's failure is its region's last stage's
                    write_condition(launches, r, node_write::set);
                }
        } catch (const error& failure) {
            throw launches.in_stage(failure, stage);
        }
        return launches.values();
    }

    /// Sets kernel node `node` to `parameters` in the graph (so that `cuda_graph`, `add_to` and
    /// `update_embedded` see it), counting it in `*written` once it is, then in the executable graph:
    /// a rollback sets back every node counted, in both.
    void set_kernel_node(CUgraphNode node, const CUDA_KERNEL_NODE_PARAMS& parameters, std::size_t* written = nullptr) {
        detail::check(*api_, api_->graph_kernel_node_set_params(node, &parameters), "cuGraphKernelNodeSetParams");
        if (written != nullptr) ++*written;
        detail::check(*api_, api_->graph_exec_kernel_node_set_params(state_->exec, node, &parameters),
                      "cuGraphExecKernelNodeSetParams");
    }

    /// Captures `count` calls (a collective stage, or a group of send and receive stages) on `stream`, a
    /// stream of the graph's context no one else queues on, into a graph of its own and adds that to
    /// `graph` as a child graph node after `last`; returns the node.
    CUgraphNode add_collectives(CUstream stream, const collective_call* calls, std::size_t count, CUgraph graph,
                                CUgraphNode last) {
        using owned_graph = detail::owned_handle<CUgraph, &driver_api::graph_destroy>;
        // Thread-local: other threads' calls that a capture forbids go on; NCCL's own, where it
        // needs them, are made in a mode of its choosing.
        detail::check(*api_, api_->stream_begin_capture(stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL), "cuStreamBeginCapture");
        CUgraph ended = nullptr;
        try {
            const std::optional<CUstream> on = stream;
            collectives_.run(state_->device, collectives_.communicator, calls, count, &on);
        } catch (...) {
            // The capture ends whatever happened; the collective's failure is the error to report.
            if (api_->stream_end_capture(stream, &ended) == CUDA_SUCCESS && ended != nullptr) api_->graph_destroy(ended);
            throw;
        }
        detail::check(*api_, api_->stream_end_capture(stream, &ended), "cuStreamEndCapture");
        const accy::detail::owner<owned_graph> captured({api_, ended});  // the node holds a copy of it
        CUgraphNode added = nullptr;
        detail::check(*api_, api_->graph_add_child_graph_node(&added, graph, &last, last == nullptr ? 0 : 1, ended),
                      "cuGraphAddChildGraphNode");
        return added;
    }

    /// Refuses an `update` that would change collective stage `stage`'s call from the one captured.
    void check_captured(std::size_t stage, const collective_call& call) const {
        if (call == captured_[stage]) return;
        const std::size_t then = captured_[stage].count;
        throw error(errc::unsupported_operation, accy::detail::context_of<Pipeline>("pipeline_graph::update"),
                    accy::detail::message({"collective stage ", stage, " would run on other buffers or counts than the ones "
                                           "captured (", then, " elements then, ", call.count, " now), and a captured "
                                           "collective cannot be changed in place: make a new pipeline_graph"}));
    }

    /// The pass counters of the loops and the condition kernels the regions need, made once.
    void prepare_regions(backend& device) {
        bool loops = false, whens = false;
        for (const region_info& region : Pipeline::regions) (region.kind == region_kind::repeat_while ? loops : whens) = true;
        if (loops) {
            state_->passes = device.allocate_buffer(sizeof(std::uint32_t) * Pipeline::region_count);
            state_->loop_condition = load(device, detail::loop_condition_entry);
        }
        if (whens) state_->when_condition = load(device, detail::when_condition_entry);
    }

    static kernel load(backend& device, const kernel_entry& entry) {
        return device.load_artifact(device.create_artifact(entry, entry.format, entry.payload));
    }

    /// Adds region `r`'s conditional node to the pipeline's graph after `last` (a loop after a memset
    /// of its pass counter, a when after its condition kernel) and returns its body, where `last`,
    /// now none, is what the next node depends on.
    CUgraph open_region(const checked_launch<Pipeline, backend>& launches, std::size_t r, CUgraphNode& last) {
        const bool loop = Pipeline::regions[r].kind == region_kind::repeat_while;
        const CUgraph graph = state_->graph;
        // A loop's body runs once before its condition kernel first decides; a when's condition kernel decides first.
        detail::check(*api_,
                      api_->graph_conditional_handle_create(&handles_[r], graph, context_, loop ? 1 : 0,
                                                            CU_GRAPH_COND_ASSIGN_DEFAULT),
                      "cuGraphConditionalHandleCreate");
        if (loop) {
            CUDA_MEMSET_NODE_PARAMS memset{};
            memset.dst = pass_counter(r);
            memset.elementSize = sizeof(std::uint32_t);
            memset.width = 1;
            memset.height = 1;
            CUgraphNode zeroed = nullptr;
            detail::check(*api_, api_->graph_add_memset_node(&zeroed, graph, &last, last == nullptr ? 0 : 1, &memset, context_),
                          "cuGraphAddMemsetNode");
            last = zeroed;
        } else {
            write_condition(launches, r, node_write::add, graph, last);
            last = conditions_[r];
        }
        CUgraphNodeParams conditional{};
        conditional.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
        conditional.conditional.handle = handles_[r];
        conditional.conditional.type = loop ? CU_GRAPH_COND_TYPE_WHILE : CU_GRAPH_COND_TYPE_IF;
        conditional.conditional.size = 1;
        conditional.conditional.ctx = context_;
        detail::check(*api_, api_->graph_add_node(&regions_[r], graph, &last, nullptr, last == nullptr ? 0 : 1, &conditional),
                      "cuGraphAddNode");
        last = nullptr;
        return conditional.conditional.phGraph_out[0];
    }

    /// Adds region `r`'s condition kernel to `graph` after `last`, or sets it: a loop's counts the
    /// pass and goes on while the flag is non-zero below the bound; a when's lets its stages run
    /// where the flag is non-zero.
    void write_condition(const checked_launch<Pipeline, backend>& launches, std::size_t r, node_write how,
                         CUgraph graph = nullptr, CUgraphNode last = nullptr) {
        const bool loop = Pipeline::regions[r].kind == region_kind::repeat_while;
        CUgraphConditionalHandle handle = handles_[r];
        CUdeviceptr flag = launches.flag(r).address;
        CUdeviceptr passes = pass_counter(r);
        std::uint32_t bound = loop ? launches.loop_bound(r) : 0;
        std::array<void*, 4> loop_parameters{&handle, &flag, &passes, &bound};
        std::array<void*, 2> when_parameters{&handle, &flag};
        CUDA_KERNEL_NODE_PARAMS node{};
        node.func = (loop ? state_->loop_condition : state_->when_condition).function;
        node.gridDimX = node.gridDimY = node.gridDimZ = 1;
        node.blockDimX = node.blockDimY = node.blockDimZ = 1;
        node.kernelParams = loop ? loop_parameters.data() : when_parameters.data();
        if (how == node_write::set) {
            set_kernel_node(conditions_[r], node);
            return;
        }
        detail::check(*api_, api_->graph_add_kernel_node(&conditions_[r], graph, &last, last == nullptr ? 0 : 1, &node),
                      "cuGraphAddKernelNode");
    }

    /// Region `r`'s pass counter, a loop's.
    CUdeviceptr pass_counter(std::size_t r) const noexcept { return state_->passes.address + r * sizeof(std::uint32_t); }

    /// A memset node per zero_filled workspace stage `stage` binds, added to `graph` and chained after
    /// `last`; whether any was added.
    bool add_zero_fills(const checked_launch<Pipeline, backend>& launches, std::size_t stage, CUgraph graph, CUgraphNode& last) {
        const CUgraphNode before = last;
        launches.for_each_zero_filled(stage, [&](const buffer& zeroed) {
            CUDA_MEMSET_NODE_PARAMS memset{};
            memset.dst = zeroed.address;
            memset.elementSize = 1;
            memset.width = zeroed.byte_size;
            memset.height = 1;
            CUgraphNode added = nullptr;
            detail::check(*api_, api_->graph_add_memset_node(&added, graph, &last, last == nullptr ? 0 : 1, &memset, context_),
                          "cuGraphAddMemsetNode");
            last = added;
        });
        return last != before;
    }

    /// What the graph owns: the driver's graph and its executable, which is destroyed first, and
    /// for regions the loops' pass counters and the condition kernels.
    struct state {
        const driver_api* api = nullptr;
        backend* device = nullptr;
        CUgraph graph = nullptr;
        CUgraphExec exec = nullptr;
        buffer passes{};
        kernel loop_condition{};
        kernel when_condition{};

        void release() noexcept {
            if (exec != nullptr) api->graph_exec_destroy(exec);
            if (graph != nullptr) api->graph_destroy(graph);
            if (loop_condition.function != nullptr) device->unload_kernel(loop_condition);
            if (when_condition.function != nullptr) device->unload_kernel(when_condition);
            if (passes.address != 0) device->free_buffer(passes);
        }
    };

    const backend* device_;  ///< the backend the pool must have been loaded on
    const driver_api* api_;
    CUcontext context_;
    const pool_type* pool_;
    std::array<buffer, Pipeline::operand_count> operands_{};
    std::array<buffer, Pipeline::result_count> results_{};
    std::array<buffer, Pipeline::scratch_count> scratch_{};
    accy::detail::owner<state> state_;
    std::array<CUgraphNode, Pipeline::stage_count> nodes_{};
    std::array<CUgraphNode, Pipeline::region_count> regions_{};     ///< each region's conditional node
    std::array<CUgraphNode, Pipeline::region_count> conditions_{};  ///< each region's condition kernel's node
    std::array<CUgraphConditionalHandle, Pipeline::region_count> handles_{};
    typename Pipeline::scalar_values values_{};  ///< the scalars the nodes now hold
    accy::detail::collective_runner collectives_{};  ///< the communicator the collective stages were captured through
    /// Each collective stage's call as captured (the others' are empty).
    std::array<collective_call, Pipeline::collective_count == 0 ? 0 : Pipeline::stage_count> captured_{};
};

}  // namespace accy::cuda
