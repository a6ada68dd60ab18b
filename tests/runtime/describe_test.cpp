// SPDX-License-Identifier: Apache-2.0
// Golden tests of accy::describe<P>(): the tests' scan pipeline, and one with every kind of derivation,
// bounded scalars, a zero_filled workspace, a two-dimensional grid and dynamic shared memory.
#include "support/halving_pipeline.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace {

using accy::access;
using accy::dtype;
using accy::grid_dim;
using accy::parameter;

constexpr accy::kernel_entry tiled_entry{
    "test.describe.tiled",
    1,
    accy::format::cuda_ptx,
    "tiled",
    {parameter::buffer("out", access::write, dtype::i64), parameter::buffer("in", access::read, dtype::i32),
     parameter::buffer("status", access::read_write, dtype::u64), parameter::scalar("count", dtype::u64),
     parameter::scalar("limit", dtype::i32)},
    accy::payload::from_text("// describe test"),
    {{grid_dim::ceil_div(3, 128), grid_dim::fixed(2), grid_dim::fixed(1)}, {128, 1, 1}, {256, 4}}};
inline constexpr auto tiled_registry = accy::make_registry(tiled_entry);

struct tiled_definition {
    static constexpr std::string_view target = "test.describe.tiled_pipeline";
    static constexpr std::uint32_t version = 2;
    static constexpr const auto& registry = tiled_registry;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::within<1, 100000>>,
                                                  accy::scalar<"limit", std::int32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::i32, n>>;
    using results = accy::results<accy::shape<dtype::i64, accy::product<n, accy::constant<2u>>>>;
    using workspaces =
        accy::workspaces<accy::zero_filled<accy::shape<dtype::u64, accy::sum<accy::ceil_div<n, 128>, accy::constant<1u>>>>>;
    using stages = accy::stages<accy::stage<"test.describe.tiled", 1, accy::result<0>, accy::operand<0>, accy::workspace<0>,
                                            accy::convert<dtype::u64, accy::min_of<n, accy::max_of<accy::constant<7u>, n>>>,
                                            accy::forward<1>>>;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(describe)

BOOST_AUTO_TEST_CASE(the_scan_pipeline_reads_as_declared) {
    const std::string expected = R"(pipeline accy.kernel.test.device_scan, version 1
runtime scalar 0: n, u32, 0 to 5000
operand 0: f32[n]
result 0: f32[n]
intermediate 0: f32[ceil_div(n, 64)], live in stages 0 to 1
intermediate 1: f32[ceil_div(n, 64)], live in stages 1 to 2
scratch: one arena, each buffer placed in order of first use at the lowest multiple of 256 bytes where it shares no byte with a buffer live with it
stage 0: accy.kernel.test.block_scan, version 1, grid (ceil_div(n, 64), 1, 1), block (64, 1, 1)
  out <- result<0>
  in <- operand<0>
  tile_sums <- intermediate<0>
  n <- n, u32
stage 1: accy.kernel.test.sums_scan, version 1, grid (1, 1, 1), block (96, 1, 1)
  scanned <- intermediate<1>
  tile_sums <- intermediate<0>
  count <- ceil_div(n, 64), u32
stage 2: accy.kernel.test.add_base, version 1, grid (ceil_div(n, 64), 1, 1), block (64, 1, 1)
  out <- result<0>
  bases <- intermediate<1>
  n <- n, u32
)";
    BOOST_TEST(accy::describe<accy_test::bounded_scan>() == expected);
}

BOOST_AUTO_TEST_CASE(every_derivation_a_workspace_and_shared_memory_read_as_declared) {
    const std::string expected = R"(pipeline test.describe.tiled_pipeline, version 2
runtime scalar 0: n, u32, 1 to 100000
runtime scalar 1: limit, i32
operand 0: i32[n]
result 0: i64[(n * 2)]
workspace 0: u64[(ceil_div(n, 128) + 1)], zero_filled, live in stages 0 to 0
scratch: one arena, each buffer placed in order of first use at the lowest multiple of 256 bytes where it shares no byte with a buffer live with it
stage 0: test.describe.tiled, version 1, grid (ceil_div(count, 128), 2, 1), block (128, 1, 1), shared memory 768 bytes
  out <- result<0>
  in <- operand<0>
  status <- workspace<0>
  count <- u64(min(n, max(7, n))), u64
  limit <- limit, i32
)";
    BOOST_TEST(accy::describe<accy::pipeline<tiled_definition>>() == expected);
}

BOOST_AUTO_TEST_CASE(a_loop_and_a_when_read_before_their_first_stage) {
    const std::string expected = R"(pipeline accy.test.halving, version 1
runtime scalar 0: n, u32
runtime scalar 1: passes, u32
runtime scalar 2: threshold, f32
operand 0: f32[n]
result 0: f32[n]
intermediate 0: u32[1], live in stages 1 to 3
scratch: one arena, each buffer placed in order of first use at the lowest multiple of 256 bytes where it shares no byte with a buffer live with it
stage 0: accy.kernel.test.copy, version 1, grid (ceil_div(n, 64), 1, 1), block (64, 1, 1)
  out <- result<0>
  in <- operand<0>
  n <- n, u32
repeat_while intermediate<0>, at most passes passes: stages 1 to 2
stage 1: accy.kernel.test.halve_above, version 1, grid (ceil_div(n, 64), 1, 1), block (64, 1, 1)
  values <- result<0>
  threshold <- threshold, f32
  n <- n, u32
stage 2: accy.kernel.test.any_above, version 1, grid (1, 1, 1), block (1, 1, 1)
  flag <- intermediate<0>
  values <- result<0>
  threshold <- threshold, f32
  n <- n, u32
when intermediate<0>: stages 3 to 3
stage 3: accy.kernel.test.negate, version 1, grid (ceil_div(n, 64), 1, 1), block (64, 1, 1)
  values <- result<0>
  n <- n, u32
)";
    BOOST_TEST(accy::describe<accy_test::halving>() == expected);
}

BOOST_AUTO_TEST_SUITE_END()
