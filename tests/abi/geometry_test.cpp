// SPDX-License-Identifier: Apache-2.0
// Launch geometry: grids derived from integer parameters, checked against 2^31 - 1 in x and 65535
// in y and z for every stage before the first launches; dynamic shared memory, fixed and per
// thread, passed in the launch configuration and given to each block of a host kernel.
#include "abi/abi_support.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy_abi;

namespace {

// ---- Two stages: one block per element in x, then a grid of (1, rows, 1).

inline constexpr auto grid_kernels = accy::make_registry(
    accy::kernel_entry{"abi.per_element", 1, accy::format::cuda_ptx, "per_element",
                       {parameter::buffer("out", access::write, dtype::f32), parameter::scalar("n", dtype::u64)},
                       accy::payload::from_text("// per_element"),
                       accy::launch_geometry{{grid_dim::ceil_div(1, 1), grid_dim::fixed(1), grid_dim::fixed(1)}, {1, 1, 1}}},
    accy::kernel_entry{"abi.per_row", 1, accy::format::cuda_ptx, "per_row",
                       {parameter::buffer("out", access::read_write, dtype::f32), parameter::scalar("rows", dtype::u32),
                        parameter::scalar("planes", dtype::i64), parameter::buffer("counter", access::read_write, dtype::u32)},
                       accy::payload::from_text("// per_row"),
                       accy::launch_geometry{{grid_dim::fixed(1), grid_dim::ceil_div(1, 1), grid_dim::ceil_div(2, 4)}, {32, 2, 1}}});

struct grid_definition : accy::definition_base<"abi.grids", grid_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"rows", std::uint32_t>,
                                                  accy::scalar<"planes", std::int64_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    // Stage 1's counter: a cold launch allocates and zeroes it, unless a check refuses the launch first.
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::u32, accy::constant<1>>>>;
    using stages = accy::stages<accy::stage<"abi.per_element", 1, accy::result<0>, n>,
                                accy::stage<"abi.per_row", 1, accy::result<0>, accy::forward<1>, accy::forward<2>, accy::workspace<0>>>;
};
using grids = accy::pipeline<grid_definition>;

// ---- Per-block sums through shared memory: each block of 128 threads sums 1024 elements.

constexpr std::uint32_t sum_threads = 128, sum_per_thread = 8, sum_block_elements = sum_threads * sum_per_thread;

/// (const f32* x, f32* sums, u64 n): each "thread" t of the block adds its 8 elements into shared[t],
/// then the block halves the shared array until shared[0] holds the block's sum.
void host_block_sums(const accy::host_block& block) {
    const auto x = block.buffer_as<const float>(0);
    const auto sums = block.buffer_as<float>(1);
    const auto n = block.scalar_as<std::uint64_t>(2);
    const auto shared = block.shared_as<float>();
    // 16 fixed bytes (a header this kernel keeps its block index in) and 4 bytes per thread.
    if (shared.size() != 4 + sum_threads) throw std::runtime_error("block_sums: shared memory of the wrong size");
    shared[0] = static_cast<float>(block.block_index.x);
    const auto partial = shared.subspan(4);
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * sum_block_elements;
    for (std::uint32_t t = 0; t < block.block_dim.x; ++t) {
        partial[t] = 0.0f;
        for (std::uint32_t k = 0; k < sum_per_thread; ++k) {
            const std::uint64_t i = begin + std::uint64_t{k} * block.block_dim.x + t;
            if (i < n) partial[t] += x[i];
        }
    }
    for (std::uint32_t half = block.block_dim.x / 2; half > 0; half /= 2)
        for (std::uint32_t t = 0; t < half; ++t) partial[t] += partial[t + half];
    if (shared[0] != static_cast<float>(block.block_index.x)) throw std::runtime_error("block_sums: another block wrote here");
    sums[block.block_index.x] = partial[0];
}

constexpr accy::launch_geometry sums_launch{
    {grid_dim::ceil_div(2, sum_block_elements), grid_dim::fixed(1), grid_dim::fixed(1)}, {sum_threads, 1, 1}, {16, 4}};
constexpr accy::parameter_list sums_parameters{parameter::buffer("x", access::read, dtype::f32),
                                               parameter::buffer("sums", access::write, dtype::f32),
                                               parameter::scalar("n", dtype::u64)};

inline constexpr auto sums_kernels = in_both_formats({.target = "abi.block_sums", .parameters = sums_parameters, .geometry = sums_launch}, "block_sums", &host_block_sums);

struct sums_definition : accy::definition_base<"abi.block_sums_pipeline", sums_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t, accy::at_least<1>>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, accy::ceil_div<n, sum_block_elements>>>;
    using stages = accy::stages<accy::stage<"abi.block_sums", 1, accy::operand<0>, accy::result<0>, n>>;
};
using block_sums = accy::pipeline<sums_definition>;

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_geometry)

BOOST_AUTO_TEST_CASE(grids_derive_from_integer_parameters_of_any_type) {
    recording_backend device;
    const std::array results{recorded<float>(1002, 1000)};
    accy::launch_pipeline<grids>(device, accy::formats::cuda_ptx, no_operands, results, grids::scalar_values{1000, 300, 9});
    check_counts(device, {.allocate = 1, .fill = 1, .launch = 2});
    BOOST_TEST((device.launches.at(0).config.grid == accy::dim3{1000, 1, 1}));
    BOOST_TEST((device.launches.at(1).config.grid == accy::dim3{1, 300, 3}));  // planes: ceil(9 / 4) from an i64
    BOOST_TEST((device.launches.at(1).config.block == accy::dim3{32, 2, 1}));
}

BOOST_AUTO_TEST_CASE(a_derived_grid_over_the_limit_launches_no_stage) {
    const std::uint64_t x_limit = 2147483647;  // 2^31 - 1
    const std::array results{recorded<float>(1002, x_limit + 1)};
    struct over {
        std::uint64_t n;
        std::uint32_t rows;
        std::int64_t planes;
        std::string_view says;
    };
    for (const over& wrong : {over{x_limit + 1, 1, 1, "stage 0 ('abi.per_element'): grid dimension x derives 2147483648 blocks, outside 1 to 2147483647"},
                              over{1000, 65536, 1, "stage 1 ('abi.per_row'): grid dimension y derives 65536 blocks, outside 1 to 65535"},
                              over{1000, 1, 4 * 65535 + 1, "stage 1 ('abi.per_row'): grid dimension z derives 65536 blocks"},
                              over{1000, 0, 1, "grid dimension y derives 0 blocks, outside 1 to 65535"},
                              over{1000, 1, -4, "grid dimension z derives 0 blocks"}}) {
        const auto launch_wrong = [&](recording_backend& device) {
            accy::launch_pipeline<grids>(device, accy::formats::cuda_ptx, no_operands, results,
                                         grids::scalar_values{wrong.n, wrong.rows, wrong.planes});
        };
        check_refused(launch_wrong, {wrong.says});
    }
    // The limits themselves are launched.
    recording_backend device;
    accy::launch_pipeline<grids>(device, accy::formats::cuda_ptx, no_operands, results,
                                 grids::scalar_values{x_limit, 65535, 4 * 65535});
    BOOST_TEST((device.launches.at(0).config.grid == accy::dim3{2147483647, 1, 1}));
    BOOST_TEST((device.launches.at(1).config.grid == accy::dim3{1, 65535, 65535}));
}

BOOST_AUTO_TEST_CASE(shared_memory_bytes_are_in_the_launch_configuration) {
    recording_backend device;
    const std::uint64_t n = 5000;
    accy::launch_pipeline<block_sums>(device, accy::formats::cuda_ptx, std::array{recorded<float>(1001, n)},
                                      std::array{recorded<float>(1002, 5)}, block_sums::scalar_values{n});
    const auto& launch = device.launches.at(0);
    BOOST_TEST(launch.config.shared_bytes == 16u + 4u * 128u);
    BOOST_TEST((launch.config.grid == accy::dim3{5, 1, 1}));
    BOOST_TEST((launch.config.block == accy::dim3{128, 1, 1}));
    // The scan pipeline's kernels ask for none.
    static_assert(sums_launch.shared.total({128, 1, 1}) == 528);
    static_assert(accy::shared_memory{}.total({1024, 1, 1}) == 0);
}

BOOST_AUTO_TEST_CASE(a_host_kernel_reduces_each_block_in_its_shared_memory) {
    std::mt19937 engine = accy_test::fresh_engine();
    const std::uniform_int_distribution<int> values(-1000, 1000);  // small integers: every sum is exact in float
    for (unsigned threads : {1u, 4u}) {
        accy::host::backend device(threads);
        const auto pool = accy::load_artifacts<block_sums>(device, accy::formats::host);
        for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{1023}, std::uint64_t{1024}, std::uint64_t{1025},
                                      std::uint64_t{engine() % 200000 + 1}}) {
            const std::vector<float> x = drawn<float>(engine, n, values);
            const std::uint64_t blocks = (n + sum_block_elements - 1) / sum_block_elements;
            host_buffer in(device, n * sizeof(float)), sums(device, blocks * sizeof(float));
            in.upload(x);
            sums.fill(0xff);
            accy::launch_pipeline<block_sums>(device, accy::formats::host, std::array{in.view()}, std::array{sums.view()},
                                              block_sums::scalar_values{n}, accy::use_pool(pool));
            std::vector<float> expected(blocks, 0.0f);
            for (std::uint64_t i = 0; i < n; ++i) expected[i / sum_block_elements] += x[i];
            BOOST_TEST(sums.download<float>(blocks) == expected, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
