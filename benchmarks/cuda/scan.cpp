// SPDX-License-Identifier: Apache-2.0
// Scan and compaction on the GPU, n = 2^10 ... 2^28, against CUB: accy's three-stage scan, accy's
// single-pass scan and cub::DeviceScan::InclusiveSum (f32; for the single pass also i32, and f16,
// bf16, i8 and f64 at every power of four); accy's
// one-pass compaction and cub::DeviceSelect::If (i32, half kept; 1 % and 99 % at 2^20, 2^24 and
// 2^28, as "kept_1pc" and "kept_99pc"); a device-to-device
// copy of n floats, the ceiling any of them can reach. "throughput" is device
// time by CUDA events around one launch on a warm pool and scratch (bytes: n read + n written for a
// scan, n read + the kept written for a compaction); "latency" is host time of one launch and a
// stream synchronize, with accy's pipelines replayed as CUDA graphs.
#include "compact/compact_pipeline.hpp"
#include "cub_reference.hpp"
#include "gpu_context.hpp"
#include "scan/scan_pipeline.hpp"
#include "single_pass_scan/single_pass_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace {

constexpr std::uint32_t largest = 1u << 28;

/// Random inputs of the largest size (f32 and f64 in [-1, 1], i32 over their whole range, and so i8
/// from the same bytes; f16 and bf16 normal numbers in (-1, 1); never zeros), an output with room for
/// the widest, and a count, made once.
struct bench_buffers {
    accy_bench::gpu& gpu = accy_bench::the_gpu();
    accy::device_buffer<float, accy::cuda::backend> in_f32{gpu.device, largest};
    accy::device_buffer<double, accy::cuda::backend> in_f64{gpu.device, largest}, out{gpu.device, largest};
    accy::device_buffer<std::int32_t, accy::cuda::backend> in_i32{gpu.device, largest};
    accy::device_buffer<accy::half, accy::cuda::backend> in_f16{gpu.device, largest};
    accy::device_buffer<accy::bfloat16, accy::cuda::backend> in_bf16{gpu.device, largest};
    accy::device_buffer<std::uint32_t, accy::cuda::backend> count{gpu.device, 1};
    accy_bench::cub_reference cub{largest};

    bench_buffers() {
        std::minstd_rand engine(std::random_device{}());
        std::vector<float> floats(largest);
        std::uniform_real_distribution<float> draw_float(-1.0f, 1.0f);
        for (float& value : floats) value = draw_float(engine);
        in_f32.upload(floats);
        std::vector<double> doubles(floats.begin(), floats.end());
        in_f64.upload(doubles);
        std::vector<std::int32_t> ints(largest);
        std::uniform_int_distribution<std::int32_t> draw_int(std::numeric_limits<std::int32_t>::min(),
                                                             std::numeric_limits<std::int32_t>::max());
        for (std::int32_t& value : ints) value = draw_int(engine);
        in_i32.upload(ints);
        // Random sign, exponent and mantissa bits, the exponent of a normal number below 1: f16's
        // exponent field 1 ... 14 (bias 15), bf16's 100 ... 126 (bias 127).
        std::uniform_int_distribution<std::uint32_t> draw_bits;
        const auto draw_normal = [&]<class T>(std::uint32_t mantissa_bits, std::uint32_t lowest_exponent, std::uint32_t highest_exponent) {
            std::uniform_int_distribution<std::uint32_t> draw_exponent(lowest_exponent, highest_exponent);
            const std::uint32_t bits = draw_bits(engine);
            return T::from_bits(static_cast<std::uint16_t>((bits & 0x8000u) | draw_exponent(engine) << mantissa_bits |
                                                           (bits & ((1u << mantissa_bits) - 1))));
        };
        std::vector<accy::half> halves(largest);
        for (accy::half& value : halves) value = draw_normal.operator()<accy::half>(10, 1, 14);
        in_f16.upload(halves);
        std::vector<accy::bfloat16> bfloats(largest);
        for (accy::bfloat16& value : bfloats) value = draw_normal.operator()<accy::bfloat16>(7, 100, 126);
        in_bf16.upload(bfloats);
    }

    template <class T>
    const T* input() const {
        const accy::buffer source = std::is_same_v<T, float>            ? in_f32.view()
                                    : std::is_same_v<T, double>         ? in_f64.view()
                                    : std::is_same_v<T, accy::half>     ? in_f16.view()
                                    : std::is_same_v<T, accy::bfloat16> ? in_bf16.view()
                                                                        : in_i32.view();
        return reinterpret_cast<const T*>(source.address);
    }
    template <class T>
    T* output() const {
        return reinterpret_cast<T*>(out.view().address);
    }
    /// The first n elements of the input and the output, as operands and results.
    template <class T>
    std::array<accy::buffer, 1> operands(std::uint32_t n) const {
        return {accy::buffer{reinterpret_cast<CUdeviceptr>(input<T>()), n * sizeof(T)}};
    }
    template <class T>
    std::array<accy::buffer, 1> results(std::uint32_t n) const {
        return {accy::buffer{out.view().address, n * sizeof(T)}};
    }
    std::uint32_t kept() const {
        std::uint32_t value = 0;
        gpu.device.download(&value, count.view(), sizeof value);
        return value;
    }
    CUstream stream() const { return gpu.stream.get(); }
};

bench_buffers& buffers() {
    static bench_buffers instance;
    return instance;
}

void check(cudaError_t result) {
    if (result != cudaSuccess) throw std::runtime_error(cudaGetErrorString(result));
}

/// Device time of `launch` by events, one iteration each, after three launches of warm-up; counts
/// `bytes` per launch.
template <class Launch>
void device_time(benchmark::State& state, std::int64_t elements, std::int64_t bytes, Launch&& launch) {
    bench_buffers& b = buffers();
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
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * elements);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
}

/// Host time of `launch` followed by a stream synchronize, after three of warm-up.
template <class Launch>
void host_latency(benchmark::State& state, Launch&& launch) {
    bench_buffers& b = buffers();
    for (int warm = 0; warm < 3; ++warm) launch();
    b.gpu.device.synchronize(b.stream());
    for (auto _ : state) {
        launch();
        b.gpu.device.synchronize(b.stream());
    }
}

/// accy's pipeline `Pipeline` over the first n elements of T, with `Results` results and its pool and
/// scratch made once.
template <class Pipeline, class T, std::size_t Results = 1>
struct accy_run {
    bench_buffers& b = buffers();
    std::uint32_t n;
    std::array<accy::buffer, 1> operands;
    std::array<accy::buffer, Results> results;
    typename Pipeline::scalar_values scalars;
    accy::artifact_pool<Pipeline, accy::cuda::backend> pool = accy::load_artifacts<Pipeline>(b.gpu.device, accy::formats::cuda_fatbin);
    accy::scratch_buffers<Pipeline, accy::cuda::backend> scratch =
        accy::allocate_scratch<Pipeline>(b.gpu.device, scalars);

    accy_run(std::uint32_t size, const typename Pipeline::scalar_values& values, const std::array<accy::buffer, Results>& outputs)
        : n(size), operands(b.operands<T>(size)), results(outputs), scalars(values) {}

    void launch() {
        accy::launch_pipeline<Pipeline>(b.gpu.device, accy::formats::cuda_fatbin, operands, results, scalars,
                                        accy::use_pool(pool), accy::use_scratch(scratch), accy::on_stream(b.stream()));
    }
    accy::cuda::pipeline_graph<Pipeline> graph() { return {b.gpu.device, pool, scratch, operands, results, scalars}; }
};

template <class T>
using three_stage = accy_examples::scan::pipeline<T>;
template <class T>
using single_pass = accy_examples::single_pass::pipeline<T>;
using compaction = accy_examples::compact::pipeline<std::int32_t>;

template <template <class> class Pipeline, class T>
void accy_scan(benchmark::State& state, bool latency) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    accy_run<Pipeline<T>, T> scan(n, {n}, buffers().results<T>(n));
    if (!latency) {
        device_time(state, n, 2 * std::int64_t{n} * std::int64_t{sizeof(T)}, [&] { scan.launch(); });
        return;
    }
    auto graph = scan.graph();
    host_latency(state, [&] { graph.launch(scan.b.stream()); });
}

template <class T>
void cub_inclusive_sum(benchmark::State& state, bool latency) {
    bench_buffers& b = buffers();
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const auto launch = [&] { b.cub.inclusive_sum(b.input<T>(), b.output<T>(), n, b.stream()); };
    if (latency) host_latency(state, launch);
    else device_time(state, n, 2 * std::int64_t{n} * std::int64_t{sizeof(T)}, launch);
}

/// The threshold above which `percent` % of the i32 inputs lie (they are uniform over the whole range).
std::int32_t keeping(std::int64_t percent) {
    return static_cast<std::int32_t>(std::int64_t{std::numeric_limits<std::int32_t>::max()} - (percent << 32) / 100);
}

void compact(benchmark::State& state, std::int64_t percent) {
    bench_buffers& b = buffers();
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const std::array<accy::buffer, 2> results{b.results<std::int32_t>(n)[0], b.count.view()};
    accy_run<compaction, std::int32_t, 2> run(n, {n, keeping(percent)}, results);
    run.launch();
    check(cudaStreamSynchronize(b.stream()));
    device_time(state, n, (std::int64_t{n} + b.kept()) * std::int64_t{sizeof(std::int32_t)}, [&] { run.launch(); });
}

void cub_select(benchmark::State& state, std::int64_t percent) {
    bench_buffers& b = buffers();
    const auto n = static_cast<std::uint32_t>(state.range(0));
    auto* count = reinterpret_cast<std::uint32_t*>(b.count.view().address);
    const auto launch = [&] {
        b.cub.select_greater(b.input<std::int32_t>(), b.output<std::int32_t>(), count, n, keeping(percent), b.stream());
    };
    launch();
    check(cudaStreamSynchronize(b.stream()));
    device_time(state, n, (std::int64_t{n} + b.kept()) * std::int64_t{sizeof(std::int32_t)}, launch);
}

/// cudaMemcpyAsync of n floats, device to device: the bandwidth ceiling, measured in the same run.
void copy(benchmark::State& state) {
    bench_buffers& b = buffers();
    const auto n = static_cast<std::uint32_t>(state.range(0));
    device_time(state, n, 2 * std::int64_t{n} * std::int64_t{sizeof(float)}, [&] {
        check(cudaMemcpyAsync(b.output<float>(), b.input<float>(), std::size_t{n} * sizeof(float), cudaMemcpyDeviceToDevice,
                              b.stream()));
    });
}

void three_stage_scan(benchmark::State& state, bool latency) { accy_scan<three_stage, float>(state, latency); }
void single_pass_scan(benchmark::State& state, bool latency) { accy_scan<single_pass, float>(state, latency); }
void single_pass_scan_i32(benchmark::State& state) { accy_scan<single_pass, std::int32_t>(state, false); }
void cub_inclusive_sum_f32(benchmark::State& state, bool latency) { cub_inclusive_sum<float>(state, latency); }
void cub_inclusive_sum_i32(benchmark::State& state) { cub_inclusive_sum<std::int32_t>(state, false); }
template <class T>
void single_pass_scan_of(benchmark::State& state) {
    accy_scan<single_pass, T>(state, false);
}
template <class T>
void cub_inclusive_sum_of(benchmark::State& state) {
    cub_inclusive_sum<T>(state, false);
}

/// Every power of two from 2^10 to 2^28, or every other one.
void powers_of_two(benchmark::internal::Benchmark* bench) { bench->RangeMultiplier(2)->Range(1 << 10, largest); }
void powers_of_four(benchmark::internal::Benchmark* bench) { bench->RangeMultiplier(4)->Range(1 << 10, largest); }
void selectivity_sizes(benchmark::internal::Benchmark* bench) {
    for (const int n : {1 << 20, 1 << 24, 1 << 28}) bench->Arg(n);
}
void latency_sizes(benchmark::internal::Benchmark* bench) {
    for (const int n : {1 << 10, 5000, 1 << 14, 1 << 17, 1 << 20}) bench->Arg(n);
}

BENCHMARK(copy)->Name("copy/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK_CAPTURE(three_stage_scan, throughput, false)->Apply(powers_of_four)->UseManualTime();
BENCHMARK_CAPTURE(single_pass_scan, throughput, false)->Apply(powers_of_two)->UseManualTime();
BENCHMARK_CAPTURE(cub_inclusive_sum_f32, throughput, false)->Name("cub_inclusive_sum/throughput")->Apply(powers_of_two)->UseManualTime();
BENCHMARK(single_pass_scan_i32)->Name("single_pass_scan_i32/throughput")->Apply(powers_of_two)->UseManualTime();
BENCHMARK(cub_inclusive_sum_i32)->Name("cub_inclusive_sum_i32/throughput")->Apply(powers_of_two)->UseManualTime();
BENCHMARK(single_pass_scan_of<accy::half>)->Name("single_pass_scan_f16/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(cub_inclusive_sum_of<accy::half>)->Name("cub_inclusive_sum_f16/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(single_pass_scan_of<accy::bfloat16>)->Name("single_pass_scan_bf16/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(cub_inclusive_sum_of<accy::bfloat16>)->Name("cub_inclusive_sum_bf16/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(single_pass_scan_of<std::int8_t>)->Name("single_pass_scan_i8/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(cub_inclusive_sum_of<std::int8_t>)->Name("cub_inclusive_sum_i8/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(single_pass_scan_of<double>)->Name("single_pass_scan_f64/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK(cub_inclusive_sum_of<double>)->Name("cub_inclusive_sum_f64/throughput")->Apply(powers_of_four)->UseManualTime();
BENCHMARK_CAPTURE(compact, throughput, 50)->Apply(powers_of_four)->UseManualTime();
BENCHMARK_CAPTURE(cub_select, throughput, 50)->Apply(powers_of_four)->UseManualTime();
BENCHMARK_CAPTURE(compact, kept_1pc, 1)->Apply(selectivity_sizes)->UseManualTime();
BENCHMARK_CAPTURE(cub_select, kept_1pc, 1)->Apply(selectivity_sizes)->UseManualTime();
BENCHMARK_CAPTURE(compact, kept_99pc, 99)->Apply(selectivity_sizes)->UseManualTime();
BENCHMARK_CAPTURE(cub_select, kept_99pc, 99)->Apply(selectivity_sizes)->UseManualTime();
BENCHMARK_CAPTURE(three_stage_scan, latency_graph, true)->Apply(latency_sizes)->UseRealTime();
BENCHMARK_CAPTURE(single_pass_scan, latency_graph, true)->Apply(latency_sizes)->UseRealTime();
BENCHMARK_CAPTURE(cub_inclusive_sum_f32, latency, true)->Name("cub_inclusive_sum/latency")->Apply(latency_sizes)->UseRealTime();

}  // namespace

int main(int argc, char** argv) { return accy_bench::run_benchmarks(argc, argv); }
