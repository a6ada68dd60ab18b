// SPDX-License-Identifier: Apache-2.0
// What launching pipelines of empty kernels costs. Three stages: raw cuLaunchKernelEx calls, accy
// with a pool and caller-owned intermediates (also inside the caller's enter_context() scope), accy
// cold (allocates itself, with the kernels the backend kept; and a backend's first, which loads them),
// accy from a pool allocating its scratch (in stream order), CUDA graph replay, each without and with programmatic
// dependent launch (PDL); one empty kernel + sync, the floor of any pipeline; and a 30-stage chain
// as stream launches, graph, and graph + PDL; the first replay of a graph just made, uploaded first or not.
// "host" times the calls alone (synchronizing every 1024 pipelines, counted in); "latency" times
// the launch and a stream synchronize; "gpu" is CUDA-event time per stage over 20 replays.
#include "gpu_context.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_bench/empty_kernels.hpp>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace {

using accy::access;
using accy::parameter;

constexpr accy::launch_geometry one_block = accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1});
constexpr accy::launch_attributes waits{{}, false, true};
constexpr accy::payload module = accy::payload::from_image(accy_bench::code::empty_kernels_fatbin);
// empty_kernels.cu: read_write(void* out, const void* in, std::uint32_t n) and update(void* data, std::uint32_t n).
constexpr accy::parameter_list read_write_parameters{parameter::buffer("out", access::write),
                                                     parameter::buffer("in", access::read),
                                                     parameter::scalar("n", accy::dtype::u32)};
constexpr accy::parameter_list update_parameters{parameter::buffer("data", access::read_write),
                                                 parameter::scalar("n", accy::dtype::u32)};
inline constexpr auto empty_kernels = accy::make_registry(
    accy::kernel_entry{"accy.bench.read_write", 1, accy::format::cuda_fatbin, "accy_bench_empty_read_write",
                       read_write_parameters, module, one_block},
    accy::kernel_entry{"accy.bench.update", 1, accy::format::cuda_fatbin, "accy_bench_empty_update", update_parameters,
                       module, one_block},
    accy::kernel_entry{"accy.bench.read_write", 2, accy::format::cuda_fatbin, "accy_bench_empty_wait_read_write",
                       read_write_parameters, module, one_block, waits},
    accy::kernel_entry{"accy.bench.update", 2, accy::format::cuda_fatbin, "accy_bench_empty_wait_update",
                       update_parameters, module, one_block, waits});

/// read_write(intermediate, operand), Middle update(intermediate) stages, read_write(result,
/// intermediate); version 2 of the entries waits on its predecessor (PDL).
template <std::uint32_t Version, std::size_t Middle>
struct chain_definition {
    static constexpr std::string_view target = "accy.bench.chain";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = empty_kernels;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype::u8, n>>;
    using results = accy::results<accy::shape<accy::dtype::u8, n>>;
    using intermediates = accy::intermediates<accy::shape<accy::dtype::u8, accy::constant<256u>>>;
    using first = accy::stage<"accy.bench.read_write", Version, accy::intermediate<0>, accy::operand<0>, n>;
    using middle = accy::stage<"accy.bench.update", Version, accy::intermediate<0>, n>;
    using last = accy::stage<"accy.bench.read_write", Version, accy::result<0>, accy::intermediate<0>, n>;
    template <std::size_t... I>
    static auto chain(std::index_sequence<I...>) -> accy::stages<first, std::conditional_t<I == I, middle, void>..., last>;
    using stages = decltype(chain(std::make_index_sequence<Middle>{}));
};

/// Everything the launches of one pipeline use, made once.
template <class Pipeline>
struct setup {
    accy_bench::gpu& gpu = accy_bench::the_gpu();
    accy::device_buffer<std::uint8_t, accy::cuda::backend> in{gpu.device, 256}, out{gpu.device, 256};
    std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    typename Pipeline::scalar_values scalars{256};
    accy::artifact_pool<Pipeline, accy::cuda::backend> pool =
        accy::load_artifacts<Pipeline>(gpu.device, accy::formats::cuda_fatbin);
    accy::scratch_buffers<Pipeline, accy::cuda::backend> scratch =
        accy::allocate_scratch<Pipeline>(gpu.device, scalars);
    accy::cuda::pipeline_graph<Pipeline> graph{gpu.device, pool, scratch, operands, results, scalars};

    CUstream stream() const { return gpu.stream.get(); }
    void synchronize() { gpu.device.synchronize(stream()); }

    static setup& instance() {
        static setup made;
        return made;
    }
};

using three_stages = accy::pipeline<chain_definition<1, 1>>;
using three_stages_pdl = accy::pipeline<chain_definition<2, 1>>;
using thirty_stages = accy::pipeline<chain_definition<1, 28>>;
using thirty_stages_pdl = accy::pipeline<chain_definition<2, 28>>;

enum class mode { host, latency };

template <class Setup, class Launch>
void measure(benchmark::State& state, mode how, Launch&& launch) {
    Setup& s = Setup::instance();
    for (int warm = 0; warm < 16; ++warm) launch(s);
    s.synchronize();
    std::int64_t launched = 0;
    for (auto _ : state) {
        launch(s);
        if (how == mode::latency || ++launched % 1024 == 0) s.synchronize();
    }
    s.synchronize();
}

void check(cudaError_t result) {
    if (result != cudaSuccess) throw std::runtime_error(cudaGetErrorString(result));
}

/// GPU time per replay of `Pipeline` (CUDA events around 20 replays, as manual time) and per stage.
template <class Pipeline, class Launch>
void measure_gpu(benchmark::State& state, Launch&& launch) {
    using pipeline_setup = setup<Pipeline>;
    pipeline_setup& s = pipeline_setup::instance();
    constexpr int replays = 20;
    cudaEvent_t start = nullptr, stop = nullptr;
    check(cudaEventCreate(&start));
    check(cudaEventCreate(&stop));
    for (int warm = 0; warm < 16; ++warm) launch(s);
    s.synchronize();
    double total_seconds = 0;
    for (auto _ : state) {
        check(cudaEventRecord(start, s.stream()));
        for (int r = 0; r < replays; ++r) launch(s);
        check(cudaEventRecord(stop, s.stream()));
        check(cudaEventSynchronize(stop));
        float milliseconds = 0;
        check(cudaEventElapsedTime(&milliseconds, start, stop));
        state.SetIterationTime(milliseconds / 1e3 / replays);
        total_seconds += milliseconds / 1e3 / replays;
    }
    // Time per pipeline is the benchmark's; per stage is the figure to compare across lengths.
    state.counters["us_per_stage"] = total_seconds * 1e6 / static_cast<double>(state.iterations() * Pipeline::stage_count);
    check(cudaEventDestroy(start));
    check(cudaEventDestroy(stop));
}

/// The launch of one block of 32 threads on `stream`, as the entries declare it.
CUlaunchConfig one_block_of_32(CUstream stream) {
    CUlaunchConfig config{};
    config.gridDimX = config.gridDimY = config.gridDimZ = 1;
    config.blockDimX = 32;
    config.blockDimY = config.blockDimZ = 1;
    config.hStream = stream;
    return config;
}

/// One cuLaunchKernelEx per stage of the three-stage pipeline, as hand-written driver code makes them.
void raw_cu_launch_kernel_ex(benchmark::State& state, mode how) {
    using three = setup<three_stages>;
    three& s = three::instance();
    s.gpu.device.make_current();
    const auto& api = s.gpu.device.driver();
    std::uint64_t scratch = s.scratch[0].address, in = s.in.view().address, out = s.out.view().address;
    std::uint32_t n = std::get<0>(s.scalars);
    std::array<void*, 3> first{&scratch, &in, &n}, last{&out, &scratch, &n};
    std::array<void*, 2> middle{&scratch, &n};
    const CUlaunchConfig config = one_block_of_32(s.stream());
    const CUfunction f0 = s.pool[0].kernel.function, f1 = s.pool[1].kernel.function, f2 = s.pool[2].kernel.function;
    measure<three>(state, how, [&](three&) {
        api.launch_kernel_ex(&config, f0, first.data(), nullptr);
        api.launch_kernel_ex(&config, f1, middle.data(), nullptr);
        api.launch_kernel_ex(&config, f2, last.data(), nullptr);
    });
}

/// One empty kernel and a stream synchronize: the floor of any pipeline's latency.
void one_empty_kernel(benchmark::State& state) {
    using three = setup<three_stages>;
    three& s = three::instance();
    s.gpu.device.make_current();
    const auto& api = s.gpu.device.driver();
    std::uint64_t data = s.scratch[0].address;
    std::uint32_t n = std::get<0>(s.scalars);
    std::array<void*, 2> parameters{&data, &n};
    const CUlaunchConfig config = one_block_of_32(s.stream());
    const CUfunction update = s.pool[1].kernel.function;
    measure<three>(state, mode::latency, [&](three&) { api.launch_kernel_ex(&config, update, parameters.data(), nullptr); });
}

template <class Pipeline>
void accy_pool_and_intermediates(benchmark::State& state, mode how) {
    measure<setup<Pipeline>>(state, how, [](setup<Pipeline>& s) {
        accy::launch_pipeline<Pipeline>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                        accy::use_pool(s.pool), accy::use_scratch(s.scratch),
                                        accy::on_stream(s.stream()));
    });
}

/// The same inside the caller's `enter_context()` scope, which makes each launch's own context switch free.
void accy_pool_and_intermediates_in_context(benchmark::State& state, mode how) {
    using three = setup<three_stages>;
    const auto in_context = three::instance().gpu.device.enter_context();
    accy_pool_and_intermediates<three_stages>(state, how);
}

template <class Pipeline>
void accy_graph_replay(benchmark::State& state, mode how) {
    measure<setup<Pipeline>>(state, how, [](setup<Pipeline>& s) { s.graph.launch(s.stream()); });
}

/// The first replay of a graph just made, uploaded first (`upload`) or not: its launch and stream
/// synchronize, against accy_graph_replay/latency, a later replay. Making the graph is not timed.
void accy_graph_first_replay(benchmark::State& state, bool uploaded) {
    using three = setup<three_stages>;
    three& s = three::instance();
    for (auto _ : state) {
        accy::cuda::pipeline_graph<three_stages> graph(s.gpu.device, s.pool, s.scratch, s.operands, s.results, s.scalars);
        if (uploaded) {
            graph.upload(s.stream());
            s.synchronize();
        }
        const auto start = std::chrono::steady_clock::now();
        graph.launch(s.stream());
        s.synchronize();
        state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
}

void accy_cold(benchmark::State& state, mode how) {
    measure<setup<three_stages>>(state, how, [](setup<three_stages>& s) {
        accy::launch_pipeline<three_stages>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                            accy::on_stream(s.stream()));
    });
}

/// The first cold launch of a backend, which loads and checks the kernels that the backend then keeps
/// for its later cold launches (those accy_cold times): a backend of its own each time, made and
/// destroyed outside the time, whose memory pool is new too. The kernels' library stays loaded by
/// the setup's pool, as in accy_cold.
void accy_cold_first(benchmark::State& state) {
    using three = setup<three_stages>;
    three& s = three::instance();
    for (auto _ : state) {
        accy::cuda::backend fresh(s.gpu.device.ordinal());
        const auto start = std::chrono::steady_clock::now();
        accy::launch_pipeline<three_stages>(fresh, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                            accy::on_stream(s.stream()));
        state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
}

/// From a pool, each launch allocating its own scratch (in stream order, where the device has memory
/// pools, and freeing it on the stream without waiting), against accy_pool_and_intermediates.
void accy_pool_own_scratch(benchmark::State& state, mode how) {
    measure<setup<three_stages>>(state, how, [](setup<three_stages>& s) {
        accy::launch_pipeline<three_stages>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                            accy::use_pool(s.pool), accy::on_stream(s.stream()));
    });
}

template <class Pipeline>
void chain_stream(benchmark::State& state) {
    measure_gpu<Pipeline>(state, [](setup<Pipeline>& s) {
        accy::launch_pipeline<Pipeline>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                        accy::use_pool(s.pool), accy::use_scratch(s.scratch),
                                        accy::on_stream(s.stream()));
    });
}

template <class Pipeline>
void chain_graph(benchmark::State& state) {
    measure_gpu<Pipeline>(state, [](setup<Pipeline>& s) { s.graph.launch(s.stream()); });
}

void register_benchmarks() {
    using benchmark::RegisterBenchmark;
    RegisterBenchmark("one_empty_kernel/latency", one_empty_kernel)->UseRealTime();
    for (const auto& [how, name] : {std::pair{mode::host, "host"}, std::pair{mode::latency, "latency"}}) {
        const std::string suffix = std::string("/") + name;
        RegisterBenchmark(("raw_cu_launch_kernel_ex" + suffix).c_str(), raw_cu_launch_kernel_ex, how)->UseRealTime();
        RegisterBenchmark(("accy_pool_and_intermediates" + suffix).c_str(), accy_pool_and_intermediates<three_stages>, how)
            ->UseRealTime();
        RegisterBenchmark(("accy_pool_and_intermediates_in_context" + suffix).c_str(),
                          accy_pool_and_intermediates_in_context, how)
            ->UseRealTime();
        RegisterBenchmark(("accy_pool_and_intermediates_pdl" + suffix).c_str(),
                          accy_pool_and_intermediates<three_stages_pdl>, how)
            ->UseRealTime();
        RegisterBenchmark(("accy_graph_replay" + suffix).c_str(), accy_graph_replay<three_stages>, how)->UseRealTime();
        RegisterBenchmark(("accy_graph_replay_pdl" + suffix).c_str(), accy_graph_replay<three_stages_pdl>, how)->UseRealTime();
    }
    RegisterBenchmark("accy_cold/latency", accy_cold, mode::latency)->UseRealTime();
    RegisterBenchmark("accy_cold_first/latency", accy_cold_first)->UseManualTime();
    RegisterBenchmark("accy_pool_own_scratch/latency", accy_pool_own_scratch, mode::latency)->UseRealTime();
    RegisterBenchmark("accy_graph_first_replay/latency", accy_graph_first_replay, false)->UseManualTime();
    RegisterBenchmark("accy_graph_first_replay_uploaded/latency", accy_graph_first_replay, true)->UseManualTime();
    RegisterBenchmark("chain30_stream/gpu", chain_stream<thirty_stages>)->UseManualTime()->Iterations(200);
    RegisterBenchmark("chain30_stream_pdl/gpu", chain_stream<thirty_stages_pdl>)->UseManualTime()->Iterations(200);
    RegisterBenchmark("chain30_graph/gpu", chain_graph<thirty_stages>)->UseManualTime()->Iterations(200);
    RegisterBenchmark("chain30_graph_pdl/gpu", chain_graph<thirty_stages_pdl>)->UseManualTime()->Iterations(200);
}

}  // namespace

int main(int argc, char** argv) {
    register_benchmarks();
    return accy_bench::run_benchmarks(argc, argv);
}
