#include "host/random_data.hpp"

#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using accy::access;

/// An owned buffer of the backend, freed at scope exit.
struct owned_buffer {
    accy::host::backend& device;
    accy::buffer allocated;

    owned_buffer(accy::host::backend& owner, std::size_t byte_size)
        : device(owner), allocated(owner.allocate_buffer(byte_size)) {}
    owned_buffer(const owned_buffer&) = delete;
    owned_buffer& operator=(const owned_buffer&) = delete;
    ~owned_buffer() { device.free_buffer(allocated); }
};

// out[i] = in[i] * factor + i for the elements of one block, and the block's visit counted.
// Blocks are numbered x fastest, then y, then z; each covers block_dim.x elements.
void affine(const accy::host_block& block) {
    const auto out = block.buffer_as<std::int32_t>(0);
    const auto in = block.buffer_as<const std::int32_t>(1);
    const auto visits = block.buffer_as<std::uint32_t>(2);
    const std::uint32_t n = block.scalars[0];
    const auto factor = static_cast<std::int32_t>(block.scalars[1]);
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

constexpr accy::kernel_entry host_entry(std::string_view name, accy::host_kernel function, accy::buffer_parameters buffers,
                                        std::uint32_t scalar_count) {
    return {name, 1, accy::format::host, name, buffers, scalar_count, accy::payload::from_host(function), {}};
}

constexpr accy::kernel_entry affine_entry =
    host_entry("test.affine", &affine, {access::write, access::read, access::read_write}, 2);
constexpr accy::kernel_entry failing_entry = host_entry("test.throws_in_block_5", &throws_in_block_5, {}, 0);
constexpr accy::kernel_entry number_entry = host_entry("test.throws_a_number", &throws_a_number, {}, 0);

accy::host::kernel load(accy::host::backend& device, const accy::kernel_entry& entry) {
    return device.load_artifact(device.create_artifact(entry, accy::format::host, entry.payload));
}

bool has_code(const accy::error& failure, accy::errc code, const std::string& text) {
    BOOST_TEST_MESSAGE(failure.what());
    return failure.code() == code && failure.message().find(text) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_backend)

BOOST_AUTO_TEST_CASE(satisfies_the_backend_concept_and_names_itself) {
    static_assert(accy::backend<accy::host::backend>);
    BOOST_TEST(accy::host::backend::name == "host");
    BOOST_TEST(accy::host::backend(3).thread_count() == 3u);
    BOOST_TEST(accy::host::backend(0).thread_count() == 1u);
    BOOST_TEST(accy::host::backend().thread_count() >= 1u);
    BOOST_TEST(accy::host::backend().thread_count() <= 8u);
}

BOOST_AUTO_TEST_CASE(buffers_are_aligned_and_keep_their_size) {
    accy::host::backend device(1);
    for (std::size_t byte_size : {1u, 3u, 255u, 256u, 257u, 4096u, 1000003u}) {
        const owned_buffer owned(device, byte_size);
        BOOST_TEST(owned.allocated.address % accy::buffer_alignment == 0u, byte_size << " bytes");
        BOOST_TEST(owned.allocated.byte_size == byte_size);
    }
}

BOOST_AUTO_TEST_CASE(an_impossible_allocation_is_out_of_memory_with_its_size) {
    accy::host::backend device(1);
    const std::size_t huge = std::numeric_limits<std::size_t>::max() / 2;
    BOOST_CHECK_EXCEPTION(device.allocate_buffer(huge), accy::error, [&](const accy::error& failure) {
        return has_code(failure, accy::errc::out_of_memory, std::to_string(huge) + " bytes");
    });
}

BOOST_AUTO_TEST_CASE(upload_then_download_round_trips) {
    accy::host::backend device(2);
    std::mt19937 engine = accy_test::fresh_engine();
    std::vector<std::uint32_t> sent(12345);
    std::generate(sent.begin(), sent.end(), engine);
    const owned_buffer owned(device, sent.size() * sizeof(std::uint32_t) + 100);
    device.upload(owned.allocated, sent.data(), sent.size() * sizeof(std::uint32_t));
    std::vector<std::uint32_t> received(sent.size(), 0);
    device.download(received.data(), owned.allocated, received.size() * sizeof(std::uint32_t));
    BOOST_TEST(received == sent, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(transfers_past_the_buffer_are_argument_mismatches) {
    accy::host::backend device(1);
    const owned_buffer owned(device, 64);
    std::vector<unsigned char> host(65);
    BOOST_CHECK_EXCEPTION(device.upload(owned.allocated, host.data(), 65), accy::error, [](const accy::error& failure) {
        return has_code(failure, accy::errc::launch_argument_mismatch, "upload of 65 bytes, the buffer holds 64");
    });
    BOOST_CHECK_EXCEPTION(device.download(host.data(), owned.allocated, 65), accy::error, [](const accy::error& failure) {
        return has_code(failure, accy::errc::launch_argument_mismatch, "download of 65 bytes, the buffer holds 64");
    });
    device.upload(owned.allocated, host.data(), 0);
    device.download(host.data(), owned.allocated, 64);
}

BOOST_AUTO_TEST_CASE(create_artifact_refuses_other_formats_and_payloads_without_a_function) {
    accy::host::backend device(1);
    BOOST_CHECK_EXCEPTION(device.create_artifact(affine_entry, accy::format::cuda_ptx, affine_entry.payload), accy::error,
                          [](const accy::error& failure) {
                              return has_code(failure, accy::errc::invalid_artifact, "'test.affine'") &&
                                     failure.message().find("cuda_ptx") != std::string::npos;
                          });
    BOOST_CHECK_EXCEPTION(device.create_artifact(affine_entry, accy::format::host, accy::payload::from_text("ptx")),
                          accy::error, [](const accy::error& failure) {
                              return has_code(failure, accy::errc::invalid_artifact,
                                              "'test.affine' (target 'test.affine' v1) carries no host function");
                          });
}

BOOST_AUTO_TEST_CASE(a_multi_dimensional_launch_runs_every_block_once_and_computes_the_result) {
    for (unsigned threads : {1u, 2u, 5u}) {
        accy::host::backend device(threads);
        std::mt19937 engine = accy_test::fresh_engine();
        const accy::launch_dims dims{{7, 3, 2}, {64, 1, 1}};
        const std::uint32_t blocks = 7 * 3 * 2;
        const std::uint32_t n = blocks * 64 - 13;  // the last block is partial
        const auto factor = static_cast<std::int32_t>(engine() % 1000) - 500;
        std::uniform_int_distribution<std::int32_t> values(-1000000, 1000000);
        std::vector<std::int32_t> input(n);
        std::generate(input.begin(), input.end(), [&] { return values(engine); });

        const owned_buffer out(device, n * sizeof(std::int32_t)), in(device, n * sizeof(std::int32_t)),
            visits(device, blocks * sizeof(std::uint32_t));
        device.upload(in.allocated, input.data(), n * sizeof(std::int32_t));
        const std::vector<std::uint32_t> zeros(blocks, 0);
        device.upload(visits.allocated, zeros.data(), blocks * sizeof(std::uint32_t));

        const accy::host::kernel kernel = load(device, affine_entry);
        const accy::buffer buffers[] = {out.allocated, in.allocated, visits.allocated};
        const std::uint32_t scalars[] = {n, static_cast<std::uint32_t>(factor)};
        device.launch(kernel, dims, buffers, scalars, std::nullopt);
        device.synchronize(std::nullopt);
        device.unload_artifact(kernel);

        std::vector<std::int32_t> output(n);
        std::vector<std::uint32_t> counted(blocks);
        device.download(output.data(), out.allocated, n * sizeof(std::int32_t));
        device.download(counted.data(), visits.allocated, blocks * sizeof(std::uint32_t));
        std::vector<std::int32_t> expected(n);
        for (std::uint32_t i = 0; i < n; ++i) expected[i] = input[i] * factor + static_cast<std::int32_t>(i);
        BOOST_TEST(output == expected, boost::test_tools::per_element());
        BOOST_TEST(counted == std::vector<std::uint32_t>(blocks, 1), boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(a_kernel_exception_is_a_device_error_naming_the_block) {
    accy::host::backend device(3);
    const accy::host::kernel failing = load(device, failing_entry);
    BOOST_CHECK_EXCEPTION(device.launch(failing, {{40, 1, 1}, {32, 1, 1}}, {}, {}, accy::host::stream{}), accy::error,
                          [](const accy::error& failure) {
                              return has_code(failure, accy::errc::device_error,
                                              "launch of 'test.throws_in_block_5': block (5, 0, 0) of grid (40, 1, 1) "
                                              "threw: the kernel gave up");
                          });
    const accy::host::kernel number = load(device, number_entry);
    BOOST_CHECK_EXCEPTION(device.launch(number, {{1, 1, 1}, {1, 1, 1}}, {}, {}, std::nullopt), accy::error,
                          [](const accy::error& failure) {
                              return has_code(failure, accy::errc::device_error,
                                              "block (0, 0, 0) of grid (1, 1, 1) threw: an exception not derived from "
                                              "std::exception");
                          });
    // The backend is still usable afterwards.
    device.launch(failing, {{5, 1, 1}, {32, 1, 1}}, {}, {}, std::nullopt);
}

BOOST_AUTO_TEST_CASE(launch_checks_its_arguments_against_the_entry) {
    accy::host::backend device(2);
    const accy::host::kernel kernel = load(device, affine_entry);
    const owned_buffer owned(device, 256);
    const accy::buffer two[] = {owned.allocated, owned.allocated};
    const std::uint32_t scalars[] = {1, 1};
    BOOST_CHECK_EXCEPTION(device.launch(kernel, {{1, 1, 1}, {1, 1, 1}}, two, scalars, std::nullopt), accy::error,
                          [](const accy::error& failure) {
                              return has_code(failure, accy::errc::launch_argument_mismatch,
                                              "declares 3 buffers and 2 scalars, the launch passes 2 and 2");
                          });
    BOOST_CHECK_EXCEPTION(device.launch(load(device, failing_entry), {{0, 1, 1}, {1, 1, 1}}, {}, {}, std::nullopt),
                          accy::error, [](const accy::error& failure) {
                              return has_code(failure, accy::errc::launch_argument_mismatch,
                                              "empty grid (0, 1, 1) or block (1, 1, 1)");
                          });
    BOOST_CHECK_EXCEPTION(device.launch(accy::host::kernel{}, {{1, 1, 1}, {1, 1, 1}}, {}, {}, std::nullopt), accy::error,
                          [](const accy::error& failure) {
                              return has_code(failure, accy::errc::invalid_artifact, "no load_artifact returned");
                          });
}

BOOST_AUTO_TEST_CASE(a_backend_moves) {
    accy::host::backend first(2);
    accy::host::backend second = std::move(first);
    BOOST_TEST(second.thread_count() == 2u);
    const accy::host::kernel failing = load(second, failing_entry);
    second.launch(failing, {{3, 1, 1}, {1, 1, 1}}, {}, {}, std::nullopt);
}

BOOST_AUTO_TEST_SUITE_END()
