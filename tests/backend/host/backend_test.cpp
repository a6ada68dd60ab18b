// SPDX-License-Identifier: Apache-2.0
// The host backend's own behaviour: threads, blocks in three dimensions, shared memory, kernel exceptions, CUDA's
// limits. What every backend promises (buffers, transfers, artifacts, launches, their errors) is tests/conformance.
#include "support/backend_calls.hpp"
#include "support/errors.hpp"
#include "support/random_data.hpp"

#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace {

using accy::access;
using accy_test::buffer_argument;
using accy_test::fails_with;
using accy_test::host_entry;
using accy_test::value_argument;
using host_buffer = accy_test::owned_buffer<accy::host::backend>;
using host_kernel = accy_test::loaded_kernel<accy::host::backend>;

// out[i] = in[i] * factor + i for the elements of one block, and the block's visit counted.
// Blocks are numbered x fastest, then y, then z; each covers block_dim.x elements.
// Parameters: (i32* out, const i32* in, u32* visits, u32 n, i32 factor).
void affine(const accy::host_block& block) {
    const auto out = block.buffer_as<std::int32_t>(0);
    const auto in = block.buffer_as<const std::int32_t>(1);
    const auto visits = block.buffer_as<std::uint32_t>(2);
    const auto n = block.scalar_as<std::uint32_t>(3);
    const auto factor = block.scalar_as<std::int32_t>(4);
    const accy::dim3 at = block.block_index, grid = block.grid_dim;
    const std::uint64_t linear = (std::uint64_t{at.z} * grid.y + at.y) * grid.x + at.x;
    ++visits[linear];
    const std::uint64_t begin = linear * block.block_dim.x;
    const std::uint64_t end = std::min<std::uint64_t>(n, begin + block.block_dim.x);
    for (std::uint64_t i = begin; i < end; ++i) out[i] = in[i] * factor + static_cast<std::int32_t>(i);
}

void throws_in_block_5(const accy::host_block& block) {
    if (block.block_index.x == 5) throw std::runtime_error("the kernel gave up");
}

void throws_a_number(const accy::host_block&) { throw 42; }

// Fills the block's shared memory with its index, lets other blocks run, then checks that no other
// block wrote there: (u32* report, u32 expected_bytes). report[block] = 1 when the block saw its
// own shared memory of the expected size, 16-byte aligned, undisturbed; 2 otherwise.
void owns_its_shared_memory(const accy::host_block& block) {
    const auto report = block.buffer_as<std::uint32_t>(0);
    const auto expected_bytes = block.scalar_as<std::uint32_t>(1);
    const auto words = block.shared_as<std::uint32_t>();
    bool fine = block.shared.size() == expected_bytes && words.size() == expected_bytes / 4 &&
                reinterpret_cast<std::uintptr_t>(block.shared.data()) % 16 == 0;
    for (std::uint32_t& word : words) word = block.block_index.x;
    std::this_thread::yield();
    for (const std::uint32_t word : words) fine = fine && word == block.block_index.x;
    report[block.block_index.x] = fine ? 1 : 2;
}

using accy::dtype;
using accy::parameter;
constexpr accy::kernel_entry affine_entry =
    host_entry("test.affine", &affine,
               {parameter::buffer("out", access::write, dtype::i32), parameter::buffer("in", access::read, dtype::i32),
                parameter::buffer("visits", access::read_write, dtype::u32), parameter::scalar("n", dtype::u32),
                parameter::scalar("factor", dtype::i32)});
constexpr accy::kernel_entry failing_entry = host_entry("test.throws_in_block_5", &throws_in_block_5, {});
constexpr accy::kernel_entry number_entry = host_entry("test.throws_a_number", &throws_a_number, {});
constexpr accy::kernel_entry shared_entry =
    host_entry("test.owns_its_shared_memory", &owns_its_shared_memory,
               {parameter::buffer("report", access::write, dtype::u32), parameter::scalar("expected_bytes", dtype::u32)});

}  // namespace

BOOST_AUTO_TEST_SUITE(host_backend)

BOOST_AUTO_TEST_CASE(satisfies_the_backend_concept_and_names_itself) {
    static_assert(accy::backend<accy::host::backend>);
    // Its threads need no context, and its launch checks nothing beyond every backend's limits.
    static_assert(!accy::backend_with_context<accy::host::backend> && !accy::backend_checking_launches<accy::host::backend>);
    BOOST_TEST(accy::host::backend::name == "host");
    BOOST_TEST(accy::host::backend(3).thread_count() == 3u);
    BOOST_TEST(accy::host::backend(0).thread_count() == 1u);
    BOOST_TEST(accy::host::backend().thread_count() >= 1u);
    BOOST_TEST(accy::host::backend().thread_count() <= 8u);
}

BOOST_AUTO_TEST_CASE(a_multi_dimensional_launch_runs_every_block_once_and_computes_the_result) {
    for (unsigned threads : {1u, 2u, 5u}) {
        accy::host::backend device(threads);
        std::mt19937 engine = accy_test::fresh_engine();
        const accy::launch_config config{{7, 3, 2}, {64, 1, 1}, 0};
        const std::uint32_t blocks = 7 * 3 * 2;
        const std::uint32_t n = blocks * 64 - 13;  // the last block is partial
        const auto factor = static_cast<std::int32_t>(engine() % 1000) - 500;
        std::uniform_int_distribution<std::int32_t> values(-1000000, 1000000);
        std::vector<std::int32_t> input(n);
        std::generate(input.begin(), input.end(), [&] { return values(engine); });

        const host_buffer out(device, n * sizeof(std::int32_t)), in(device, n * sizeof(std::int32_t)),
            visits(device, blocks * sizeof(std::uint32_t));
        device.upload(in.view(), input.data(), n * sizeof(std::int32_t));
        const std::vector<std::uint32_t> zeros(blocks, 0);
        device.upload(visits.view(), zeros.data(), blocks * sizeof(std::uint32_t));

        const host_kernel kernel(device, affine_entry);
        const accy::kernel_argument arguments[] = {buffer_argument(out.view()), buffer_argument(in.view()),
                                                   buffer_argument(visits.view()), value_argument(n),
                                                   value_argument(factor)};
        device.launch(kernel.get(), config, arguments, std::nullopt);
        device.synchronize(std::nullopt);

        std::vector<std::int32_t> output(n);
        std::vector<std::uint32_t> counted(blocks);
        device.download(output.data(), out.view(), n * sizeof(std::int32_t));
        device.download(counted.data(), visits.view(), blocks * sizeof(std::uint32_t));
        std::vector<std::int32_t> expected(n);
        for (std::uint32_t i = 0; i < n; ++i) expected[i] = input[i] * factor + static_cast<std::int32_t>(i);
        BOOST_TEST(output == expected, boost::test_tools::per_element());
        BOOST_TEST(counted == std::vector<std::uint32_t>(blocks, 1), boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(a_kernel_exception_is_a_device_error_naming_the_block) {
    accy::host::backend device(3);
    const host_kernel failing(device, failing_entry);
    BOOST_CHECK_EXCEPTION(device.launch(failing.get(), {{40, 1, 1}, {32, 1, 1}, 0}, {}, accy::host::stream{}), accy::error,
                          fails_with(accy::errc::device_error, {"launch of 'test.throws_in_block_5': block (5, 0, 0) "
                                                                "of grid (40, 1, 1) threw: the kernel gave up"}));
    const host_kernel number(device, number_entry);
    BOOST_CHECK_EXCEPTION(device.launch(number.get(), {{1, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                          fails_with(accy::errc::device_error, {"block (0, 0, 0) of grid (1, 1, 1) threw: an exception "
                                                                "not derived from std::exception"}));
    // The backend is still usable afterwards.
    device.launch(failing.get(), {{5, 1, 1}, {32, 1, 1}, 0}, {}, std::nullopt);
}

// The argument count is a conformance case (tests/conformance); these checks are the host backend's own.
BOOST_AUTO_TEST_CASE(launch_checks_its_geometry_and_its_kernel) {
    accy::host::backend device(2);
    const host_kernel failing(device, failing_entry);
    BOOST_CHECK_EXCEPTION(device.launch(failing.get(), {{0, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"grid (0, 1, 1), block (1, 1, 1)", "outside CUDA's limits"}));
    BOOST_CHECK_EXCEPTION(device.launch(failing.get(), {{1, 1, 1}, {2048, 1, 1}, 0}, {}, std::nullopt), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"grid (1, 1, 1), block (2048, 1, 1)", "outside CUDA's limits"}));
    BOOST_CHECK_EXCEPTION(device.launch(failing.get(), {{1, 65536, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"grid (1, 65536, 1)"}));
    BOOST_CHECK_EXCEPTION(device.launch(accy::host::kernel{}, {{1, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt), accy::error,
                          fails_with(accy::errc::invalid_artifact, {"no load_artifact returned"}));
}

BOOST_AUTO_TEST_CASE(each_block_gets_its_own_shared_memory_of_the_launchs_size) {
    for (unsigned threads : {1u, 4u}) {
        accy::host::backend device(threads);
        const host_kernel kernel(device, shared_entry);
        constexpr std::uint32_t blocks = 64;
        const host_buffer report(device, blocks * sizeof(std::uint32_t));
        for (const std::uint32_t shared_bytes : {0u, 4u, 1000u, 48u * 1024u, 100000u}) {
            const std::vector<std::uint32_t> zeros(blocks, 0);
            device.upload(report.view(), zeros.data(), blocks * sizeof(std::uint32_t));
            const accy::kernel_argument arguments[] = {buffer_argument(report.view()), value_argument(shared_bytes)};
            device.launch(kernel.get(), {{blocks, 1, 1}, {32, 1, 1}, shared_bytes}, arguments, std::nullopt);
            std::vector<std::uint32_t> reported(blocks);
            device.download(reported.data(), report.view(), blocks * sizeof(std::uint32_t));
            BOOST_TEST(reported == std::vector<std::uint32_t>(blocks, 1), boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(a_backend_moves) {
    accy::host::backend first(2);
    accy::host::backend second = std::move(first);
    BOOST_TEST(second.thread_count() == 2u);
    const host_kernel failing(second, failing_entry);
    second.launch(failing.get(), {{3, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
}

BOOST_AUTO_TEST_SUITE_END()
