// Host-side cost of launch_pipeline on the recording backend (no device): what accy adds to the
// backend's own calls, for the seed's three-stage scan.
#include "support/seed_pipeline.hpp"

#include <accy/accy.hpp>

#include <benchmark/benchmark.h>

#include <array>

namespace {

using accy::testing::recording_backend;
using accy_test::device_scan;

recording_backend counting_backend() {
    recording_backend device;
    device.record_arguments = false;
    return device;
}

/// The three backend launches written by hand, with the figures a launch derives: the floor.
void raw_backend_launches(benchmark::State& state) {
    recording_backend device = counting_backend();
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_intermediates<device_scan>(device, accy_test::n_5000);
    const std::array<std::uint32_t, 1> n{5000}, blocks{79};
    const accy::launch_dims tiles{{79, 1, 1}, {64, 1, 1}}, one{{1, 1, 1}, {96, 1, 1}};
    const std::array stage0{accy_test::seed_results[0], accy_test::seed_operands[0], scratch[0]};
    const std::array stage1{scratch[1], scratch[0]};
    const std::array stage2{accy_test::seed_results[0], scratch[1]};
    for (auto _ : state) {
        device.launch(pool[0].kernel, tiles, stage0, n, std::nullopt);
        device.launch(pool[1].kernel, one, stage1, blocks, std::nullopt);
        device.launch(pool[2].kernel, tiles, stage2, n, std::nullopt);
        benchmark::ClobberMemory();
    }
}
BENCHMARK(raw_backend_launches);

/// launch_pipeline with a pool and caller-owned intermediates: every check, then three launches.
void launch_with_pool_and_intermediates(benchmark::State& state) {
    recording_backend device = counting_backend();
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_intermediates<device_scan>(device, accy_test::n_5000);
    for (auto _ : state) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, accy_test::seed_operands,
                                           accy_test::seed_results, accy_test::n_5000, accy::use_pool(pool),
                                           accy::use_intermediates(scratch));
        benchmark::ClobberMemory();
    }
}
BENCHMARK(launch_with_pool_and_intermediates);

/// A cold launch: allocates, creates, loads, launches, waits and destroys everything itself.
void cold_launch(benchmark::State& state) {
    recording_backend device = counting_backend();
    for (auto _ : state) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, accy_test::seed_operands,
                                           accy_test::seed_results, accy_test::n_5000);
        // The recording backend keeps every id it hands out; forget them so memory stays flat.
        device.allocated_ids.clear();
        device.allocated_byte_sizes.clear();
        device.loaded_ids.clear();
        device.destroyed_ids.clear();
    }
}
BENCHMARK(cold_launch);

}  // namespace

BENCHMARK_MAIN();
