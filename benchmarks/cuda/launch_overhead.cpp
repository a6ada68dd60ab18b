// SPDX-License-Identifier: Apache-2.0
// What a launch of a three-stage pipeline of empty kernels costs: three raw cuLaunchKernel calls,
// accy with a pool and caller-owned intermediates, accy cold (loads and allocates itself), and a
// CUDA graph replay. "host" times the calls alone (synchronizing every 1024 pipelines, counted in);
// "latency" times the launch and a stream synchronize.
#include "gpu_context.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_bench/empty_kernels.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>

namespace {

using accy::access;
using accy::parameter;

constexpr accy::launch_geometry one_block = accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1});
constexpr accy::payload module = accy::payload::from_image(accy_bench::code::empty_kernels_fatbin);
// empty_kernels.cu: read_write(void* out, const void* in, std::uint32_t n) and update(void* data, std::uint32_t n).
constexpr accy::parameter_list read_write_parameters{parameter::buffer("out", access::write),
                                                     parameter::buffer("in", access::read),
                                                     parameter::scalar("n", accy::dtype::u32)};
constexpr accy::parameter_list update_parameters{parameter::buffer("data", access::read_write),
                                                 parameter::scalar("n", accy::dtype::u32)};
inline constexpr auto empty_kernels = accy::make_registry(
    accy::kernel_entry{"accy.bench.first", 1, accy::format::cuda_fatbin, "accy_bench_empty_read_write",
                       read_write_parameters, module, one_block},
    accy::kernel_entry{"accy.bench.middle", 1, accy::format::cuda_fatbin, "accy_bench_empty_update", update_parameters,
                       module, one_block},
    accy::kernel_entry{"accy.bench.last", 1, accy::format::cuda_fatbin, "accy_bench_empty_read_write",
                       read_write_parameters, module, one_block});

struct empty_definition {
    static constexpr std::string_view target = "accy.bench.empty_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = empty_kernels;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype::u8, n>>;
    using results = accy::results<accy::shape<accy::dtype::u8, n>>;
    using intermediates = accy::intermediates<accy::shape<accy::dtype::u8, accy::constant<256u>>>;
    using stages = accy::stages<accy::stage<"accy.bench.first", 1, accy::intermediate<0>, accy::operand<0>, n>,
                                accy::stage<"accy.bench.middle", 1, accy::intermediate<0>, n>,
                                accy::stage<"accy.bench.last", 1, accy::result<0>, accy::intermediate<0>, n>>;
};
using empty_pipeline = accy::pipeline<empty_definition>;

/// Everything the launches use, made once.
struct setup {
    accy_bench::gpu& gpu = accy_bench::the_gpu();
    accy::cuda::device_buffer in{gpu.device, 256}, out{gpu.device, 256};
    std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    empty_pipeline::scalar_values scalars{256};
    accy::artifact_pool<empty_pipeline, accy::cuda::backend> pool =
        accy::load_artifacts<empty_pipeline>(gpu.device, accy::formats::cuda_fatbin);
    accy::intermediate_buffers<empty_pipeline, accy::cuda::backend> scratch =
        accy::allocate_intermediates<empty_pipeline>(gpu.device, scalars);
    accy::cuda::pipeline_graph<empty_pipeline> graph{gpu.device, pool, scratch, operands, results, scalars};

    CUstream stream() const { return gpu.stream.get(); }
    void synchronize() { gpu.device.synchronize(stream()); }
};

setup& the_setup() {
    static setup instance;
    return instance;
}

enum class mode { host, latency };

template <class Launch>
void measure(benchmark::State& state, mode how, Launch&& launch) {
    setup& s = the_setup();
    for (int warm = 0; warm < 16; ++warm) launch(s);
    s.synchronize();
    std::int64_t launched = 0;
    for (auto _ : state) {
        launch(s);
        if (how == mode::latency || ++launched % 1024 == 0) s.synchronize();
    }
    s.synchronize();
}

void raw_cu_launch_kernel(benchmark::State& state, mode how) {
    setup& s = the_setup();
    const auto& api = s.gpu.device.driver();
    std::uint64_t scratch = s.scratch[0].address, in = s.in.view().address, out = s.out.view().address;
    std::uint32_t n = std::get<0>(s.scalars);
    std::array<void*, 3> first{&scratch, &in, &n}, last{&out, &scratch, &n};
    std::array<void*, 2> middle{&scratch, &n};
    const CUfunction f0 = s.pool[0].kernel.function, f1 = s.pool[1].kernel.function, f2 = s.pool[2].kernel.function;
    measure(state, how, [&](setup& on) {
        api.launch_kernel(f0, 1, 1, 1, 32, 1, 1, 0, on.stream(), first.data(), nullptr);
        api.launch_kernel(f1, 1, 1, 1, 32, 1, 1, 0, on.stream(), middle.data(), nullptr);
        api.launch_kernel(f2, 1, 1, 1, 32, 1, 1, 0, on.stream(), last.data(), nullptr);
    });
}

void accy_pool_and_intermediates(benchmark::State& state, mode how) {
    measure(state, how, [](setup& s) {
        accy::launch_pipeline<empty_pipeline>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                              accy::use_pool(s.pool), accy::use_intermediates(s.scratch),
                                              accy::on_stream(s.stream()));
    });
}

void accy_graph_replay(benchmark::State& state, mode how) {
    measure(state, how, [](setup& s) { s.graph.launch(s.stream()); });
}

void accy_cold(benchmark::State& state, mode how) {
    measure(state, how, [](setup& s) {
        accy::launch_pipeline<empty_pipeline>(s.gpu.device, accy::formats::cuda_fatbin, s.operands, s.results, s.scalars,
                                              accy::on_stream(s.stream()));
    });
}

BENCHMARK_CAPTURE(raw_cu_launch_kernel, host, mode::host)->UseRealTime();
BENCHMARK_CAPTURE(accy_pool_and_intermediates, host, mode::host)->UseRealTime();
BENCHMARK_CAPTURE(accy_graph_replay, host, mode::host)->UseRealTime();
BENCHMARK_CAPTURE(raw_cu_launch_kernel, latency, mode::latency)->UseRealTime();
BENCHMARK_CAPTURE(accy_pool_and_intermediates, latency, mode::latency)->UseRealTime();
BENCHMARK_CAPTURE(accy_graph_replay, latency, mode::latency)->UseRealTime();
BENCHMARK_CAPTURE(accy_cold, latency, mode::latency)->UseRealTime();

}  // namespace

int main(int argc, char** argv) { return accy_bench::run_benchmarks(argc, argv); }
