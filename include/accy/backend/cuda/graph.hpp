// Defines `accy::cuda::pipeline_graph`: a pipeline's launches instantiated once as a CUDA graph, then replayed.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/check.hpp>
#include <accy/backend/cuda/parameters.hpp>
#include <accy/core/buffer.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/intermediate_buffers.hpp>
#include <accy/runtime/launch.hpp>

#include <boost/hana/for_each.hpp>

#include <cuda.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

namespace accy::cuda {

/// `Pipeline` launched from a pool with caller-owned intermediates, as a CUDA graph of one kernel
/// node per stage, each depending on the one before. `launch` replays all stages with one
/// `cuGraphLaunch`. `update` takes new runtime scalars, checks them exactly as `launch_pipeline`
/// does (count, bounds, intermediate sizes, grids) and rewrites the nodes' scalars and grids in
/// place (`cuGraphExecKernelNodeSetParams`). The graph keeps the buffers it was made with: the
/// caller keeps the pool, intermediates, operands and results alive while the graph exists, and
/// destroying the graph waits for nothing. Move-only.
template <class Pipeline>
class pipeline_graph {
    static_assert(is_pipeline<Pipeline> && Pipeline::well_formed,
                  "accy::cuda::pipeline_graph<P>: P must be a well-formed accy::pipeline<Definition>");

public:
    using pool_type = artifact_pool<Pipeline, backend>;

    pipeline_graph(backend& device, const pool_type& pool, std::span<const buffer, Pipeline::intermediate_count> intermediates,
                   std::span<const buffer, Pipeline::operand_count> operands,
                   std::span<const buffer, Pipeline::result_count> results,
                   std::span<const std::uint32_t, Pipeline::runtime_scalar_count> runtime_scalars)
        : api_(&device.driver()), pool_(&pool) {
        std::copy(intermediates.begin(), intermediates.end(), intermediates_.begin());
        std::copy(operands.begin(), operands.end(), operands_.begin());
        std::copy(results.begin(), results.end(), results_.begin());
        detail::check(*api_, api_->graph_create(&graph_, 0), "cuGraphCreate");
        try {
            write_nodes(runtime_scalars, node_write::add);
            detail::check(*api_, api_->graph_instantiate(&exec_, graph_, 0), "cuGraphInstantiate");
        } catch (...) {
            release();
            throw;
        }
    }

    pipeline_graph(backend& device, const pool_type& pool, const intermediate_buffers<Pipeline, backend>& intermediates,
                   std::span<const buffer, Pipeline::operand_count> operands,
                   std::span<const buffer, Pipeline::result_count> results,
                   std::span<const std::uint32_t, Pipeline::runtime_scalar_count> runtime_scalars)
        : pipeline_graph(device, pool, intermediates.buffers(), operands, results, runtime_scalars) {}

    pipeline_graph(pipeline_graph&& other) noexcept
        : api_(other.api_), pool_(other.pool_), operands_(other.operands_), results_(other.results_),
          intermediates_(other.intermediates_), graph_(std::exchange(other.graph_, nullptr)),
          exec_(std::exchange(other.exec_, nullptr)), nodes_(other.nodes_) {}
    pipeline_graph& operator=(pipeline_graph&& other) noexcept {
        if (this != &other) {
            release();
            api_ = other.api_;
            pool_ = other.pool_;
            operands_ = other.operands_;
            results_ = other.results_;
            intermediates_ = other.intermediates_;
            graph_ = std::exchange(other.graph_, nullptr);
            exec_ = std::exchange(other.exec_, nullptr);
            nodes_ = other.nodes_;
        }
        return *this;
    }
    pipeline_graph(const pipeline_graph&) = delete;
    pipeline_graph& operator=(const pipeline_graph&) = delete;
    ~pipeline_graph() { release(); }

    /// Replays every stage, in order, on `stream` (the legacy default stream when none). Returns
    /// without waiting.
    void launch(const std::optional<CUstream>& stream = std::nullopt) {
        detail::check(*api_, api_->graph_launch(exec_, stream.value_or(nullptr)), "cuGraphLaunch");
    }

    /// Re-derives every stage from new runtime scalars; nothing changes if a check fails. Call it
    /// only while no replay of this graph is queued: the nodes change for the next launch.
    void update(std::span<const std::uint32_t, Pipeline::runtime_scalar_count> runtime_scalars) {
        write_nodes(runtime_scalars, node_write::set);
    }

private:
    enum class node_write { add, set };

    void write_nodes(std::span<const std::uint32_t> runtime_scalars, node_write how) {
        accy::detail::launch_request<Pipeline, backend> request;
        request.fmt = pool_->format();
        request.operands = operands_;
        request.results = results_;
        request.runtime_scalars = runtime_scalars;
        request.pool = pool_;
        request.intermediates = std::span<const buffer>(intermediates_);
        request.diagnostic_id = "pipeline_graph";
        auto launches = accy::detail::checked_launches(request);
        boost::hana::for_each(launches, [&](auto& launch) {
            constexpr std::size_t stage = std::remove_cvref_t<decltype(launch)>::index;
            launch.bind(operands_, results_, intermediates_);
            detail::kernel_parameters parameters(launch.buffers, launch.scalars);
            CUDA_KERNEL_NODE_PARAMS node{};
            node.func = (*pool_)[stage].kernel.function;
            node.gridDimX = launch.dims.grid.x;
            node.gridDimY = launch.dims.grid.y;
            node.gridDimZ = launch.dims.grid.z;
            node.blockDimX = launch.dims.block.x;
            node.blockDimY = launch.dims.block.y;
            node.blockDimZ = launch.dims.block.z;
            node.kernelParams = parameters.data();  // copied by the driver
            if (how == node_write::add) {
                const CUgraphNode* previous = stage == 0 ? nullptr : &nodes_[stage - 1];
                detail::check(*api_, api_->graph_add_kernel_node(&nodes_[stage], graph_, previous, stage == 0 ? 0 : 1, &node),
                              "cuGraphAddKernelNode");
            } else {
                detail::check(*api_, api_->graph_exec_kernel_node_set_params(exec_, nodes_[stage], &node),
                              "cuGraphExecKernelNodeSetParams");
            }
        });
    }

    void release() noexcept {
        if (exec_ != nullptr) api_->graph_exec_destroy(exec_);
        if (graph_ != nullptr) api_->graph_destroy(graph_);
        exec_ = nullptr;
        graph_ = nullptr;
    }

    const detail::driver_api* api_;
    const pool_type* pool_;
    std::array<buffer, Pipeline::operand_count> operands_{};
    std::array<buffer, Pipeline::result_count> results_{};
    std::array<buffer, Pipeline::intermediate_count> intermediates_{};
    CUgraph graph_ = nullptr;
    CUgraphExec exec_ = nullptr;
    std::array<CUgraphNode, Pipeline::stage_count> nodes_{};
};

}  // namespace accy::cuda
