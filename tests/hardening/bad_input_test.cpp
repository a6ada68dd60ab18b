// SPDX-License-Identifier: Apache-2.0
// Regression tests of issue 34 (no input crashes it), one per finding, each named for its item: a
// host buffer too large to allocate (1), launch cycles across host backends and a look-back whose
// predecessor threw (3), an out-of-range `accy::format` (4), host transfers with a
// null buffer (6), a moved-from host backend, device_buffer and thread_pool (7), a launch outside
// CUDA's limits on the recording backend (9, in conformance/cases/launches.hpp). A case that
// crashed or corrupted the heap before its fix runs in a child process (`accy_test::forked`).
#include "hardening/watchdog.hpp"
#include "support/backend_calls.hpp"
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
#include <cstring>
#include <functional>
#include <initializer_list>
#include <latch>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using accy::testing::recording_backend;
using accy_test::fails_with;
using accy_test::forked;
using namespace std::chrono_literals;

std::string expected(accy::errc code, std::initializer_list<std::string_view> parts) {
    std::string text = "expected " + std::string(accy::to_string(code)) + " naming";
    for (const std::string_view part : parts) text.append(" '").append(part).append("'");
    return text;
}

/// Throws std::logic_error, which `forked` reports, unless `call` throws an accy::error of `code`
/// whose message holds every one of `parts`: the child process's own check.
template <class Call>
void expect_refused(const Call& call, accy::errc code, std::initializer_list<std::string_view> parts) {
    try {
        call();
    } catch (const accy::error& failure) {
        bool matches = failure.code() == code;
        for (const std::string_view part : parts) matches = matches && failure.message().find(part) != std::string::npos;
        if (!matches) throw std::logic_error(expected(code, parts) + ", got " + failure.what());
        return;
    }
    throw std::logic_error(expected(code, parts) + ", got no error");
}

// --- item 1: a host buffer too large to allocate --------------------------------------------------

/// fills(u8* workspace, u64 n): writes the first 64 KiB of its workspace, as a kernel given that many bytes may.
void fills_workspace(const accy::host_block& block) {
    const auto workspace = block.buffer_as<std::uint8_t>(0);
    std::memset(workspace.data(), 0xab, 1 << 16);
}
constexpr auto fills_registry = accy::make_registry(accy_test::host_entry(
    "test.fills_workspace", &fills_workspace,
    {accy::parameter::buffer("workspace", accy::access::read_write, accy::dtype::u8), accy::parameter::scalar("n", accy::dtype::u64)}));

struct huge_workspace_definition : accy::definition_base<"test.huge_workspace", fills_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<>;
    using results = accy::results<>;
    using workspaces = accy::workspaces<accy::shape<accy::dtype::u8, n>>;
    using stages = accy::stages<accy::stage<"test.fills_workspace", 1, accy::workspace<0>, n>>;
};
using huge_workspace = accy::pipeline<huge_workspace_definition>;

/// Sizes that aligned operator new cannot give: above PTRDIFF_MAX, and those that wrap when rounded up to 256.
constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
constexpr std::array<std::size_t, 5> unallocatable{std::size_t{PTRDIFF_MAX} + 1, size_max - 255, size_max - 100,
                                                   size_max - 1, size_max};

BOOST_AUTO_TEST_SUITE(issue34)

BOOST_AUTO_TEST_CASE(item1_the_host_backend_refuses_a_buffer_it_cannot_allocate) {
    accy::host::backend device(1);
    for (const std::size_t bytes : unallocatable)
        BOOST_CHECK_EXCEPTION(device.allocate_buffer(bytes), accy::error,
                              fails_with(accy::errc::out_of_memory, {"buffer of " + std::to_string(bytes) + " bytes"}));
    const accy::buffer largest_fine = device.allocate_buffer(1 << 20);  // an ordinary size still allocates
    BOOST_TEST(largest_fine.byte_size == 1u << 20);
    device.free_buffer(largest_fine);
}

BOOST_AUTO_TEST_CASE(item1_a_workspace_of_2_to_the_64_minus_101_bytes_is_out_of_memory_not_heap_corruption) {
    const std::uint64_t n = size_max - 100;  // 2^64 - 101
    const std::string outcome = forked(60s, "launch_pipeline with a workspace of 2^64 - 101 bytes", [n] {
        accy::host::backend device(1);
        const auto launch = [&](auto... options) {
            accy::launch_pipeline<huge_workspace>(device, accy::formats::host, std::array<accy::buffer, 0>{},
                                                  std::array<accy::buffer, 0>{}, std::tuple<std::uint64_t>{n}, options...);
        };
        expect_refused(launch, accy::errc::out_of_memory, {std::to_string(n) + " bytes"});
        expect_refused([&] { (void)accy::allocate_scratch<huge_workspace>(device, std::tuple<std::uint64_t>{n}); },
                       accy::errc::out_of_memory, {std::to_string(n) + " bytes"});
    });
    BOOST_TEST(outcome == "returned");
}

// --- item 3: launch cycles across host backends, and a look-back that cannot end ------------------

/// A host kernel that launches `next_kernel` (one block) on `next_backend`: the links of a chain of
/// launches through several backends, the last one's kernel counting blocks.
struct chain_link {
    accy::host::backend* next_backend = nullptr;
    const accy::host::kernel* next_kernel = nullptr;
};
std::array<chain_link, 3> links;
std::atomic<unsigned> chain_ends{0};

template <std::size_t Link>
void launches_next(const accy::host_block&) {
    links[Link].next_backend->launch(*links[Link].next_kernel, {{1, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
}
void ends_chain(const accy::host_block&) { chain_ends.fetch_add(1, std::memory_order_relaxed); }
constexpr std::array link_entries{accy_test::host_entry("test.link_0", &launches_next<0>, {}),
                                  accy_test::host_entry("test.link_1", &launches_next<1>, {}),
                                  accy_test::host_entry("test.link_2", &launches_next<2>, {})};
constexpr accy::kernel_entry ends_chain_entry = accy_test::host_entry("test.ends_chain", &ends_chain, {});

BOOST_AUTO_TEST_CASE(item3_a_launch_cycle_through_two_or_three_host_backends_is_an_error_not_a_deadlock) {
    const std::string outcome = forked(60s, "launch cycles A -> B -> A and A -> B -> C -> A", [] {
        std::array<accy::host::backend, 3> devices{accy::host::backend(2), accy::host::backend(1), accy::host::backend(3)};
        using kernel = accy_test::loaded_kernel<accy::host::backend>;
        const kernel link_0(devices[0], link_entries[0]), link_1(devices[1], link_entries[1]),
            link_2(devices[2], link_entries[2]), end_on_2(devices[2], ends_chain_entry);
        const auto launch_chain = [&] { devices[0].launch(link_0.get(), {{4, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt); };
        // A -> B -> A: the kernel on B launches on A, whose launch waits for it.
        links[0] = {&devices[1], &link_1.get()};
        links[1] = {&devices[0], &link_0.get()};
        expect_refused(launch_chain, accy::errc::unsupported_operation, {"test.link_0", "launch is waiting for it"});
        // A -> B -> C -> A.
        links[1] = {&devices[2], &link_2.get()};
        links[2] = {&devices[0], &link_0.get()};
        expect_refused(launch_chain, accy::errc::unsupported_operation, {"launch is waiting for it"});
        // A -> B -> C without a cycle runs, and the backends still work after the refusals.
        links[2] = {&devices[2], &end_on_2.get()};
        expect_refused(launch_chain, accy::errc::unsupported_operation, {"must not launch on its own backend"});
        links[1] = {&devices[2], &end_on_2.get()};
        launch_chain();
        if (chain_ends.load() != 4) throw std::logic_error(std::to_string(chain_ends.load()) + " chains ended, not 4");
    });
    BOOST_TEST(outcome == "returned");
}

/// Two launches from two threads, each of a kernel on one backend that, once both run, launches on the other.
std::latch* both_running = nullptr;
template <std::size_t Link>
void meets_then_launches_next(const accy::host_block& block) {
    both_running->arrive_and_wait();
    launches_next<Link>(block);
}

BOOST_AUTO_TEST_CASE(item3_two_threads_launching_across_two_backends_in_opposite_orders_do_not_deadlock) {
    const std::string outcome = forked(60s, "A -> B on one thread while B -> A on another", [] {
        accy::host::backend a(2), b(2);
        using kernel = accy_test::loaded_kernel<accy::host::backend>;
        const kernel a_to_b(a, accy_test::host_entry("test.a_to_b", &meets_then_launches_next<0>, {})),
            b_to_a(b, accy_test::host_entry("test.b_to_a", &meets_then_launches_next<1>, {})),
            end_on_a(a, ends_chain_entry), end_on_b(b, ends_chain_entry);
        links[0] = {&b, &end_on_b.get()};
        links[1] = {&a, &end_on_a.get()};
        for (int round = 0; round < 20; ++round) {
            std::latch meet(2);
            both_running = &meet;
            chain_ends = 0;
            std::array<std::optional<accy::error>, 2> refused;
            const auto launch = [&](accy::host::backend& device, const kernel& outer, std::optional<accy::error>& failure) {
                try {
                    device.launch(outer.get(), {{1, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
                } catch (const accy::error& thrown) {
                    failure = thrown;
                }
            };
            std::thread other(launch, std::ref(b), std::cref(b_to_a), std::ref(refused[1]));
            launch(a, a_to_b, refused[0]);
            other.join();
            // Exactly one of the two closes the cycle and is refused; the other then runs to its end.
            const int refusals = int{refused[0].has_value()} + int{refused[1].has_value()};
            if (refusals != 1 || chain_ends.load() != 1)
                throw std::logic_error("round " + std::to_string(round) + ": " + std::to_string(refusals) +
                                       " launches refused and " + std::to_string(chain_ends.load()) + " ran to the end, not 1 and 1");
            const accy::error& failure = refused[0] ? *refused[0] : *refused[1];
            if (failure.code() != accy::errc::unsupported_operation || failure.message().find("both would wait forever") == std::string::npos)
                throw std::logic_error(std::string("round ") + std::to_string(round) + ": " + failure.what());
        }
    });
    BOOST_TEST(outcome == "returned");
}

/// Block 0 throws before it publishes its word; every other block waits for that word, as a
/// look-back waits for its predecessor, until it sees the launch cancelled.
std::uint64_t unpublished_word = 0;
void fails_before_publishing(const accy::host_block& block) {
    if (block.block_index.x == 0) throw accy::error(accy::errc::device_error, "tile 0 failed before publishing");
    while (std::atomic_ref(unpublished_word).load(std::memory_order_acquire) == 0) {
        if (block.cancelled()) return;
        std::this_thread::yield();
    }
}
constexpr accy::kernel_entry fails_before_publishing_entry =
    accy_test::host_entry("test.fails_before_publishing", &fails_before_publishing, {});

BOOST_AUTO_TEST_CASE(item3_blocks_waiting_for_a_block_that_threw_see_the_launch_cancelled) {
    const std::string outcome = forked(60s, "a look-back whose first tile throws", [] {
        for (const unsigned threads : {1u, 2u, 4u}) {
            accy::host::backend device(threads);
            const accy_test::loaded_kernel<accy::host::backend> kernel(device, fails_before_publishing_entry);
            expect_refused([&] { device.launch(kernel.get(), {{64, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt); },
                           accy::errc::device_error, {"test.fails_before_publishing", "block (0, 0, 0)", "before publishing"});
        }
    });
    BOOST_TEST(outcome == "returned");
}

// --- item 4: an out-of-range accy::format -----------------------------------------------------

constexpr std::array<int, 4> out_of_range_formats{6, 7, 1000, -1};

/// Every way a run-time format enters, on `device`: load_artifacts, and launch_pipeline cold and with a pool.
template <class Pipeline, class Backend>
void check_formats_refused(Backend& device, accy::format good, std::span<const accy::buffer> operands,
                           std::span<const accy::buffer> results, const typename Pipeline::scalar_values& scalars) {
    const auto pool = accy::load_artifacts<Pipeline>(device, good);
    for (const int value : out_of_range_formats) {
        const auto fmt = static_cast<accy::format>(value);
        const std::string named = "format " + std::to_string(value);
        expect_refused([&] { (void)accy::load_artifacts<Pipeline>(device, fmt); }, accy::errc::unsupported_operation,
                       {"load_artifacts", named});
        expect_refused([&] { accy::launch_pipeline<Pipeline>(device, fmt, operands, results, scalars); },
                       accy::errc::unsupported_operation, {"launch_pipeline", named});
        expect_refused(
            [&] { accy::launch_pipeline<Pipeline>(device, fmt, operands, results, scalars, accy::use_pool(pool)); },
            accy::errc::unsupported_operation, {"launch_pipeline", named});
    }
}

BOOST_AUTO_TEST_CASE(item4_an_out_of_range_format_is_unsupported_operation_on_the_recording_backend) {
    const std::string outcome = forked(60s, "out-of-range formats on the recording backend", [] {
        recording_backend device;
        check_formats_refused<accy_test::device_scan>(device, accy::format::cuda_ptx, accy_test::scan_operands,
                                                      accy_test::scan_results, accy_test::n_5000);
        if (device.launch_count != 0 || device.allocate_count != 0 || device.load_count != 3)
            throw std::logic_error("a refused format allocated, loaded or launched");
    });
    BOOST_TEST(outcome == "returned");
}

BOOST_AUTO_TEST_CASE(item4_an_out_of_range_format_is_unsupported_operation_on_the_host_backend) {
    const std::string outcome = forked(60s, "out-of-range formats on the host backend", [] {
        accy::host::backend device(2);
        const accy::device_buffer<float, accy::host::backend> in(device, 5000), out(device, 5000);
        check_formats_refused<accy_test::host_scan>(device, accy::format::host, std::array{in.view()},
                                                    std::array{out.view()}, accy_test::n_5000);
    });
    BOOST_TEST(outcome == "returned");
}

// --- item 6: host transfers with a null buffer ------------------------------------------------

BOOST_AUTO_TEST_CASE(item6_a_host_upload_or_download_with_a_null_buffer_is_an_argument_mismatch) {
    const std::string outcome = forked(60s, "host upload and download with a null buffer", [] {
        accy::host::backend device(1);
        std::array<std::byte, 64> bytes{};
        const accy::buffer null{0, 4096};
        expect_refused([&] { device.upload(null, bytes.data(), bytes.size()); }, accy::errc::launch_argument_mismatch,
                       {"upload of 64 bytes", "null buffer"});
        expect_refused([&] { device.download(bytes.data(), null, bytes.size()); }, accy::errc::launch_argument_mismatch,
                       {"download of 64 bytes", "null buffer"});
        // Past the end, as before, and nothing to copy is no mistake, whatever the buffer.
        expect_refused([&] { device.upload(accy::buffer{0, 0}, bytes.data(), bytes.size()); },
                       accy::errc::launch_argument_mismatch, {"upload of 64 bytes", "holds 0"});
        device.upload(null, bytes.data(), 0);
        device.download(bytes.data(), null, 0);
    });
    BOOST_TEST(outcome == "returned");
}

// --- item 7: moved-from host backend, device_buffer, thread_pool ------------------------------

void counts_nothing(const accy::host_block&) {}
constexpr accy::kernel_entry counts_nothing_entry = accy_test::host_entry("test.counts_nothing", &counts_nothing, {});

BOOST_AUTO_TEST_CASE(item7_a_moved_from_host_backend_launches_nothing_and_says_so) {
    const std::string outcome = forked(60s, "a moved-from host backend", [] {
        accy::host::backend device(2);
        const accy::host::kernel kernel = device.load_artifact(
            device.create_artifact(counts_nothing_entry, accy::format::host, counts_nothing_entry.payload));
        accy::host::backend moved_to = std::move(device);
        if (device.thread_count() != 0 || moved_to.thread_count() != 2)  // NOLINT(bugprone-use-after-move): the subject
            throw std::logic_error("thread_count: moved-from " + std::to_string(device.thread_count()) + ", moved-to " +
                                   std::to_string(moved_to.thread_count()));
        expect_refused([&] { device.launch(kernel, {{4, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt); },
                       accy::errc::launch_argument_mismatch, {"moved-from"});
        moved_to.launch(kernel, {{4, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);  // the backend it moved to runs it
        device = accy::host::backend(1);                                       // and a moved-from one may be assigned
        device.launch(kernel, {{4, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
    });
    BOOST_TEST(outcome == "returned");
}

BOOST_AUTO_TEST_CASE(item7_a_moved_from_device_buffer_transfers_nothing_and_says_so) {
    const std::string outcome = forked(60s, "a moved-from device_buffer", [] {
        accy::host::backend device(1);
        accy::device_buffer<float, accy::host::backend> buffer(device, 16);
        const auto moved_to = std::move(buffer);
        if (buffer.size() != 0 || buffer.view() != accy::buffer{})  // NOLINT(bugprone-use-after-move): the subject
            throw std::logic_error("a moved-from device_buffer is not empty");
        const std::vector<float> none;
        expect_refused([&] { buffer.upload(none); }, accy::errc::launch_argument_mismatch, {"moved-from"});
        expect_refused([&] { (void)buffer.download(); }, accy::errc::launch_argument_mismatch, {"moved-from"});
        if (moved_to.download().size() != 16) throw std::logic_error("the device_buffer moved to lost its elements");
    });
    BOOST_TEST(outcome == "returned");
}

// A thread pool's workers hold its address: it cannot be moved, so it has no moved-from state.
static_assert(!std::is_move_constructible_v<accy::host::thread_pool> && !std::is_move_assignable_v<accy::host::thread_pool>);

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
