// SPDX-License-Identifier: Apache-2.0
// Host-side cost of launch_pipeline on the recording backend (no device): what accy adds to the
// backend's own calls, for the tests' three-stage scan (tests/support/scan_pipeline.hpp).
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <optional>

namespace {

using accy::testing::recording_backend;
using accy_test::device_scan;

recording_backend counting_backend() {
    recording_backend device;
    device.record_arguments = false;
    return device;
}

/// The three backend launches written by hand, with the figures a launch derives: the floor. Each
/// launch passes one kernel_argument per parameter, built at the call as a hand-written launch
/// builds its argument array: a buffer's address (and the view), a scalar's bytes.
void raw_backend_launches(benchmark::State& state) {
    recording_backend device = counting_backend();
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, accy_test::n_5000);
    const accy::buffer out = accy_test::scan_results[0], in = accy_test::scan_operands[0], tile_sums = scratch[0],
                       scanned = scratch[1];
    const std::uint32_t n = 5000, blocks = 79;
    const accy::launch_config tiles{{79, 1, 1}, {64, 1, 1}, 0}, one{{1, 1, 1}, {96, 1, 1}, 0};
    const auto pointer = [](const accy::buffer& bound) { return accy::kernel_argument{&bound.address, sizeof(bound.address), bound}; };
    const auto value = [](const std::uint32_t& scalar) { return accy::kernel_argument{&scalar, sizeof(scalar), {}}; };
    for (auto _ : state) {
        const std::array block_scan{pointer(out), pointer(in), pointer(tile_sums), value(n)};
        device.launch(pool[0].kernel, tiles, block_scan, std::nullopt);
        const std::array sums_scan{pointer(scanned), pointer(tile_sums), value(blocks)};
        device.launch(pool[1].kernel, one, sums_scan, std::nullopt);
        const std::array add_base{pointer(out), pointer(scanned), value(n)};
        device.launch(pool[2].kernel, tiles, add_base, std::nullopt);
        benchmark::ClobberMemory();
    }
}
BENCHMARK(raw_backend_launches);

/// launch_pipeline with a pool and caller-owned intermediates: every check, then three launches.
void launch_with_pool_and_intermediates(benchmark::State& state) {
    recording_backend device = counting_backend();
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<device_scan>(device, accy_test::n_5000);
    for (auto _ : state) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, accy_test::scan_operands,
                                           accy_test::scan_results, accy_test::n_5000, accy::use_pool(pool),
                                           accy::use_scratch(scratch));
        benchmark::ClobberMemory();
    }
}
BENCHMARK(launch_with_pool_and_intermediates);

/// A cold launch: allocates, creates, loads, launches, waits and destroys everything itself.
void cold_launch(benchmark::State& state) {
    recording_backend device = counting_backend();
    for (auto _ : state) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, accy_test::scan_operands,
                                           accy_test::scan_results, accy_test::n_5000);
        // The recording backend keeps every id it hands out; forget them so memory stays flat.
        device.allocated_ids.clear();
        device.allocated_byte_sizes.clear();
        device.allocated_addresses.clear();
        device.loaded_ids.clear();
        device.destroyed_ids.clear();
    }
}
BENCHMARK(cold_launch);

}  // namespace

BENCHMARK_MAIN();
