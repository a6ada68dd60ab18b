// SPDX-License-Identifier: Apache-2.0
// The split scan (examples/split_scan) over the first N GPUs of the machine, for each N it has, at
// n = 2^24 ... 2^30 i32: `split_scan/devices:N/throughput/<n>`. Beside it, the best one-GPU scan,
// the single-pass scan on device 0: `single_pass_scan_i32/devices:1/throughput/<n>`. The split scan
// reads each element twice and writes it once on every device, as the three-stage scan does on one,
// and the single-pass scan reads it once; so against its own N = 1 it may scale with N, and against
// the single pass it gains at most 2N/3.
//
// Time is host time of one launch and the wait for every device's stream, after three of warm-up:
// what a program waiting for the scan sees. Bytes per launch: n read and n written.
#include "gpu_context.hpp"
#include "single_pass_scan/single_pass_pipeline.hpp"
#include "split_scan/split_scan.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy/device_buffer.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace {

using accy_examples::split::split_scan;
using element = std::int32_t;
using fatbin = accy::static_format<accy::format::cuda_fatbin>;

constexpr std::uint32_t largest = 1u << 30;

/// Random values of the largest size, made once: every device's slice is a piece of them.
std::span<const element> input() {
    static const std::vector<element> values = [] {
        std::vector<element> made(largest);
        std::minstd_rand engine(std::random_device{}());
        std::uniform_int_distribution<element> draw(-1000, 1000);
        for (element& value : made) value = draw(engine);
        return made;
    }();
    return values;
}

/// The first `count` devices, with peer access between them where they have it; made once per count.
accy::cuda::devices& first_devices(int count) {
    static std::map<int, accy::cuda::devices> made;
    auto found = made.find(count);
    if (found == made.end()) {
        std::vector<int> ordinals(static_cast<std::size_t>(count));
        std::iota(ordinals.begin(), ordinals.end(), 0);
        found = made.emplace(count, accy::cuda::devices(ordinals)).first;
        found->second.enable_peer_access();
    }
    return found->second;
}

/// Host time of `launch` and `wait`, one iteration each, after three of warm-up; n read and n written.
template <class Launch, class Wait>
void host_time(benchmark::State& state, std::uint32_t n, Launch&& launch, Wait&& wait) {
    for (int warm = 0; warm < 3; ++warm) launch();
    wait();
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        launch();
        wait();
        state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    state.SetBytesProcessed(state.iterations() * 2 * std::int64_t{n} * std::int64_t{sizeof(element)});
    state.SetItemsProcessed(state.iterations() * std::int64_t{n});
}

/// The split scan of the first n values over the first `count` devices; its buffers, pools and scratch
/// are made once per count and n.
void split_throughput(benchmark::State& state, int count) {
    using scan_type = split_scan<element, accy::cuda::devices, fatbin>;
    accy::cuda::devices& devices = first_devices(count);
    // Made after the devices, so destroyed before them at exit.
    static std::map<std::pair<int, std::uint32_t>, std::unique_ptr<scan_type>> made;
    const auto n = static_cast<std::uint32_t>(state.range(0));
    std::unique_ptr<scan_type>& scan = made[{count, n}];
    if (!scan) {
        scan = std::make_unique<scan_type>(devices, accy::formats::cuda_fatbin, n);
        scan->upload(input().first(n));
    }
    host_time(state, n, [&] { scan->launch(); }, [&] { devices.synchronize(); });
}

/// The single-pass scan of the first n values on device 0, timed as the split scan is.
void single_pass_throughput(benchmark::State& state) {
    using pipeline = accy_examples::single_pass::pipeline<element>;
    const auto n = static_cast<std::uint32_t>(state.range(0));
    accy::cuda::devices& devices = first_devices(1);
    accy::cuda::backend& device = devices[0];
    accy::device_buffer<element, accy::cuda::backend> in(device, n), out(device, n);
    in.upload(input().first(n));
    const auto pool = accy::load_artifacts<pipeline>(device, accy::formats::cuda_fatbin);
    const auto scratch = accy::allocate_scratch<pipeline>(device, pipeline::scalar_values{n});
    host_time(
        state, n,
        [&] {
            accy::launch_pipeline<pipeline>(device, accy::formats::cuda_fatbin, std::array{in.view()}, std::array{out.view()},
                                            pipeline::scalar_values{n}, accy::use_pool(pool), accy::use_scratch(scratch),
                                            accy::on_stream(devices.stream(0)));
        },
        [&] { devices.synchronize(); });
}

void sizes(benchmark::internal::Benchmark* bench) { bench->RangeMultiplier(4)->Range(1 << 24, largest); }

}  // namespace

int main(int argc, char** argv) {
    int count = 0;
    try {
        count = accy::cuda::device_count();
        std::string names;
        for (int ordinal = 0; ordinal < count; ++ordinal)
            names += (ordinal > 0 ? ", " : "") + accy::cuda::backend(ordinal).device_name();
        benchmark::AddCustomContext("devices", names);
    } catch (const accy::error& failure) {
        std::cerr << argv[0] << ": " << failure.what() << "\n";
        return 1;
    }
    // Only the device counts the machine has.
    for (int devices = 1; devices <= count; ++devices)
        benchmark::RegisterBenchmark(("split_scan/devices:" + std::to_string(devices) + "/throughput").c_str(),
                                     [devices](benchmark::State& state) { split_throughput(state, devices); })
            ->Apply(sizes)
            ->UseManualTime();
    benchmark::RegisterBenchmark("single_pass_scan_i32/devices:1/throughput", single_pass_throughput)->Apply(sizes)->UseManualTime();
    return accy_bench::run_benchmarks(argc, argv);
}
