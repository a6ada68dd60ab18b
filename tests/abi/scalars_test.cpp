// SPDX-License-Identifier: Apache-2.0
// Typed runtime scalars: a u64 n, an f32 alpha, a struct and a signed i32 pass through to the
// kernel's parameters with their types (checked in the recorded bytes and in a host kernel), and
// integer bounds (minimum and maximum) are checked before anything is allocated or launched.
#include "abi/abi_support.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

using namespace accy_abi;

namespace {

struct params {
    std::int32_t shift;
    float scale;
    std::uint64_t tag;
};
static_assert(sizeof(params) == 16 && alignof(params) == 8);

constexpr std::uint32_t typed_block = 64;

/// (f32* out, u64 n, f32 alpha, params p, i32 offset, i32* seen): out[i] = alpha * i * p.scale + p.shift + offset;
/// block 0 writes the tag's two halves and the offset into seen[0..3).
void host_typed(const accy::host_block& block) {
    const auto out = block.buffer_as<float>(0);
    const auto n = block.scalar_as<std::uint64_t>(1);
    const auto alpha = block.scalar_as<float>(2);
    const auto p = block.bytes_as<params>(3);
    const auto offset = block.scalar_as<std::int32_t>(4);
    const auto seen = block.buffer_as<std::int32_t>(5);
    if (block.arguments[1].size != 8 || block.arguments[2].size != 4 || block.arguments[3].size != 16)
        throw std::runtime_error("typed: a parameter of the wrong size");
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * typed_block;
    for (std::uint64_t i = begin; i < n && i < begin + typed_block; ++i)
        out[i] = alpha * static_cast<float>(i) * p.scale + static_cast<float>(p.shift) + static_cast<float>(offset);
    if (block.block_index.x == 0) {
        seen[0] = static_cast<std::int32_t>(p.tag >> 32);
        seen[1] = static_cast<std::int32_t>(p.tag & 0xffffffffu);
        seen[2] = offset;
    }
}

constexpr accy::parameter_list typed_parameters{
    parameter::buffer("out", access::write, dtype::f32),      parameter::scalar("n", dtype::u64),
    parameter::scalar("alpha", dtype::f32),                   parameter::bytes("p", sizeof(params), alignof(params)),
    parameter::scalar("offset", dtype::i32),                  parameter::buffer("seen", access::write, dtype::i32)};
constexpr accy::launch_geometry typed_launch{{grid_dim::ceil_div(1, typed_block), grid_dim::fixed(1), grid_dim::fixed(1)},
                                             {typed_block, 1, 1}};

inline constexpr auto typed_kernels = in_both_formats({.target = "abi.typed", .parameters = typed_parameters, .geometry = typed_launch}, "typed", &host_typed);

// The scalars' order (alpha, p, offset, n) differs from the kernel's.
struct typed_definition : accy::definition_base<"abi.typed_pipeline", typed_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"alpha", float>, accy::scalar<"p", params>,
                                                  accy::scalar<"offset", std::int32_t, accy::within<-10, 10>>,
                                                  accy::scalar<"n", std::uint64_t, accy::within<16, (1u << 20)>>>;
    using n = accy::forward<3>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::f32, n>, accy::shape<dtype::i32, accy::constant<3>>>;
    using stages = accy::stages<accy::stage<"abi.typed", 1, accy::result<0>, n, accy::forward<0>, accy::forward<1>,
                                            accy::forward<2>, accy::result<1>>>;
};
using typed = accy::pipeline<typed_definition>;
static_assert(std::is_same_v<typed::scalar_values, std::tuple<float, params, std::int32_t, std::uint64_t>>);

// The same kernel with its own scratch: a launch allocates a workspace, so that a check that comes
// too late would show as an allocation.
constexpr accy::parameter_list scratch_parameters{
    parameter::buffer("out", access::write, dtype::f32),      parameter::scalar("n", dtype::u64),
    parameter::scalar("alpha", dtype::f32),                   parameter::bytes("p", sizeof(params), alignof(params)),
    parameter::scalar("offset", dtype::i32),                  parameter::buffer("seen", access::read_write, dtype::i32)};
inline constexpr auto scratch_kernels = accy::make_registry(accy::kernel_entry{
    "abi.typed", 1, accy::format::cuda_ptx, "typed", scratch_parameters, accy::payload::from_text("// typed"), typed_launch});
struct typed_with_scratch_definition : typed_definition {
    static constexpr const auto& registry = scratch_kernels;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::i32, accy::constant<3>>>>;
    using stages = accy::stages<accy::stage<"abi.typed", 1, accy::result<0>, n, accy::forward<0>, accy::forward<1>,
                                            accy::forward<2>, accy::workspace<0>>>;
};
using typed_with_scratch = accy::pipeline<typed_with_scratch_definition>;

const params some_params{-7, 0.25f, 0x0123456789abcdefull};

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_scalars)

BOOST_AUTO_TEST_CASE(typed_scalars_reach_the_kernel_with_their_types_and_bytes) {
    recording_backend device;
    const std::array results{recorded<float>(1001, 1000), recorded<std::int32_t>(1002, 3)};
    accy::launch_pipeline<typed>(device, accy::formats::cuda_ptx, no_operands, results,
                                 typed::scalar_values{1.5f, some_params, -3, 1000});
    const auto& launch = device.launches.at(0);
    BOOST_TEST(launch.value<std::uint64_t>(1) == 1000u);
    BOOST_TEST(launch.value<float>(2) == 1.5f);
    const params received = launch.value<params>(3);
    BOOST_TEST(std::memcmp(&received, &some_params, sizeof(params)) == 0);
    BOOST_TEST(received.tag == some_params.tag);
    BOOST_TEST(launch.value<std::int32_t>(4) == -3);
    BOOST_TEST(launch.buffer_id(5) == 1002u);
    BOOST_TEST((launch.config.grid == accy::dim3{16, 1, 1}));  // ceil(1000 / 64), from the u64 parameter n

    // A std::tuple of exactly the declared types is the same as typed::scalar_values.
    accy::launch_pipeline<typed>(device, accy::formats::cuda_ptx, no_operands, results,
                                 std::make_tuple(2.0f, some_params, std::int32_t{4}, std::uint64_t{64}));
    BOOST_TEST(device.launches.at(1).value<float>(2) == 2.0f);
    BOOST_TEST(device.launches.at(1).value<std::int32_t>(4) == 4);
    BOOST_TEST(device.launches.at(1).value<std::uint64_t>(1) == 64u);
}

BOOST_AUTO_TEST_CASE(a_host_kernel_reads_typed_scalars) {
    accy::host::backend device(3);
    const std::uint64_t n = 1000;
    host_buffer out(device, n * sizeof(float)), seen(device, 3 * sizeof(std::int32_t));
    out.fill(0xff);
    const float alpha = 1.5f;
    const std::int32_t offset = -3;
    accy::launch_pipeline<typed>(device, accy::formats::host, no_operands,
                                 std::array{out.view(), seen.view()}, typed::scalar_values{alpha, some_params, offset, n});
    std::vector<float> expected(n);
    for (std::uint64_t i = 0; i < n; ++i)
        expected[i] = alpha * static_cast<float>(i) * some_params.scale + static_cast<float>(some_params.shift) +
                      static_cast<float>(offset);
    BOOST_TEST(out.download<float>(n) == expected, boost::test_tools::per_element());
    BOOST_TEST(seen.download<std::int32_t>(3) == (std::vector<std::int32_t>{0x01234567, static_cast<std::int32_t>(0x89abcdefu), -3}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(bounds_are_checked_before_anything_is_allocated) {
    const std::array results{recorded<float>(1001, 1u << 21)};
    const auto scalars = [](std::int32_t offset, std::uint64_t n) {
        return typed_with_scratch::scalar_values{1.0f, some_params, offset, n};
    };
    const auto launch = [&](recording_backend& device, std::int32_t offset, std::uint64_t n) {
        accy::launch_pipeline<typed_with_scratch>(device, accy::formats::cuda_ptx, no_operands, results, scalars(offset, n));
    };
    struct out_of_bounds {
        std::int32_t offset;
        std::uint64_t n;
        std::string_view says;
    };
    for (const out_of_bounds& wrong : {out_of_bounds{0, 15, "runtime scalar 3 ('n') is 15, outside its bounds 16 to 1048576"},
                                       out_of_bounds{0, (1u << 20) + 1, "('n') is 1048577, outside its bounds 16 to 1048576"},
                                       out_of_bounds{0, 0, "('n') is 0, outside"},
                                       out_of_bounds{-11, 16, "runtime scalar 2 ('offset') is -11, outside its bounds -10 to 10"},
                                       out_of_bounds{11, 16, "('offset') is 11, outside its bounds -10 to 10"}}) {
        const auto launch_wrong = [&](recording_backend& device) { launch(device, wrong.offset, wrong.n); };
        const auto allocate_wrong = [&](recording_backend& device) {
            accy::allocate_scratch<typed_with_scratch>(device, scalars(wrong.offset, wrong.n));
        };
        check_refused(launch_wrong, {"launch_pipeline of pipeline 'abi.typed_pipeline' v1", wrong.says});
        check_refused(allocate_wrong, {"allocate_scratch", wrong.says});
    }
    // The bounds themselves are inside.
    recording_backend device;
    launch(device, -10, 16);
    launch(device, 10, 1u << 20);
    check_counts(device, {.allocate = 2, .fill = 2, .launch = 2});  // one workspace per cold launch
    BOOST_TEST(device.launches.at(1).value<std::uint64_t>(1) == 1u << 20);
    BOOST_TEST(device.launches.at(0).value<std::int32_t>(4) == -10);
}

BOOST_AUTO_TEST_SUITE_END()
