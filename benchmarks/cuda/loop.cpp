// SPDX-License-Identifier: Apache-2.0
// What a pass of a loop costs: a body of three kernels (two element-wise steps over 2^10 floats and a
// countdown that flags another pass) run for 100 passes as a repeat_while, as a pipeline_graph (a
// conditional WHILE node, the loop on the GPU) and as a stream launch (the flag read on the host
// after each pass), against the body alone as a pipeline_graph replayed 100 times back to back.
// "latency" is the wall time of one call (100 passes) and its stream synchronize, "gpu" CUDA-event
// time; the counter us_per_pass is either per pass.
#include "gpu_context.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_bench/loop_kernels.hpp>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace {

using accy::access;
using accy::dtype;
using accy::parameter;

constexpr std::uint32_t passes = 100;
constexpr std::uint32_t elements = 1024;
constexpr accy::payload module = accy::payload::from_image(accy_bench::code::loop_kernels_fatbin);
constexpr accy::launch_geometry one_thread = accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1});

inline constexpr accy::kernel_declaration step{
    .target = "accy.bench.step",
    .parameters = {parameter::buffer("values", access::read_write, dtype::f32), parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(1, 256)};
inline constexpr accy::kernel_declaration reset{
    .target = "accy.bench.reset", .parameters = {parameter::buffer("passes", access::write, dtype::u32)}, .geometry = one_thread};
inline constexpr accy::kernel_declaration count_down{
    .target = "accy.bench.count_down",
    .parameters = {parameter::buffer("again", access::write, dtype::u32), parameter::buffer("passes", access::read_write, dtype::u32),
                   parameter::scalar("wanted", dtype::u32)},
    .geometry = one_thread};
inline constexpr auto loop_kernels =
    accy::make_registry(step.entry(accy::format::cuda_fatbin, "accy_bench_step", module),
                        reset.entry(accy::format::cuda_fatbin, "accy_bench_reset", module),
                        count_down.entry(accy::format::cuda_fatbin, "accy_bench_count_down", module));

using n = accy::forward<0>;
using one_u32 = accy::shape<dtype::u32, accy::constant<1u>>;
using body_step = accy::stage_of<step, accy::result<0>, n>;
using body_count = accy::stage_of<count_down, accy::intermediate<0>, accy::intermediate<1>, accy::forward<1>>;

/// reset, then repeat_while(again, at most 2^20 passes): step, step, count_down.
struct loop_definition : accy::definition_base<"accy.bench.loop", loop_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>, accy::scalar<"passes", std::uint32_t>>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<one_u32, one_u32>;  // again, passes
    using stages = accy::stages<accy::stage_of<reset, accy::intermediate<1>>,
                                accy::repeat_while<accy::intermediate<0>, accy::constant<1048576u>, body_step, body_step, body_count>>;
};
using loop = accy::pipeline<loop_definition>;

/// The body alone, step, step, count_down, its flag and counter results (only counted, never reset).
struct body_definition : accy::definition_base<"accy.bench.loop_body", loop_kernels> {
    using runtime_scalars = loop_definition::runtime_scalars;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::f32, n>, one_u32, one_u32>;  // values, again, passes
    using stages = accy::stages<body_step, body_step,
                                accy::stage_of<count_down, accy::result<1>, accy::result<2>, accy::forward<1>>>;
};
using body = accy::pipeline<body_definition>;

void check(cudaError_t result) {
    if (result != cudaSuccess) throw std::runtime_error(cudaGetErrorString(result));
}

/// A pipeline's pool, scratch, result and graph on the benchmarks' GPU.
template <class Pipeline>
struct setup {
    accy_bench::gpu& gpu = accy_bench::the_gpu();
    accy::device_buffer<float, accy::cuda::backend> values{gpu.device, elements};
    accy::device_buffer<std::uint32_t, accy::cuda::backend> counters{gpu.device, 2};
    std::array<accy::buffer, 0> operands{};
    std::array<accy::buffer, Pipeline::result_count> results = [this] {
        std::array<accy::buffer, Pipeline::result_count> views{values.view()};
        if constexpr (Pipeline::result_count == 3) {
            views[1] = {counters.view().address, sizeof(std::uint32_t)};
            views[2] = {counters.view().address + sizeof(std::uint32_t), sizeof(std::uint32_t)};
        }
        return views;
    }();
    typename Pipeline::scalar_values scalars = Pipeline::runtime_scalars(elements, passes);
    accy::artifact_pool<Pipeline, accy::cuda::backend> pool = accy::load_artifacts<Pipeline>(gpu.device, accy::formats::cuda_fatbin);
    accy::scratch_buffers<Pipeline, accy::cuda::backend> scratch = accy::allocate_scratch<Pipeline>(gpu.device, scalars);
    accy::cuda::pipeline_graph<Pipeline> graph{gpu.device, pool, scratch, operands, results, scalars};

    CUstream stream() const { return gpu.stream.get(); }

    static setup& instance() {
        static setup made;
        return made;
    }
};

/// Times `run` (one call of 100 passes) after warm-up, by the wall clock or CUDA events; reports the time per pass.
template <class Setup, class Run>
void per_pass(benchmark::State& state, bool gpu_clock, Run&& run) {
    Setup& s = Setup::instance();
    for (int warm = 0; warm < 8; ++warm) run(s);
    s.gpu.device.synchronize(s.stream());
    cudaEvent_t start = nullptr, stop = nullptr;
    check(cudaEventCreate(&start));
    check(cudaEventCreate(&stop));
    double total = 0;
    for (auto _ : state) {
        const auto begun = std::chrono::steady_clock::now();
        check(cudaEventRecord(start, s.stream()));
        run(s);
        check(cudaEventRecord(stop, s.stream()));
        check(cudaEventSynchronize(stop));
        float milliseconds = 0;
        check(cudaEventElapsedTime(&milliseconds, start, stop));
        const double seconds = gpu_clock ? milliseconds / 1e3
                                         : std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
        state.SetIterationTime(seconds);
        total += seconds;
    }
    check(cudaEventDestroy(start));
    check(cudaEventDestroy(stop));
    state.counters["us_per_pass"] = total * 1e6 / static_cast<double>(state.iterations() * passes);
}

void while_graph(benchmark::State& state, bool gpu_clock) {
    per_pass<setup<loop>>(state, gpu_clock, [](setup<loop>& s) { s.graph.launch(s.stream()); });
}

void host_loop(benchmark::State& state, bool gpu_clock) {
    per_pass<setup<loop>>(state, gpu_clock, [](setup<loop>& s) {
        accy::launch_pipeline<loop>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                    accy::use_pool(s.pool), accy::use_scratch(s.scratch), accy::on_stream(s.stream()));
    });
}

/// The body's graph (its three kernels) replayed 100 times.
void plain_graph(benchmark::State& state, bool gpu_clock) {
    per_pass<setup<body>>(state, gpu_clock, [](setup<body>& s) {
        for (std::uint32_t pass = 0; pass < passes; ++pass) s.graph.launch(s.stream());
    });
}

void register_benchmarks() {
    for (const bool gpu_clock : {false, true}) {
        const char* clock = gpu_clock ? "/gpu" : "/latency";
        using measured = void (*)(benchmark::State&, bool);
        for (const auto& [name, run] : {std::pair<const char*, measured>{"while_graph", while_graph},
                                        std::pair<const char*, measured>{"host_loop", host_loop},
                                        std::pair<const char*, measured>{"plain_graph", plain_graph}})
            benchmark::RegisterBenchmark((std::string(name) + clock).c_str(), run, gpu_clock)->UseManualTime()->Iterations(200);
    }
}

}  // namespace

int main(int argc, char** argv) {
    register_benchmarks();
    return accy_bench::run_benchmarks(argc, argv);
}
