// SPDX-License-Identifier: Apache-2.0
// Inclusive scan of n floats on the GPU, n = 2^10 ... 2^28: accy's three-stage scan, accy's
// single-pass scan and cub::DeviceScan::InclusiveSum. "throughput" is device time by CUDA events
// around one launch on a warm pool and scratch (bytes: n read + n written); "latency" is host
// time of one launch and a stream synchronize, with accy's pipelines replayed as CUDA graphs.
#include "cub_scan.hpp"
#include "gpu_context.hpp"
#include "scan/scan_pipeline.hpp"
#include "single_pass_scan/single_pass_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

constexpr std::uint32_t largest = 1u << 28;

/// Input and output of the largest size, the input random (never zeros), made once.
struct scan_buffers {
    accy_bench::gpu& gpu = accy_bench::the_gpu();
    accy::cuda::device_buffer in{gpu.device, std::size_t{largest} * sizeof(float)};
    accy::cuda::device_buffer out{gpu.device, std::size_t{largest} * sizeof(float)};
    accy_bench::cub_scan cub{largest};

    scan_buffers() {
        std::vector<float> values(largest);
        std::minstd_rand engine(std::random_device{}());
        std::uniform_real_distribution<float> draw(-1.0f, 1.0f);
        for (float& value : values) value = draw(engine);
        gpu.device.upload(in.view(), values.data(), values.size() * sizeof(float));
    }

    /// The first n elements of each buffer.
    std::array<accy::buffer, 1> operands(std::uint32_t n) const { return {accy::buffer{in.view().address, n * sizeof(float)}}; }
    std::array<accy::buffer, 1> results(std::uint32_t n) const { return {accy::buffer{out.view().address, n * sizeof(float)}}; }
    CUstream stream() const { return gpu.stream.get(); }
};

scan_buffers& buffers() {
    static scan_buffers instance;
    return instance;
}

void check(cudaError_t result) {
    if (result != cudaSuccess) throw std::runtime_error(cudaGetErrorString(result));
}

/// Device time of `launch` by events, one iteration each, after three launches of warm-up.
template <class Launch>
void device_time(benchmark::State& state, std::uint32_t n, Launch&& launch) {
    scan_buffers& b = buffers();
    cudaEvent_t start, stop;
    check(cudaEventCreate(&start));
    check(cudaEventCreate(&stop));
    for (int warm = 0; warm < 3; ++warm) launch();
    for (auto _ : state) {
        check(cudaEventRecord(start, b.stream()));
        launch();
        check(cudaEventRecord(stop, b.stream()));
        check(cudaEventSynchronize(stop));
        float milliseconds = 0;
        check(cudaEventElapsedTime(&milliseconds, start, stop));
        state.SetIterationTime(milliseconds / 1e3);
    }
    state.SetBytesProcessed(state.iterations() * 2 * std::int64_t{n} * static_cast<std::int64_t>(sizeof(float)));
    state.SetItemsProcessed(state.iterations() * std::int64_t{n});
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
}

/// Host time of `launch` followed by a stream synchronize, after three of warm-up.
template <class Launch>
void host_latency(benchmark::State& state, Launch&& launch) {
    scan_buffers& b = buffers();
    for (int warm = 0; warm < 3; ++warm) launch();
    b.gpu.device.synchronize(b.stream());
    for (auto _ : state) {
        launch();
        b.gpu.device.synchronize(b.stream());
    }
}

/// accy's pipeline `Pipeline` with its pool and scratch, launched directly or as a graph.
template <class Pipeline>
struct accy_scan {
    scan_buffers& b = buffers();
    std::uint32_t n;
    std::array<accy::buffer, 1> operands, results;
    typename Pipeline::scalar_values scalars{n};
    accy::artifact_pool<Pipeline, accy::cuda::backend> pool = accy::load_artifacts<Pipeline>(b.gpu.device, accy::formats::cuda_fatbin);
    accy::intermediate_buffers<Pipeline, accy::cuda::backend> scratch = accy::allocate_intermediates<Pipeline>(b.gpu.device, scalars);

    explicit accy_scan(std::uint32_t size) : n(size), operands(b.operands(size)), results(b.results(size)) {}

    void launch() {
        accy::launch_pipeline<Pipeline>(b.gpu.device, accy::formats::cuda_fatbin, operands, results, scalars,
                                        accy::use_pool(pool), accy::use_intermediates(scratch), accy::on_stream(b.stream()));
    }
    accy::cuda::pipeline_graph<Pipeline> graph() { return {b.gpu.device, pool, scratch, operands, results, scalars}; }
};

using three_stage = accy_examples::scan::pipeline<float>;
using single_pass = accy_examples::single_pass::pipeline<float>;

void cub_inclusive_sum(benchmark::State& state, bool latency) {
    scan_buffers& b = buffers();
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const auto launch = [&] {
        b.cub(reinterpret_cast<const float*>(b.in.view().address), reinterpret_cast<float*>(b.out.view().address), n,
              b.stream());
    };
    if (latency) host_latency(state, launch);
    else device_time(state, n, launch);
}

template <class Pipeline>
void accy_pipeline(benchmark::State& state, bool latency) {
    accy_scan<Pipeline> scan(static_cast<std::uint32_t>(state.range(0)));
    if (!latency) {
        device_time(state, scan.n, [&] { scan.launch(); });
        return;
    }
    auto graph = scan.graph();
    host_latency(state, [&] { graph.launch(scan.b.stream()); });
}

void three_stage_scan(benchmark::State& state, bool latency) { accy_pipeline<three_stage>(state, latency); }
void single_pass_scan(benchmark::State& state, bool latency) { accy_pipeline<single_pass>(state, latency); }

void sizes(benchmark::internal::Benchmark* bench) { bench->RangeMultiplier(4)->Range(1 << 10, largest); }
void latency_sizes(benchmark::internal::Benchmark* bench) {
    for (const int n : {1 << 10, 5000, 1 << 14, 1 << 17, 1 << 20}) bench->Arg(n);
}

BENCHMARK_CAPTURE(three_stage_scan, throughput, false)->Apply(sizes)->UseManualTime();
BENCHMARK_CAPTURE(single_pass_scan, throughput, false)->Apply(sizes)->UseManualTime();
BENCHMARK_CAPTURE(cub_inclusive_sum, throughput, false)->Apply(sizes)->UseManualTime();
BENCHMARK_CAPTURE(three_stage_scan, latency_graph, true)->Apply(latency_sizes)->UseRealTime();
BENCHMARK_CAPTURE(single_pass_scan, latency_graph, true)->Apply(latency_sizes)->UseRealTime();
BENCHMARK_CAPTURE(cub_inclusive_sum, latency, true)->Apply(latency_sizes)->UseRealTime();

}  // namespace

int main(int argc, char** argv) { return accy_bench::run_benchmarks(argc, argv); }
