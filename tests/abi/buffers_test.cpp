// SPDX-License-Identifier: Apache-2.0
// Operand and result checks: a launch refuses a null operand, an undersized operand or result,
// a buffer that wraps past 2^64, a result overlapping an operand or another result, before it
// allocates, zeroes or launches anything; a result declared in place over an operand may alias it.
#include "abi/abi_support.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <tuple>
#include <vector>

using namespace accy_abi;

namespace {

constexpr accy::launch_geometry per_256 = accy::launch_geometry::covering(4, 256);

// (const f32* x, const f32* y, f32* sum, u32* signs, u64 n, i32* counter): two operands, two results, a workspace.
inline constexpr auto checked_kernels = accy::make_registry(accy::kernel_entry{
    "abi.add_and_sign", 1, accy::format::cuda_ptx, "add_and_sign",
    {parameter::buffer("x", access::read, dtype::f32), parameter::buffer("y", access::read, dtype::f32),
     parameter::buffer("sum", access::write, dtype::f32), parameter::buffer("signs", access::write, dtype::u32),
     parameter::scalar("n", dtype::u64), parameter::buffer("counter", access::read_write, dtype::i32)},
    accy::payload::from_text("// add_and_sign"), per_256});

struct checked_definition : accy::definition_base<"abi.checked", checked_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>, accy::shape<dtype::u32, n>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::i32, accy::constant<1>>>>;
    using stages = accy::stages<accy::stage<"abi.add_and_sign", 1, accy::operand<0>, accy::operand<1>, accy::result<0>,
                                            accy::result<1>, n, accy::workspace<0>>>;
};
using checked = accy::pipeline<checked_definition>;

constexpr std::uint64_t n = 1000;
constexpr std::uint64_t bytes = n * 4;
constexpr std::uint64_t gib = std::uint64_t{1} << 30;

/// Buffers that the recording backend accepts: four disjoint ranges of `bytes`, 1 GiB apart.
struct launch_buffers {
    std::array<buffer, 2> operands{buffer{1 * gib, bytes}, buffer{2 * gib, bytes}};
    std::array<buffer, 2> results{buffer{3 * gib, bytes}, buffer{4 * gib, bytes}};
};

void launch(recording_backend& device, const launch_buffers& given) {
    accy::launch_pipeline<checked>(device, accy::formats::cuda_ptx, given.operands, given.results, checked::scalar_values{n});
}

/// A launch with `given`, for check_refused.
auto launching(const launch_buffers& given) {
    return [given](recording_backend& device) { launch(device, given); };
}

// ---- In place: scale(const f32* x, f32* y, f32 factor, u64 n), where y may be x.

void host_scale(const accy::host_block& block) {
    const auto x = block.buffer_as<const float>(0);
    const auto y = block.buffer_as<float>(1);
    const auto factor = block.scalar_as<float>(2);
    const auto count = block.scalar_as<std::uint64_t>(3);
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * 256;
    for (std::uint64_t i = begin; i < count && i < begin + 256; ++i) y[i] = x[i] * factor;
}

constexpr accy::parameter_list scale_parameters{
    parameter::buffer("x", access::read, dtype::f32), parameter::buffer("y", access::write, dtype::f32),
    parameter::scalar("factor", dtype::f32), parameter::scalar("n", dtype::u64)};
constexpr accy::launch_geometry scale_launch = accy::launch_geometry::covering(3, 256);
/// accumulate(const f32* addend, f32* sum, u64 n): sum[i] += addend[i].
void host_accumulate(const accy::host_block& block) {
    const auto addend = block.buffer_as<const float>(0);
    const auto sum = block.buffer_as<float>(1);
    const auto count = block.scalar_as<std::uint64_t>(2);
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * 256;
    for (std::uint64_t i = begin; i < count && i < begin + 256; ++i) sum[i] += addend[i];
}

constexpr accy::parameter_list accumulate_parameters{parameter::buffer("addend", access::read, dtype::f32),
                                                     parameter::buffer("sum", access::read_write, dtype::f32),
                                                     parameter::scalar("n", dtype::u64)};
constexpr accy::launch_geometry accumulate_launch{{grid_dim::ceil_div(2, 256), grid_dim::fixed(1), grid_dim::fixed(1)},
                                                  {256, 1, 1}};
inline constexpr auto scale_kernels = accy::join_registries(
    in_both_formats({.target = "abi.scale", .parameters = scale_parameters, .geometry = scale_launch},
                    "scale", &host_scale),
    in_both_formats({.target = "abi.accumulate", .parameters = accumulate_parameters, .geometry = accumulate_launch},
                    "accumulate", &host_accumulate));

// result 0 = operand 0 * factor + operand 1, where result 0 may be operand 0's memory but not operand 1's.
struct in_place_definition : accy::definition_base<"abi.scale_in_place", scale_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"factor", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::in_place<0, accy::shape<dtype::f32, n>>>;
    using stages = accy::stages<accy::stage<"abi.scale", 1, accy::operand<0>, accy::result<0>, accy::forward<1>, n>,
                                accy::stage<"abi.accumulate", 1, accy::operand<1>, accy::result<0>, n>>;
};
using in_place = accy::pipeline<in_place_definition>;

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_buffers)

BOOST_AUTO_TEST_CASE(disjoint_buffers_of_the_right_size_are_launched) {
    recording_backend device;
    launch(device, launch_buffers{});
    check_counts(device, {.allocate = 1, .fill = 1, .launch = 1});
    // Larger than needed is fine, and so are buffers that touch without overlapping.
    launch_buffers touching;
    touching.operands[0] = {gib, bytes + 100};
    touching.operands[1] = {gib + bytes + 100, bytes};
    touching.results[0] = {gib + 2 * bytes + 100, bytes};
    touching.results[1] = {gib + 3 * bytes + 100, bytes};
    launch(device, touching);
    BOOST_TEST(device.launch_count == 2u);
}

BOOST_AUTO_TEST_CASE(a_null_operand_or_result_is_refused) {
    launch_buffers null_operand;
    null_operand.operands[1].address = 0;
    check_refused(launching(null_operand), {"operand 1 (f32) is a null buffer"});
    launch_buffers null_result;
    null_result.results[0] = {};
    check_refused(launching(null_result), {"result 0 (f32) is a null buffer"});
}

BOOST_AUTO_TEST_CASE(an_undersized_operand_or_result_is_refused) {
    launch_buffers short_operand;
    short_operand.operands[0].byte_size = bytes - 1;
    check_refused(launching(short_operand), {"operand 0 (f32) holds 3999 bytes, the runtime scalars need 4000"});
    launch_buffers empty_operand;
    empty_operand.operands[1].byte_size = 0;
    check_refused(launching(empty_operand), {"operand 1 (f32) holds 0 bytes, the runtime scalars need 4000"});
    launch_buffers short_result;
    short_result.results[1].byte_size = 100;
    check_refused(launching(short_result), {"result 1 (u32) holds 100 bytes, the runtime scalars need 4000"});
}

BOOST_AUTO_TEST_CASE(a_result_overlapping_an_operand_or_another_result_is_refused) {
    launch_buffers over_operand;
    over_operand.results[0].address = over_operand.operands[1].address + bytes - 4;  // shares its last float
    check_refused(launching(over_operand), {"result 0 (f32) overlaps operand 1", "in_place"});
    launch_buffers over_operand_start;
    over_operand_start.results[1].address = over_operand_start.operands[0].address - 4;  // ends in its first float
    over_operand_start.results[1].byte_size = bytes;
    check_refused(launching(over_operand_start), {"result 1 (u32) overlaps operand 0"});
    launch_buffers same_results;
    same_results.results[1] = same_results.results[0];
    check_refused(launching(same_results), {"result 1 (u32) overlaps result 0"});
    launch_buffers inside;
    inside.results[1] = {inside.results[0].address + 1000, bytes};
    check_refused(launching(inside), {"result 1 (u32) overlaps result 0"});
}

BOOST_AUTO_TEST_CASE(a_range_that_would_wrap_past_2_to_the_64_is_refused) {
    constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
    // 4000 bytes from 2^64 - 100: a sum address + size wraps to 3900, which a naive overlap test
    // would take for a range below operand 0's.
    launch_buffers wrapping_operand;
    wrapping_operand.operands[1] = {top - 99, bytes};
    check_refused(launching(wrapping_operand),
                  {"operand 1 (f32) at address 18446744073709551516 of 4000 bytes runs past the end"});
    launch_buffers wrapping_result;
    wrapping_result.results[0] = {top - 2047, bytes};
    check_refused(launching(wrapping_result), {"result 0 (f32)", "runs past the end of the address space"});
    launch_buffers huge_result;
    huge_result.results[1] = {gib, top};  // SIZE_MAX bytes from 1 GiB
    check_refused(launching(huge_result), {"result 1 (u32)", "runs past the end of the address space"});
    // The last bytes of the address space, exactly: no wrap.
    launch_buffers last_bytes;
    last_bytes.results[1] = {top - bytes + 1, bytes};
    recording_backend device;
    launch(device, last_bytes);
    BOOST_TEST(device.launch_count == 1u);
}

BOOST_AUTO_TEST_CASE(an_in_place_result_may_alias_its_operand_and_no_other) {
    recording_backend device;
    const buffer data{gib, bytes}, other{2 * gib, bytes};
    accy::launch_pipeline<in_place>(device, accy::formats::cuda_ptx, std::array{data, other}, std::array{data},
                                    in_place::scalar_values{n, 2.0f});
    BOOST_TEST(device.launch_count == 2u);
    BOOST_TEST(device.launches.at(0).buffer_id(0) == device.launches.at(0).buffer_id(1));
    // Shifted over its own operand, element i of the result would be another element of the operand; over operand 1
    // it may not lie at all.
    const buffer shifted{gib + 64, bytes};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<in_place>(device, accy::formats::cuda_ptx, std::array{data, other},
                                                          std::array{shifted}, in_place::scalar_values{n, 2.0f}),
                          accy::error,
                          fails_with(errc::launch_argument_mismatch, {"result 0 (f32) starts 64 bytes into operand 0"}));
    const buffer over_other{2 * gib + 64, bytes};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<in_place>(device, accy::formats::cuda_ptx, std::array{data, other},
                                                          std::array{over_other}, in_place::scalar_values{n, 2.0f}),
                          accy::error, fails_with(errc::launch_argument_mismatch, {"result 0 (f32) overlaps operand 1"}));
    BOOST_TEST(device.launch_count == 2u);

    // On the host: x = x * 3 + y, with x's buffer as operand 0 and result 0.
    accy::host::backend host(2);
    std::mt19937 engine = accy_test::fresh_engine();
    const std::uniform_int_distribution<int> values(-1000, 1000);
    const std::vector<float> x = drawn<float>(engine, n, values), y = drawn<float>(engine, n, values);
    host_buffer shared(host, bytes), second(host, bytes);
    shared.upload(x);
    second.upload(y);
    accy::launch_pipeline<in_place>(host, accy::formats::host, std::array{shared.view(), second.view()},
                                    std::array{shared.view()}, in_place::scalar_values{n, 3.0f});
    std::vector<float> expected(n);
    for (std::size_t i = 0; i < n; ++i) expected[i] = x[i] * 3.0f + y[i];
    BOOST_TEST(shared.download<float>(n) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()
