// SPDX-License-Identifier: Apache-2.0
// Regression tests of the hardening issue, one per finding, each named for its item: a host
// kernel that throws strands no other block (1), grids past CUDA's limits (2), moved-from pools and
// pools of another backend instance (3), overlap at the top of the address space and null caller
// buffers (4), a host kernel launching on its own backend (5), one code per mistake (6), and the
// recording backend shared by threads (9, in concurrency_test.cpp).
#include "hardening/watchdog.hpp"
#include "support/backend_calls.hpp"
#include "support/call_counts.hpp"
#include "support/errors.hpp"
#include "support/host_scan.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using accy::testing::recording_backend;
using accy_test::buffer_argument;
using accy_test::check_counts;
using accy_test::fails_with;
using accy_test::host_entry;
using host_kernel = accy_test::loaded_kernel<accy::host::backend>;
using namespace std::chrono_literals;


// --- item 1: a block that throws strands no other block ---------------------------------------

std::atomic<std::uint64_t> blocks_run{0};

/// Block 0 throws at once; every block counts itself and works a little, so that without the fix
/// the blocks claimed after the throw are skipped.
void throws_in_block_0(const accy::host_block& block) {
    if (block.block_index.x == 0) throw std::runtime_error("block 0 gave up");
    volatile std::uint64_t sink = 0;
    for (int i = 0; i < 200; ++i) sink = sink + static_cast<std::uint64_t>(i);
    blocks_run.fetch_add(1, std::memory_order_relaxed);
}
constexpr accy::kernel_entry throws_in_block_0_entry = host_entry("test.throws_in_block_0", &throws_in_block_0, {});

/// A look-back chain over parameter 0 (one u64 status word per block, zero at start): each block
/// waits until its predecessor has published, then publishes. The block named by word 0 of the
/// status publishes and then throws: the blocks after it must still run, or their successors
/// wait forever.
void look_back_publishes_then_throws(const accy::host_block& block) {
    const auto status = block.buffer_as<std::uint64_t>(0);
    const std::uint32_t tile = block.block_index.x;
    if (tile > 1)
        while (std::atomic_ref(status[tile - 1]).load(std::memory_order_acquire) == 0) std::this_thread::yield();
    if (tile > 0) std::atomic_ref(status[tile]).store(1, std::memory_order_release);
    if (tile == std::atomic_ref(status[0]).load(std::memory_order_relaxed)) throw std::runtime_error("tile gave up");
}
constexpr accy::kernel_entry look_back_entry =
    host_entry("test.look_back", &look_back_publishes_then_throws,
               {accy::parameter::buffer("status", accy::access::read_write, accy::dtype::u64)});

BOOST_AUTO_TEST_SUITE(hardening)

BOOST_AUTO_TEST_CASE(item1_a_throwing_block_skips_no_other_block) {
    for (unsigned threads : {1u, 2u, 4u}) {
        accy::host::backend device(threads);
        const host_kernel kernel(device, throws_in_block_0_entry);
        constexpr std::uint32_t blocks = 20000;
        blocks_run = 0;
        BOOST_CHECK_EXCEPTION(device.launch(kernel.get(), {{blocks, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                              fails_with(accy::errc::device_error,
                                         {"block (0, 0, 0) of grid (20000, 1, 1) threw: block 0 gave up"}));
        BOOST_TEST(blocks_run.load() == blocks - 1);
    }
}

BOOST_AUTO_TEST_CASE(item1_a_look_back_kernel_that_throws_never_hangs) {
    accy::host::backend device(4);
    const host_kernel kernel(device, look_back_entry);
    constexpr std::uint32_t tiles = 64;
    const accy::buffer status = device.allocate_buffer(tiles * sizeof(std::uint64_t));
    const accy::kernel_argument arguments[] = {buffer_argument(status)};
    std::size_t failures = 0;
    accy_test::within(120s, "4000 look-back launches whose tile k throws after publishing", [&] {
        for (std::uint64_t launch = 0; launch < 4000; ++launch) {
            std::vector<std::uint64_t> words(tiles, 0);
            words[0] = 1 + launch % (tiles - 1);  // the tile that throws
            device.upload(status, words.data(), tiles * sizeof(std::uint64_t));
            try {
                device.launch(kernel.get(), {{tiles, 1, 1}, {1, 1, 1}, 0}, arguments, std::nullopt);
            } catch (const accy::error& failure) {
                if (failure.code() == accy::errc::device_error) ++failures;
            }
            device.download(words.data(), status, tiles * sizeof(std::uint64_t));
            for (std::uint32_t t = 1; t < tiles; ++t)
                if (words[t] != 1) throw std::logic_error("tile " + std::to_string(t) + " did not run");
        }
    });
    BOOST_TEST(failures == 4000u);
    device.free_buffer(status);
}

// --- item 2: grids past CUDA's limits --------------------------------------------------------

void counts_blocks(const accy::host_block&) { blocks_run.fetch_add(1, std::memory_order_relaxed); }
constexpr accy::kernel_entry counts_blocks_entry = host_entry("test.counts_blocks", &counts_blocks, {});

BOOST_AUTO_TEST_CASE(item2_a_grid_whose_block_count_overflows_is_refused) {
    accy::host::backend device(2);
    const host_kernel kernel(device, counts_blocks_entry);
    blocks_run = 0;
    for (const accy::dim3 grid : {accy::dim3{1u << 31, 1u << 31, 4}, accy::dim3{1u << 31, 1, 1},
                                  accy::dim3{1, 65536, 1}, accy::dim3{1, 1, 65536}, accy::dim3{0, 1, 1}})
        BOOST_CHECK_EXCEPTION(device.launch(kernel.get(), {grid, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch, {"outside CUDA's limits"}));
    BOOST_TEST(blocks_run.load() == 0u);
    device.launch(kernel.get(), {{1000, 2, 3}, {1, 1, 1}, 0}, {}, std::nullopt);  // a grid within the limits runs
    BOOST_TEST(blocks_run.load() == 6000u);                                   // every block of it
}

// --- item 3: moved-from pools, pools of another backend instance -----------------------------

BOOST_AUTO_TEST_CASE(item3_a_moved_from_pool_is_refused_and_launches_nothing) {
    recording_backend device;
    auto pool = accy::load_artifacts<accy_test::device_scan>(device, accy::formats::cuda_ptx);
    auto moved = std::move(pool);
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx,
                                                                        accy_test::scan_operands, accy_test::scan_results,
                                                                        accy_test::n_5000, accy::use_pool(pool)),
                          accy::error, fails_with(accy::errc::launch_argument_mismatch, {"pool was moved from"}));
    check_counts(device, {.allocate = 0, .launch = 0});
    // The pool it moved to launches, with its kernels.
    accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx, accy_test::scan_operands,
                                                  accy_test::scan_results, accy_test::n_5000, accy::use_pool(moved));
    BOOST_TEST(device.launch_count == 3u);
    BOOST_TEST(device.launches[0].launched == moved[0].kernel);
}

BOOST_AUTO_TEST_CASE(item3_a_pool_loaded_on_another_backend_instance_is_refused) {
    recording_backend loaded_on, launched_on;
    const auto pool = accy::load_artifacts<accy_test::device_scan>(loaded_on, accy::formats::cuda_ptx);
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<accy_test::device_scan>(launched_on, accy::formats::cuda_ptx,
                                                                        accy_test::scan_operands, accy_test::scan_results,
                                                                        accy_test::n_5000, accy::use_pool(pool)),
                          accy::error, fails_with(accy::errc::launch_argument_mismatch, {"another backend instance"}));
    BOOST_TEST(launched_on.launch_count == 0u);
    BOOST_TEST(launched_on.allocate_count == 0u);
    BOOST_TEST(loaded_on.launch_count == 0u);
}

// --- item 4: overlap at the top of the address space; null caller buffers (fixed before) -------

BOOST_AUTO_TEST_CASE(item4_high_overlapping_wrapping_and_null_intermediates_are_refused) {
    constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
    const std::size_t needed = 79 * sizeof(float);  // ceil(5000 / 64) floats
    const std::vector<std::array<accy::buffer, 2>> refused{
        {accy::buffer{top - 0x1fff, 0x1000}, accy::buffer{top - 0x1fff + 0x100, 0x400}},  // the second inside the first
        {accy::buffer{top - 0xff, 0x1000}, recording_backend::buffer_for(7, 0x1000)},        // wraps past 2^64
        {accy::buffer{0, 0x1000}, recording_backend::buffer_for(7, 0x1000)},                 // null
        {recording_backend::buffer_for(7, 0x1000), accy::buffer{top - 0x3ff, 0x400}},        // fine, but...
    };
    for (std::size_t k = 0; k < 3; ++k) {
        recording_backend device;
        BOOST_CHECK_THROW(accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx,
                                                                        accy_test::scan_operands, accy_test::scan_results,
                                                                        accy_test::n_5000, accy::use_scratch(refused[k])),
                          accy::error);
        BOOST_TEST(device.launch_count == 0u);
        BOOST_TEST(device.live_objects() == 0u);
    }
    // ...the last pair lies at the very top without wrapping: accepted.
    recording_backend device;
    BOOST_TEST(refused[3][1].byte_size >= needed);
    accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx, accy_test::scan_operands,
                                                  accy_test::scan_results, accy_test::n_5000,
                                                  accy::use_scratch(refused[3]));
    BOOST_TEST(device.launch_count == 3u);
}

// --- item 5: a host kernel launching on its own backend ---------------------------------------

accy::host::backend* launching_backend = nullptr;
accy::host::kernel inner_kernel{};

void launches_on_backend(const accy::host_block&) {
    launching_backend->launch(inner_kernel, {{4, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
}
constexpr accy::kernel_entry launches_entry = host_entry("test.launches_on_backend", &launches_on_backend, {});

BOOST_AUTO_TEST_CASE(item5_a_host_kernel_launching_on_its_own_backend_is_an_error_not_a_deadlock) {
    for (unsigned threads : {1u, 3u}) {
        accy::host::backend device(threads);
        const host_kernel inner(device, counts_blocks_entry);
        inner_kernel = inner.get();
        const host_kernel outer(device, launches_entry);
        launching_backend = &device;
        accy_test::within(60s, "a host kernel launching on its own backend", [&] {
            BOOST_CHECK_EXCEPTION(device.launch(outer.get(), {{8, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                                  fails_with(accy::errc::unsupported_operation, {"must not launch on its own backend"}));
        });
        // The backend still runs launches afterwards, and a kernel may launch on another backend.
        blocks_run = 0;
        device.launch(inner_kernel, {{5, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
        BOOST_TEST(blocks_run.load() == 5u);
        accy::host::backend other(2);
        const host_kernel inner_on_other(other, counts_blocks_entry);
        inner_kernel = inner_on_other.get();
        launching_backend = &other;
        blocks_run = 0;
        accy_test::within(60s, "a host kernel launching on another backend",
                          [&] { device.launch(outer.get(), {{8, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt); });
        BOOST_TEST(blocks_run.load() == 8u * 4u);
    }
}

// --- item 6: the same mistake, the same code ----------------------------------------------------

BOOST_AUTO_TEST_CASE(item6_n_zero_is_one_code_with_or_without_caller_intermediates) {
    const std::tuple<std::uint32_t> zero{0};
    recording_backend cold, with_scratch;
    std::optional<accy::errc> cold_code, scratch_code;
    try {
        accy::launch_pipeline<accy_test::device_scan>(cold, accy::formats::cuda_ptx, accy_test::scan_operands,
                                                      accy_test::scan_results, zero);
    } catch (const accy::error& failure) {
        BOOST_TEST_MESSAGE("cold: " << failure.what());
        cold_code = failure.code();
    }
    const std::array<accy::buffer, 2> scratch{recording_backend::buffer_for(7, 4096), recording_backend::buffer_for(8, 4096)};
    try {
        accy::launch_pipeline<accy_test::device_scan>(with_scratch, accy::formats::cuda_ptx, accy_test::scan_operands,
                                                      accy_test::scan_results, zero, accy::use_scratch(scratch));
    } catch (const accy::error& failure) {
        BOOST_TEST_MESSAGE("with intermediates: " << failure.what());
        scratch_code = failure.code();
    }
    BOOST_REQUIRE(cold_code.has_value());
    BOOST_REQUIRE(scratch_code.has_value());
    BOOST_TEST(static_cast<int>(*cold_code) == static_cast<int>(*scratch_code));
    BOOST_TEST(cold.launch_count + cold.allocate_count + with_scratch.launch_count == 0u);
}

BOOST_AUTO_TEST_CASE(item6_a_wrong_format_is_unsupported_operation_on_the_host_backend_as_on_cuda) {
    accy::host::backend device(1);
    BOOST_CHECK_EXCEPTION(device.create_artifact(counts_blocks_entry, accy::format::cuda_ptx, counts_blocks_entry.payload),
                          accy::error, fails_with(accy::errc::unsupported_operation, {"cuda_ptx"}));
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<accy_test::host_scan>(device, accy::formats::cuda_ptx), accy::error,
                          fails_with(accy::errc::unsupported_operation, {"stage 0"}));
}

void throws_accy_error(const accy::host_block& block) {
    if (block.block_index.x == 2) throw accy::error(accy::errc::out_of_memory, "the kernel ran out of its arena");
}
constexpr accy::kernel_entry throws_accy_error_entry = host_entry("test.throws_accy_error", &throws_accy_error, {});

BOOST_AUTO_TEST_CASE(item6_a_host_kernels_own_accy_error_keeps_its_code) {
    accy::host::backend device(2);
    const host_kernel kernel(device, throws_accy_error_entry);
    BOOST_CHECK_EXCEPTION(device.launch(kernel.get(), {{4, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                          fails_with(accy::errc::out_of_memory, {"'test.throws_accy_error': block (2, 0, 0) of grid "
                                                                 "(4, 1, 1): the kernel ran out of its arena"}));
}

BOOST_AUTO_TEST_CASE(item6_an_allocation_fault_in_a_cold_launch_names_the_launch) {
    recording_backend device;
    device.allocate_fault.after = 0;
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<accy_test::device_scan>(device, accy::formats::cuda_ptx,
                                                                        accy_test::scan_operands, accy_test::scan_results,
                                                                        accy_test::n_5000, accy::label("cold")),
                          accy::error, [](const accy::error& failure) {
                              return fails_with(accy::errc::out_of_memory,
                                                {"launch_pipeline", "the scratch arena of 828 bytes", "[cold]"})(failure) &&
                                     failure.message().find("allocate_scratch") == std::string::npos;
                          });
    BOOST_TEST(device.launch_count == 0u);
    BOOST_TEST(device.live_objects() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
