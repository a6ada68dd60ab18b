// SPDX-License-Identifier: Apache-2.0
// accy::hana_view (accy/hana.hpp): the tests' device scan as Boost.Hana sequences, checked with
// Hana's algorithms the way a user writes their own static_asserts over a pipeline.
#include "support/scan_pipeline.hpp"

#include <accy/hana.hpp>

#include <boost/hana.hpp>
#include <boost/test/unit_test.hpp>

#include <string>

namespace {

namespace hana = boost::hana;
using view = accy::hana_view<accy_test::device_scan>;

static_assert(hana::size(view::stages) == hana::size_c<3>);
static_assert(hana::size(view::operands) == hana::size_c<1> && hana::size(view::results) == hana::size_c<1> &&
              hana::size(view::intermediates) == hana::size_c<2> && hana::size(view::workspaces) == hana::size_c<0>);
static_assert(view::target(view::stages[hana::size_c<0>]) == BOOST_HANA_STRING("accy.kernel.test.block_scan"));
static_assert(view::name(view::scalars[hana::size_c<0>]) == BOOST_HANA_STRING("n"));
static_assert(view::scalars[hana::size_c<0>] == hana::type_c<accy::scalar<"n", std::uint32_t>>);
static_assert(view::intermediates[hana::size_c<1>] == hana::type_c<accy_test::f32_blocks>);

// Stage 1 (sums_scan) binds intermediates 1 and 0, and passes one derivation, ceil_div<n, 64>.
constexpr auto sums_scan = view::stages[hana::size_c<1>];
static_assert(view::arguments(sums_scan) ==
              hana::tuple_t<accy::intermediate<1>, accy::intermediate<0>, accy::ceil_div<accy_test::n, 64>>);
static_assert(view::buffers(sums_scan) == hana::tuple_t<accy::intermediate<1>, accy::intermediate<0>>);
static_assert(view::derivations(sums_scan) == hana::tuple_t<accy::ceil_div<accy_test::n, 64>>);
static_assert(hana::is_empty(view::tensor_maps(sums_scan)));

// What a user's own rules look like: every stage binds at most three buffers, and only the first
// stage reads the operand.
static_assert(hana::all_of(view::stages, [](auto stage) { return hana::size(view::buffers(stage)) <= hana::size_c<3>; }));
constexpr auto reads_operand = [](auto stage) {
    return hana::any_of(view::buffers(stage), [](auto buffer) {
        return hana::bool_c<decltype(+buffer)::type::ref.kind == accy::buffer_kind::operand>;
    });
};
static_assert(hana::count_if(view::stages, reads_operand) == hana::size_c<1>);
static_assert(reads_operand(view::stages[hana::size_c<0>]));

BOOST_AUTO_TEST_CASE(a_hana_view_names_every_stage_target_in_launch_order) {
    std::string targets;
    hana::for_each(view::stages, [&](auto stage) { targets += hana::to<const char*>(view::target(stage)) + std::string(";"); });
    BOOST_TEST(targets == "accy.kernel.test.block_scan;accy.kernel.test.sums_scan;accy.kernel.test.add_base;");
}

}  // namespace
