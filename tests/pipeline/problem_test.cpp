// SPDX-License-Identifier: Apache-2.0
// Tests `accy::to_string` of a problem and of a diagnosis (pipeline/problem.hpp), and the contexts
// of the compile error that each site of a problem gives (`detail::first_problem`): compared as
// types, which names each error's `diagnostic::report` without instantiating it.
#include <support/scan_pipeline.hpp>
#include <support/tensor_map_pipeline.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace {

using namespace accy;
using accy_test::device_scan_definition;
using accy_test::n;
using diagnostic::reads_scalar;
using diagnostic::detail::text_of;

// problem::none to no_entry_for_format, the last enumerator.
constexpr std::size_t problem_count = static_cast<std::size_t>(problem::no_entry_for_format) + 1;

constexpr bool every_problem_has_its_own_name() {
    std::array<std::string_view, problem_count> names{};
    for (std::size_t k = 0; k < problem_count; ++k) {
        names[k] = to_string(static_cast<problem>(k));
        if (names[k] == "unknown" || names[k].empty()) return false;
        for (std::size_t earlier = 0; earlier < k; ++earlier)
            if (names[earlier] == names[k]) return false;
    }
    return true;
}

static_assert(to_string(problem::none) == "none");
static_assert(to_string(problem::argument_type_mismatch) == "argument_type_mismatch");
static_assert(to_string(problem::no_entry_for_format) == "no_entry_for_format");
static_assert(to_string(static_cast<problem>(problem_count)) == "unknown");
static_assert(every_problem_has_its_own_name());

// Diagnoses made by the functions of each site, equal where the site and its indices are.
static_assert(diagnosis::at_parameter(problem::argument_type_mismatch, 0, 2, 1) ==
              diagnosis{problem::argument_type_mismatch, problem_site::parameter, 0, 1, 2});
static_assert(diagnosis::at_entry(problem::block_too_large, 0, 2) != diagnosis::at_entry(problem::block_too_large, 0, 3));
static_assert(diagnosis::at_buffer(problem::extent_zero, buffer_kind::result, 0) !=
              diagnosis::at_buffer(problem::extent_zero, buffer_kind::operand, 0));
static_assert(!diagnosis::at_scalar(problem::scalar_bounds_invalid, 0).in_stage());
static_assert(diagnosis::at_stage(problem::stage_without_entry, 0).in_stage());

// The report of each site: its contexts, then each runtime scalar a derivation there reads, once, in
// the order read (an index past the scalars names none).

template <fixed_string Text>
using text = text_of<Text>;
template <fixed_string Target, class Definition, std::size_t Stage = 0>
using in_stage = diagnostic::in_stage<Stage, text<Target>, typename Definition::stages::template at<Stage>>;

struct pointer_scalar : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"data", const float*>>;
};
static_assert(std::is_same_v<detail::first_problem<pointer_scalar>,
                             diagnostic::report<problem::scalar_type_not_supported,
                                                diagnostic::in_scalar<1, text<"data">, scalar<"data", const float*>>>>);

using offset_plus_n = shape<dtype::f32, sum<forward<1>, forward<0>>>;
struct offset_plus_u64 : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>, scalar<"offset", std::int32_t>>;
    using operands = accy::operands<offset_plus_n>;
};
static_assert(std::is_same_v<detail::first_problem<offset_plus_u64>,
                             diagnostic::report<problem::no_common_type, diagnostic::in_buffer<buffer_kind::operand, 0, offset_plus_n>,
                                                reads_scalar<1, text<"offset">>, reads_scalar<0, text<"n">>>>);

struct workspace_never_bound : device_scan_definition {
    using workspaces = accy::workspaces<shape<dtype::u8, constant<64>>>;
};
static_assert(std::is_same_v<detail::first_problem<workspace_never_bound>,
                             diagnostic::report<problem::workspace_unused,
                                                diagnostic::in_buffer<buffer_kind::workspace, 0, shape<dtype::u8, constant<64>>>>>);

struct unknown_target : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.blockscan", 1, result<0>, operand<0>, intermediate<0>, n>>;
};
// A stage's unknown target names the registry's nearest, fewest edits away; a version it lacks, that target's entry.
static_assert(std::is_same_v<detail::first_problem<unknown_target>,
                             diagnostic::report<problem::stage_without_entry, in_stage<"accy.kernel.test.blockscan", unknown_target>,
                                                diagnostic::nearest_entry<text<"accy.kernel.test.block_scan">, 1>>>);
struct unknown_version : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.sums_scan", 3, intermediate<1>, intermediate<0>, n>>;
};
static_assert(std::is_same_v<detail::first_problem<unknown_version>,
                             diagnostic::report<problem::stage_version_without_entry, in_stage<"accy.kernel.test.sums_scan", unknown_version>,
                                                diagnostic::nearest_entry<text<"accy.kernel.test.sums_scan">, 1>>>);
static_assert(detail::edit_distance("block_scan", "blockscan") == 1 && detail::edit_distance("", "abc") == 3 &&
              detail::edit_distance("sums", "sums") == 0 && detail::edit_distance("add_base", "base_add") == 6);

struct sums_scan_of_one_argument : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.sums_scan", 1, intermediate<1>>>;
};
// Too few arguments name the first parameter left unbound; too many, the first argument past the parameters.
static_assert(std::is_same_v<detail::first_problem<sums_scan_of_one_argument>,
                             diagnostic::report<problem::argument_count_mismatch, in_stage<"accy.kernel.test.sums_scan", sums_scan_of_one_argument>,
                                                diagnostic::in_entry<format::cuda_ptx, text<"accy.kernel.test.sums_scan">, 3>,
                                                diagnostic::first_unbound_parameter<1, text<"tile_sums">>>>);
struct sums_scan_of_four_arguments : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, n, constant<7>>>;
};
static_assert(std::is_same_v<detail::first_problem<sums_scan_of_four_arguments>,
                             diagnostic::report<problem::argument_count_mismatch, in_stage<"accy.kernel.test.sums_scan", sums_scan_of_four_arguments>,
                                                diagnostic::in_entry<format::cuda_ptx, text<"accy.kernel.test.sums_scan">, 3>,
                                                diagnostic::first_extra_argument<3, constant<7>>>>);

constexpr parameter_list fill_parameters{parameter::buffer("out", access::write, dtype::f32), parameter::scalar("n", dtype::u32)};
inline constexpr auto fill_of_no_grid = make_registry(kernel_entry{
    "problem_test.fill", 1, format::cuda_ptx, "fill", fill_parameters, payload::from_text("// fill"),
    launch_geometry::fixed({1, 0, 1}, {64, 1, 1})});
struct fill_definition : accy::definition_base<"problem_test.fill_pipeline", fill_of_no_grid> {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"problem_test.fill", 1, result<0>, n>>;
};
static_assert(std::is_same_v<detail::first_problem<fill_definition>,
                             diagnostic::report<problem::grid_dimension_zero, in_stage<"problem_test.fill", fill_definition>,
                                                diagnostic::in_entry<format::cuda_ptx, text<"fill">, 2>,
                                                diagnostic::at_grid_dimension<1>>>);

// A parameter bound to a buffer reads no scalar; one bound to a derivation reads its scalars.
struct result_bound_twice : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, result<0>, n>>;
};
static_assert(std::is_same_v<detail::first_problem<result_bound_twice>,
                             diagnostic::report<problem::buffer_bound_twice, in_stage<"accy.kernel.test.block_scan", result_bound_twice>,
                                                diagnostic::at_parameter<2, text<"tile_sums">, result<0>>>>);

using n_times_n_past_scalars = sum<n, product<n, forward<3>>>;
struct scalar_past_count : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n_times_n_past_scalars>>;
};
static_assert(std::is_same_v<detail::first_problem<scalar_past_count>,
                             diagnostic::report<problem::scalar_index_out_of_range, in_stage<"accy.kernel.test.add_base", scalar_past_count>,
                                                diagnostic::at_parameter<2, text<"n">, n_times_n_past_scalars>,
                                                reads_scalar<0, text<"n">>>>);

// A tensor map reads its extents' scalars, then its strides'.
using columns_by_rows = tensor_map<operand<0>, extents<accy_test::columns, accy_test::rows>, box<32>>;
using tile_of_one_box = accy_test::tensor_map_definition<columns_by_rows>;
static_assert(std::is_same_v<detail::first_problem<tile_of_one_box>,
                             diagnostic::report<problem::tensor_map_box_invalid, in_stage<"accy.test.tile", tile_of_one_box>,
                                                diagnostic::at_parameter<0, text<"map">, columns_by_rows>,
                                                reads_scalar<1, text<"columns">>, reads_scalar<0, text<"rows">>>>);

// A tensor map parameter's own declaration, in an entry whose stage binds nothing to it: the argument is void.
inline constexpr auto map_of_rank_6 = make_registry(kernel_entry{
    "problem_test.tile", 1, format::cuda_ptx, "tile", {parameter::tensor_map("map", access::read, dtype::f16, 6)},
    payload::from_text("// tile"), launch_geometry::fixed({1, 1, 1}, {64, 1, 1})});
struct tile_without_arguments : accy::definition_base<"problem_test.tile_pipeline", map_of_rank_6> {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>>;
    using operands = accy::operands<shape<dtype::f16, n>>;
    using results = accy::results<>;
    using stages = accy::stages<stage<"problem_test.tile", 1>>;
};
static_assert(std::is_same_v<detail::first_problem<tile_without_arguments>,
                             diagnostic::report<problem::tensor_map_parameter_invalid, in_stage<"problem_test.tile", tile_without_arguments>,
                                                diagnostic::at_parameter<0, text<"map">, void>>>);

static_assert(std::is_same_v<detail::first_problem<device_scan_definition>, diagnostic::detail::no_problem>);

}  // namespace

BOOST_AUTO_TEST_SUITE(problem_text)

BOOST_AUTO_TEST_CASE(a_problem_is_named_by_its_enumerator) {
    BOOST_TEST(to_string(problem::operand_written) == "operand_written");
    BOOST_TEST(to_string(problem::tensor_map_fill_not_floating) == "tensor_map_fill_not_floating");
    BOOST_TEST(to_string(static_cast<problem>(problem_count)) == "unknown");
}

BOOST_AUTO_TEST_CASE(a_diagnosis_names_its_site) {
    BOOST_TEST(to_string(diagnosis{}) == "none");
    BOOST_TEST(to_string(diagnosis::at_scalar(problem::scalar_bounds_invalid, 1)) == "scalar_bounds_invalid at runtime scalar 1");
    BOOST_TEST(to_string(diagnosis::at_buffer(problem::extent_zero, buffer_kind::intermediate, 1)) ==
               "extent_zero at intermediate 1");
    BOOST_TEST(to_string(diagnosis::at_stage(problem::stage_without_entry, 2)) == "stage_without_entry at stage 2");
    BOOST_TEST(to_string(diagnosis::at_entry(problem::block_too_large, 0, 5)) == "block_too_large at stage 0, registry entry 5");
    BOOST_TEST(to_string(diagnosis::at_grid_dimension(problem::grid_dimension_zero, 1, 3, 2)) ==
               "grid_dimension_zero at stage 1, registry entry 3, grid dimension 2");
    BOOST_TEST(to_string(diagnosis::at_parameter(problem::argument_type_mismatch, 0, 4, 1)) ==
               "argument_type_mismatch at stage 0, registry entry 4, parameter 1");
}

BOOST_AUTO_TEST_CASE(diagnose_gives_the_site_of_what_it_finds) {
    BOOST_TEST(to_string(diagnose<offset_plus_u64>()) == "no_common_type at operand 0");
    BOOST_TEST(to_string(diagnose<fill_definition>()) == "grid_dimension_zero at stage 0, registry entry 0, grid dimension 1");
    BOOST_TEST(to_string(diagnose<tile_without_arguments>()) ==
               "tensor_map_parameter_invalid at stage 0, registry entry 0, parameter 0");
}

BOOST_AUTO_TEST_SUITE_END()
