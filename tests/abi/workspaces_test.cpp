// SPDX-License-Identifier: Apache-2.0
// Workspaces: a stage's own scratch, allocated after the intermediates (or passed by the caller
// after them), checked like them, zeroed just before its stage when declared zero_filled (even
// when the caller's buffer is dirty), zeroed once when allocated when declared kept_zero, and
// launched without allocating in the hot path.
#include "abi/abi_support.hpp"
#include "support/allocation_counter.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace accy_abi;

namespace {

constexpr std::uint32_t tile = 256;

/// block_total(i32* partial, const i32* in, u64 n, i32* staging): the block's sum, staged in its
/// own workspace slot and then written to the intermediate.
void host_block_total(const accy::host_block& block) {
    const auto partial = block.buffer_as<std::int32_t>(0);
    const auto in = block.buffer_as<const std::int32_t>(1);
    const auto n = block.scalar_as<std::uint64_t>(2);
    const auto staging = block.buffer_as<std::int32_t>(3);
    const std::uint32_t b = block.block_index.x;
    staging[b] = 0;
    for (std::uint64_t i = std::uint64_t{b} * tile; i < n && i < (std::uint64_t{b} + 1) * tile; ++i) staging[b] += in[i];
    partial[b] = staging[b];
}

/// finish(i32* out, i32* total, const i32* in, const i32* partial, u64 n, u32* tickets): out[i] =
/// in[i] + the totals of the blocks before; the last block to finish, found by a ticket counter in
/// the workspace, writes the grand total and sets the counter back to 0, which keeps the workspace
/// zeroed (kept_zero). tickets[1] is never written: not 0 means the workspace was not zeroed.
void host_finish(const accy::host_block& block) {
    const auto out = block.buffer_as<std::int32_t>(0);
    const auto total = block.buffer_as<std::int32_t>(1);
    const auto in = block.buffer_as<const std::int32_t>(2);
    const auto partial = block.buffer_as<const std::int32_t>(3);
    const auto n = block.scalar_as<std::uint64_t>(4);
    const auto tickets = block.buffer_as<std::uint32_t>(5);
    if (std::atomic_ref<std::uint32_t>(tickets[1]).load() != 0) throw std::runtime_error("finish: the workspace was not zeroed");
    const std::uint32_t b = block.block_index.x;
    const std::int32_t base = std::accumulate(partial.begin(), partial.begin() + b, 0);
    for (std::uint64_t i = std::uint64_t{b} * tile; i < n && i < (std::uint64_t{b} + 1) * tile; ++i) out[i] = in[i] + base;
    const std::uint32_t ticket = std::atomic_ref<std::uint32_t>(tickets[0]).fetch_add(1, std::memory_order_acq_rel);
    if (ticket + 1 == block.grid_dim.x) {
        total[0] = std::accumulate(partial.begin(), partial.begin() + block.grid_dim.x, 0);
        std::atomic_ref<std::uint32_t>(tickets[0]).store(0, std::memory_order_relaxed);
    }
}

constexpr accy::parameter_list total_parameters{
    parameter::buffer("partial", access::write, dtype::i32), parameter::buffer("in", access::read, dtype::i32),
    parameter::scalar("n", dtype::u64), parameter::buffer("staging", access::read_write, dtype::i32)};
constexpr accy::parameter_list finish_parameters{
    parameter::buffer("out", access::write, dtype::i32),    parameter::buffer("total", access::write, dtype::i32),
    parameter::buffer("in", access::read, dtype::i32),      parameter::buffer("partial", access::read, dtype::i32),
    parameter::scalar("n", dtype::u64),                     parameter::buffer("tickets", access::read_write, dtype::u32)};
constexpr accy::launch_geometry total_launch = accy::launch_geometry::covering(2, tile);
constexpr accy::launch_geometry finish_launch = accy::launch_geometry::covering(4, tile);

inline constexpr auto scratchy_kernels = accy::join_registries(
    in_both_formats({.target = "abi.block_total", .parameters = total_parameters, .geometry = total_launch},
                    "block_total", &host_block_total),
    in_both_formats({.target = "abi.finish", .parameters = finish_parameters, .geometry = finish_launch},
                    "finish", &host_finish));

struct scratchy_definition : accy::definition_base<"abi.scratchy", scratchy_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t, accy::at_least<1>>>;
    using n = accy::forward<0>;
    using tiles = accy::ceil_div<n, tile>;
    using operands = accy::operands<accy::shape<dtype::i32, n>>;
    using results = accy::results<accy::shape<dtype::i32, n>, accy::shape<dtype::i32, accy::constant<1>>>;
    using intermediates = accy::intermediates<accy::shape<dtype::i32, tiles>>;
    using workspaces = accy::workspaces<accy::shape<dtype::i32, tiles>,                                // stage 0's staging
                                        accy::zero_filled<accy::shape<dtype::u32, accy::constant<2>>>>;  // stage 1's tickets
    using stages = accy::stages<
        accy::stage<"abi.block_total", 1, accy::intermediate<0>, accy::operand<0>, n, accy::workspace<0>>,
        accy::stage<"abi.finish", 1, accy::result<0>, accy::result<1>, accy::operand<0>, accy::intermediate<0>, n, accy::workspace<1>>>;
};
using scratchy = accy::pipeline<scratchy_definition>;
static_assert(scratchy::intermediate_count == 1 && scratchy::workspace_count == 2 && scratchy::scratch_count == 3);

/// The same stages with the tickets kept_zero: zeroed when allocated, then by the finish kernel.
struct kept_zero_definition : scratchy_definition {
    using workspaces = accy::workspaces<accy::shape<dtype::i32, tiles>, accy::kept_zero<accy::shape<dtype::u32, accy::constant<2>>>>;
};
using kept_zero_scratchy = accy::pipeline<kept_zero_definition>;

constexpr std::uint64_t n_5000 = 5000;  // 20 tiles
const std::array scan_operands{recorded<std::int32_t>(1001, n_5000)};
const std::array scan_results{recorded<std::int32_t>(1002, n_5000), recorded<std::int32_t>(1003, 1)};

void launch_recorded(recording_backend& device, auto... options) {
    accy::launch_pipeline<scratchy>(device, accy::formats::cuda_ptx, scan_operands, scan_results, scratchy::scalar_values{n_5000},
                                    options...);
}

/// The caller's scratch on the recording backend: the intermediate, then the workspaces.
std::array<buffer, 3> caller_scratch() {
    return {recorded<std::int32_t>(2001, 20), recorded<std::int32_t>(2002, 20), recorded<std::uint32_t>(2003, 2)};
}

/// The host backend, buffers for the operand and the results of up to `capacity` elements, and 20 rounds over them:
/// n = capacity, then 1, then random. A round uploads fresh input, runs `launch(input, n)`, and checks the total.
struct host_rounds {
    static constexpr std::uint64_t capacity = 100000;
    accy::host::backend device{4};
    host_buffer in{device, capacity * 4}, out{device, capacity * 4}, total{device, 4};

    template <class Launch>
    void run(const Launch& launch) {
        std::mt19937 engine = accy_test::fresh_engine();
        const std::uniform_int_distribution<std::int32_t> values(-1000, 1000);
        for (int round = 0; round < 20; ++round) {
            const std::uint64_t n = round == 0 ? capacity : round == 1 ? 1 : engine() % capacity + 1;
            const std::vector<std::int32_t> input = drawn<std::int32_t>(engine, n, values);
            in.upload(input);
            BOOST_TEST_CONTEXT("round " << round << ", n " << n) {
                launch(input, n);
                BOOST_TEST(total.download<std::int32_t>(1)[0] == std::accumulate(input.begin(), input.end(), 0));
            }
        }
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_workspaces)

BOOST_AUTO_TEST_CASE(workspaces_follow_the_intermediates_in_one_arena) {
    // Intermediate 0 (80 bytes, stages 0 to 1) at 0; workspace 0 (80 bytes, stage 0) beside it at 256; workspace 1
    // (8 bytes, stage 1) where workspace 0 was, which stage 0 alone used.
    recording_backend device;
    {
        const auto scratch = accy::allocate_scratch<scratchy>(device, scratchy::scalar_values{n_5000});
        BOOST_TEST(scratch.buffers().size() == 3u);
        BOOST_TEST(device.allocated_byte_sizes == (std::vector<std::size_t>{256 + 80}), boost::test_tools::per_element());
        const std::uint64_t arena = scratch.arena().address;
        BOOST_TEST(scratch[0].address == arena);
        BOOST_TEST(scratch[1].address == arena + 256);
        BOOST_TEST(scratch[2].address == arena + 256);
        BOOST_TEST(device.fill_count == 0u);  // zeroing is the launch's, just before the stage
    }
    BOOST_TEST(device.live_objects() == 0u);

    recording_backend cold;
    launch_recorded(cold);
    BOOST_TEST(cold.allocated_byte_sizes == (std::vector<std::size_t>{256 + 80}), boost::test_tools::per_element());
    const std::uint64_t arena = cold.allocated_addresses.at(0);
    BOOST_TEST(cold.launches.at(0).value<std::uint64_t>(0) == arena);        // partial: intermediate 0
    BOOST_TEST(cold.launches.at(0).value<std::uint64_t>(3) == arena + 256);  // staging: workspace 0
    BOOST_TEST(cold.launches.at(1).value<std::uint64_t>(3) == arena);
    BOOST_TEST(cold.launches.at(1).value<std::uint64_t>(5) == arena + 256);  // tickets: workspace 1
    BOOST_TEST(cold.zeroed_ids == (std::vector<recording_backend::object_id>{cold.allocated_ids.at(0)}),
               boost::test_tools::per_element());
    BOOST_TEST(cold.live_objects() == 0u);
}

BOOST_AUTO_TEST_CASE(a_zero_filled_workspace_is_zeroed_just_before_its_stage) {
    // Zeroing stage 1's workspace fails: stage 0 has launched, stage 1 has not.
    recording_backend failing_fill;
    failing_fill.fill_fault.after = 0;
    BOOST_CHECK_EXCEPTION(launch_recorded(failing_fill), accy::error, fails_with(errc::device_error, {"stage 1 ('abi.finish')"}));
    BOOST_TEST(failing_fill.launch_count == 1u);
    BOOST_TEST(failing_fill.live_objects() == 0u);
    // Stage 1's launch fails: its workspace was zeroed before.
    recording_backend failing_launch;
    failing_launch.launch_fault.after = 1;
    BOOST_CHECK_EXCEPTION(launch_recorded(failing_launch), accy::error, fails_with(errc::device_error, {"stage 1 ('abi.finish')"}));
    BOOST_TEST(failing_launch.fill_count == 1u);
    // Stage 0's launch fails: nothing was zeroed yet.
    recording_backend failing_first;
    failing_first.launch_fault.after = 0;
    BOOST_CHECK_EXCEPTION(launch_recorded(failing_first), accy::error, fails_with(errc::device_error, {"stage 0 ('abi.block_total')"}));
    BOOST_TEST(failing_first.fill_count == 0u);
}

BOOST_AUTO_TEST_CASE(caller_scratch_holds_the_workspaces_after_the_intermediates) {
    recording_backend device;
    const auto pool = accy::load_artifacts<scratchy>(device, accy::formats::cuda_ptx);
    const std::array scratch = caller_scratch();
    for (int round = 0; round < 3; ++round) launch_recorded(device, accy::use_pool(pool), accy::use_scratch(scratch));
    BOOST_TEST(device.allocate_count == 0u);
    BOOST_TEST(device.launch_count == 6u);
    BOOST_TEST(device.zeroed_ids == (std::vector<recording_backend::object_id>{2003, 2003, 2003}), boost::test_tools::per_element());
    BOOST_TEST(device.launches.at(0).buffer_id(3) == 2002u);
    BOOST_TEST(device.launches.at(1).buffer_id(3) == 2001u);
    BOOST_TEST(device.launches.at(1).buffer_id(5) == 2003u);
    BOOST_TEST(device.synchronize_count == 0u);
}

BOOST_AUTO_TEST_CASE(caller_workspaces_are_checked_like_intermediates) {
    const auto launching_with = [](std::span<const buffer> scratch) {
        return [scratch](recording_backend& device) { launch_recorded(device, accy::use_scratch(scratch)); };
    };
    const std::array<buffer, 3> good = caller_scratch();
    check_refused(launching_with(std::span(good).first(2)), {"expects 1 intermediates and 2 workspaces, got 2 buffers"});
    std::array<buffer, 3> scratch = good;
    scratch[2].byte_size = 4;
    check_refused(launching_with(scratch), {"workspace 1 holds 4 bytes, the runtime scalars need 8"});
    scratch = good;
    scratch[1] = {};
    check_refused(launching_with(scratch), {"workspace 0 is a null buffer"});
    scratch = good;
    scratch[1] = scan_operands[0];
    check_refused(launching_with(scratch), {"workspace 0 overlaps operand 0"});
    scratch = good;
    scratch[2] = {scan_results[1].address, 8};
    check_refused(launching_with(scratch), {"workspace 1 overlaps result 1"});
    scratch = good;
    scratch[2] = {good[0].address + 8, 8};
    check_refused(launching_with(scratch), {"workspace 1 overlaps intermediate 0"});
}

BOOST_AUTO_TEST_CASE(a_host_kernel_sees_its_workspace_zeroed_though_the_caller_left_it_dirty) {
    host_rounds rounds;
    const auto pool = accy::load_artifacts<scratchy>(rounds.device, accy::formats::host);
    const std::uint64_t capacity_tiles = (host_rounds::capacity + tile - 1) / tile;
    host_buffer partial(rounds.device, capacity_tiles * 4), staging(rounds.device, capacity_tiles * 4),
        tickets(rounds.device, 8);
    const std::array scratch{partial.view(), staging.view(), tickets.view()};
    rounds.run([&](const std::vector<std::int32_t>& input, std::uint64_t n) {
        for (host_buffer* dirty : {&rounds.out, &rounds.total, &partial, &staging, &tickets}) dirty->fill(0xa5);
        accy::launch_pipeline<scratchy>(rounds.device, accy::formats::host, std::array{rounds.in.view()},
                                        std::array{rounds.out.view(), rounds.total.view()}, scratchy::scalar_values{n},
                                        accy::use_pool(pool), accy::use_scratch(scratch));
        // Each element plus the totals of the tiles before its own: the sum of its tile's predecessors.
        std::vector<std::int32_t> expected(n);
        std::int32_t base = 0, tile_sum = 0;
        for (std::uint64_t i = 0; i < n; ++i) {
            if (i % tile == 0) base += std::exchange(tile_sum, 0);
            tile_sum += input[i];
            expected[i] = input[i] + base;
        }
        BOOST_TEST(rounds.out.download<std::int32_t>(n) == expected);
    });
}

BOOST_AUTO_TEST_CASE(hot_launches_with_workspaces_allocate_nothing) {
    recording_backend device;
    device.record_arguments = false;
    const auto pool = accy::load_artifacts<scratchy>(device, accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<scratchy>(device, scratchy::scalar_values{n_5000});
    const std::size_t before = accy_test::allocations();
    for (int round = 0; round < 1000; ++round) launch_recorded(device, accy::use_pool(pool), accy::use_scratch(scratch));
    BOOST_TEST(accy_test::allocations() - before == 0u);
    BOOST_TEST(device.launch_count == 2000u);
    BOOST_TEST(device.fill_count == 1000u);

    // The host backend, after one launch has warmed it up.
    accy::host::backend host(2);
    const auto host_pool = accy::load_artifacts<scratchy>(host, accy::formats::host);
    const auto host_scratch = accy::allocate_scratch<scratchy>(host, scratchy::scalar_values{n_5000});
    host_buffer in(host, n_5000 * 4), out(host, n_5000 * 4), total(host, 4);
    in.upload(std::vector<std::int32_t>(n_5000, 1));
    const std::array operands{in.view()};
    const std::array results{out.view(), total.view()};
    const auto launch = [&] {
        accy::launch_pipeline<scratchy>(host, accy::formats::host, operands, results, scratchy::scalar_values{n_5000},
                                        accy::use_pool(host_pool), accy::use_scratch(host_scratch));
    };
    launch();
    const std::size_t host_before = accy_test::allocations();
    for (int round = 0; round < 200; ++round) launch();
    BOOST_TEST(accy_test::allocations() - host_before == 0u);
    BOOST_TEST(total.download<std::int32_t>(1)[0] == 5000);
}

BOOST_AUTO_TEST_CASE(a_kept_zero_workspace_is_zeroed_when_allocated_and_never_by_a_launch) {
    BOOST_TEST(accy::describe<kept_zero_scratchy>().find("workspace 1: u32[2], kept_zero, live in stages 0 to 1\n") != std::string::npos);
    recording_backend device;
    {
        const auto scratch = accy::allocate_scratch<kept_zero_scratchy>(device, kept_zero_scratchy::scalar_values{n_5000});
        const auto& ids = device.allocated_ids;
        BOOST_TEST(device.zeroed_ids == (std::vector<recording_backend::object_id>{ids.at(0)}), boost::test_tools::per_element());
        BOOST_TEST(scratch[2].address == scratch.arena().address + 512);  // apart from the others: it stays zero
        BOOST_TEST(device.synchronize_count == 1u);  // zero before any launch on any stream
        const auto pool = accy::load_artifacts<kept_zero_scratchy>(device, accy::formats::cuda_ptx);
        for (int round = 0; round < 3; ++round)
            accy::launch_pipeline<kept_zero_scratchy>(device, accy::formats::cuda_ptx, scan_operands, scan_results,
                                                      kept_zero_scratchy::scalar_values{n_5000}, accy::use_pool(pool),
                                                      accy::use_scratch(scratch.buffers()));
        BOOST_TEST(device.launch_count == 6u);
        BOOST_TEST(device.fill_count == 1u);
    }
    BOOST_TEST(device.live_objects() == 0u);

    // A launch that allocates its own scratch zeroes it there, before its first stage.
    recording_backend cold;
    accy::launch_pipeline<kept_zero_scratchy>(cold, accy::formats::cuda_ptx, scan_operands, scan_results,
                                              kept_zero_scratchy::scalar_values{n_5000});
    BOOST_TEST(cold.zeroed_ids == (std::vector<recording_backend::object_id>{cold.allocated_ids.at(0)}),
               boost::test_tools::per_element());
    BOOST_TEST(cold.launch_count == 2u);
    BOOST_TEST(cold.live_objects() == 0u);

    // Zeroing fails: the allocation fails, names why and frees what it allocated.
    recording_backend failing_fill;
    failing_fill.fill_fault.after = 0;
    BOOST_CHECK_EXCEPTION(accy::allocate_scratch<kept_zero_scratchy>(failing_fill, kept_zero_scratchy::scalar_values{n_5000}),
                          accy::error, fails_with(errc::device_error, {"allocate_scratch", "zeroing its kept_zero workspaces"}));
    BOOST_TEST(failing_fill.allocate_count == 1u);  // the arena
    BOOST_TEST(failing_fill.live_objects() == 0u);
}

BOOST_AUTO_TEST_CASE(a_host_kernel_keeps_its_kept_zero_workspace_zeroed_launch_after_launch) {
    host_rounds rounds;
    const auto pool = accy::load_artifacts<kept_zero_scratchy>(rounds.device, accy::formats::host);
    const auto scratch =
        accy::allocate_scratch<kept_zero_scratchy>(rounds.device, kept_zero_scratchy::scalar_values{host_rounds::capacity});
    rounds.run([&](const std::vector<std::int32_t>&, std::uint64_t n) {
        rounds.total.fill(0xa5);  // written only by the block that finds the tickets counted up from 0
        accy::launch_pipeline<kept_zero_scratchy>(rounds.device, accy::formats::host, std::array{rounds.in.view()},
                                                  std::array{rounds.out.view(), rounds.total.view()},
                                                  kept_zero_scratchy::scalar_values{n}, accy::use_pool(pool),
                                                  accy::use_scratch(scratch.buffers()));
    });
}

BOOST_AUTO_TEST_SUITE_END()
