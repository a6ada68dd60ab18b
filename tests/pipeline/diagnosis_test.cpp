// SPDX-License-Identifier: Apache-2.0
// Tests `accy::valid_pipeline` and `accy::diagnose`: the first problem of each kind of broken
// definition, with its stage and parameter (or grid dimension) and registry entry, or its declared
// buffer. Each expectation is checked at compile time (static_assert) and again at run time (BOOST_TEST).
#include <support/scan_pipeline.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace {

using namespace accy;
using accy_test::device_scan_definition;
using accy_test::n;

/// `diagnose<Definition>()` finds `Expected`, the problem and where it is: asserted at compile time,
/// and checked again at run time, where a difference prints both as text.
template <class Definition, diagnosis Expected>
void check_diagnosis() {
    constexpr diagnosis found = diagnose<Definition>();
    static_assert(found == Expected, "diagnosis_test: diagnose<Definition>() differs from the expected diagnosis");
    static_assert(valid_pipeline<Definition> == (Expected.problem == problem::none));
    BOOST_TEST(to_string(found) == to_string(Expected));
    BOOST_TEST(valid_pipeline<Definition> == (Expected.problem == problem::none));
}

// The functions that say where the expected problem is.
constexpr auto at_scalar = diagnosis::at_scalar;
constexpr auto at_buffer = diagnosis::at_buffer;
constexpr auto at_stage = diagnosis::at_stage;
constexpr auto at_entry = diagnosis::at_entry;
constexpr auto at_grid_dimension = diagnosis::at_grid_dimension;
constexpr auto at_parameter = diagnosis::at_parameter;

// The scan's stages, spelled out so that each broken definition changes one of them.
using block_scan = stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>;
using sums_scan = stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>;
using add_base = stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>;
using f32_blocks = accy_test::f32_blocks;

struct respelled_scan : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, add_base>;
};

// A one-stage pipeline without intermediates, over a registry of one entry: fill(out, n).
constexpr parameter_list fill_parameters{parameter::buffer("out", access::write, dtype::f32), parameter::scalar("n", dtype::u32)};

template <launch_geometry Launch, const parameter_list& Parameters, launch_attributes Attributes>
inline constexpr auto fill_registry = make_registry(
    kernel_entry{"traits.fill", 1, format::cuda_ptx, "fill", Parameters, payload::from_text("// fill"), Launch, Attributes});

template <launch_geometry Launch, const parameter_list& Parameters = fill_parameters, launch_attributes Attributes = launch_attributes{}>
struct fill_definition {
    static constexpr std::string_view target = "traits.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = fill_registry<Launch, Parameters, Attributes>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"traits.fill", 1, result<0>, n>>;
};

constexpr launch_geometry blocks_of_64{{grid_dim::ceil_div(1, 64), grid_dim::fixed(1), grid_dim::fixed(1)}, {64, 1, 1}};

constexpr kernel_entry msl_entry(std::string_view target, parameter_list parameters, launch_geometry launch) {
    return {target, 1, format::metal_msl, target, parameters, payload::from_text("// msl"), launch};
}

// The scan's entries in cuda_ptx (entries 0 to 2) and metal_msl (3 to 5), the msl entry of `Stage`
// replaced by `Replacement::entry`.
template <std::size_t Stage, class Replacement>
inline constexpr auto scan_with_msl_entry = [] {
    const auto ptx = accy_test::scan_entries(format::cuda_ptx);
    auto msl = accy_test::scan_entries(format::metal_msl);
    msl[Stage] = Replacement::entry;
    return make_registry(ptx[0], ptx[1], ptx[2], msl[0], msl[1], msl[2]);
}();

template <std::size_t Stage, class Replacement>
struct scan_with_msl_entry_definition : device_scan_definition {
    static constexpr const auto& registry = scan_with_msl_entry<Stage, Replacement>;
};

}  // namespace

// join_registries keeps every entry, in order; joining none gives an empty registry (and no warning).
constexpr auto no_entries = join_registries();
constexpr auto scan_twice = join_registries(accy_test::scan_registry, no_entries, accy_test::scan_registry);
static_assert(no_entries.entries.empty() && scan_twice.entries.size() == 6);
static_assert(scan_twice.entries[1].target == "accy.kernel.test.sums_scan" &&
              scan_twice.entries[5].target == "accy.kernel.test.add_base");

BOOST_AUTO_TEST_SUITE(traits)

// Valid definitions.

static_assert(valid_pipeline<device_scan_definition>);
static_assert(valid_pipeline<accy_test::bounded_scan_definition>);
static_assert(valid_pipeline<accy_test::dual_format_scan_definition>);
static_assert(valid_pipeline<respelled_scan>);
static_assert(valid_pipeline<fill_definition<blocks_of_64>>);
static_assert(accy_test::device_scan::well_formed);

// What a valid pipeline says about itself.
static_assert(accy_test::device_scan::runtime_scalar_count == 1);
static_assert(accy_test::device_scan::operand_count == 1 && accy_test::device_scan::result_count == 1);
static_assert(accy_test::device_scan::intermediate_count == 2 && accy_test::device_scan::workspace_count == 0);
static_assert(accy_test::device_scan::scratch_count == 2 && accy_test::device_scan::stage_count == 3);
static_assert(std::is_same_v<accy_test::device_scan::scalar_values, std::tuple<std::uint32_t>>);
static_assert(accy_test::device_scan::parameters(0).size() == 4 && accy_test::device_scan::parameters(1).size() == 3);
static_assert(accy_test::device_scan::entry(2, format::cuda_ptx)->target == "accy.kernel.test.add_base" &&
              accy_test::device_scan::entry(2, format::cuda_ptx)->format == format::cuda_ptx);
static_assert(accy_test::device_scan::entry(2, format::host) == nullptr);
static_assert(accy_test::device_scan::first_stage_without(format::host) == 0);
static_assert(accy_test::device_scan::first_stage_without(format::cuda_ptx) == 3);

BOOST_AUTO_TEST_CASE(scan_definitions_are_valid) {
    check_diagnosis<device_scan_definition, diagnosis{}>();
    check_diagnosis<accy_test::bounded_scan_definition, diagnosis{}>();
    check_diagnosis<accy_test::dual_format_scan_definition, diagnosis{}>();
    check_diagnosis<respelled_scan, diagnosis{}>();
}

BOOST_AUTO_TEST_CASE(one_stage_without_intermediates_is_valid) {
    check_diagnosis<fill_definition<blocks_of_64>, diagnosis{}>();
    check_diagnosis<fill_definition<launch_geometry::fixed({4, 1, 1}, {32, 1, 1})>, diagnosis{}>();
}

struct no_runtime_scalars {
    static constexpr std::string_view target = "traits.missing";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = accy_test::scan_registry;
    using operands = device_scan_definition::operands;
    using results = device_scan_definition::results;
    using stages = device_scan_definition::stages;
};

BOOST_AUTO_TEST_CASE(a_definition_missing_a_member_is_not_a_valid_pipeline) {
    static_assert(!pipeline_definition<no_runtime_scalars>);
    BOOST_TEST(!valid_pipeline<no_runtime_scalars>);
    BOOST_TEST(valid_pipeline<device_scan_definition>);
}

// Declared buffers: the problem names the list and the index.

struct extent_past_scalars : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, shape<dtype::f32, forward<3>>>;
};
struct extent_divided_by_zero : device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::u8, ceil_div<n, 0>>, f32_blocks>;
};
struct extent_of_zero : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, shape<dtype::f64, constant<0>>>;
};
struct extent_of_a_float : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float>>;
    using results = accy::results<shape<dtype::f32, forward<1>>>;
};
struct in_place_past_operands : device_scan_definition {
    using results = accy::results<in_place<1, shape<dtype::f32, n>>>;
};
// zero_filled and kept_zero are workspaces only, in_place results only.
struct zero_filled_intermediate : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, zero_filled<f32_blocks>>;
};
struct kept_zero_result : device_scan_definition {
    using results = accy::results<kept_zero<shape<dtype::f32, n>>>;
};
struct zero_filled_operand : device_scan_definition {
    using operands = accy::operands<zero_filled<shape<dtype::f32, n>>>;
};
struct in_place_operand : device_scan_definition {
    using operands = accy::operands<in_place<0, shape<dtype::f32, n>>>;
};
struct in_place_workspace : device_scan_definition {
    using workspaces = accy::workspaces<in_place<0, f32_blocks>>;
};
struct in_place_result : device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::f32, n>>>;
};
// An in_place result has its operand's dtype, and no other result is in_place over that operand.
struct in_place_of_another_dtype : device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::u32, n>>>;
};
struct in_place_twice_over_operand_0 : device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::f32, n>>, in_place<0, shape<dtype::f32, n>>>;
};
// Results 0 and 1 each in place over their own operand: sums_scan scans operand 1 into result 1.
struct in_place_over_each_operand : device_scan_definition {
    using operands = accy::operands<shape<dtype::f32, n>, shape<dtype::f32, n>>;
    using results = accy::results<in_place<0, shape<dtype::f32, n>>, in_place<1, shape<dtype::f32, n>>>;
    using stages = accy::stages<block_scan, sums_scan, add_base,
                                stage<"accy.kernel.test.sums_scan", 1, result<1>, operand<1>, n>>;
};
struct signed_plus_u64 : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>, scalar<"offset", std::int32_t>>;
    using operands = accy::operands<shape<dtype::f32, sum<forward<0>, forward<1>>>>;
};

struct pointer_scalar : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"data", const float*>>;
};
struct bound_above_bound : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t, within<5000, 64>>>;
};
struct bounded_float : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float, at_most<1>>>;
};

struct scalar_named_twice : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"n", std::uint64_t>>;
};

BOOST_AUTO_TEST_CASE(scalar_type_not_supported) {
    check_diagnosis<pointer_scalar, at_scalar(problem::scalar_type_not_supported, 1)>();
}
BOOST_AUTO_TEST_CASE(scalar_bounds_invalid) {
    check_diagnosis<bound_above_bound, at_scalar(problem::scalar_bounds_invalid, 0)>();
    check_diagnosis<bounded_float, at_scalar(problem::scalar_bounds_invalid, 1)>();
}
BOOST_AUTO_TEST_CASE(scalar_name_repeated) {
    check_diagnosis<scalar_named_twice, at_scalar(problem::scalar_name_repeated, 1)>();
}

static_assert(!valid_pipeline<extent_past_scalars>);
static_assert(!valid_pipeline<extent_divided_by_zero>);
static_assert(!valid_pipeline<extent_of_zero>);
static_assert(!valid_pipeline<extent_of_a_float>);
static_assert(!valid_pipeline<in_place_past_operands>);
static_assert(!valid_pipeline<zero_filled_intermediate>);
static_assert(!valid_pipeline<kept_zero_result>);
static_assert(!valid_pipeline<zero_filled_operand>);
static_assert(!valid_pipeline<in_place_operand>);
static_assert(!valid_pipeline<in_place_workspace>);
static_assert(valid_pipeline<in_place_result>);
static_assert(!valid_pipeline<in_place_of_another_dtype>);
static_assert(!valid_pipeline<in_place_twice_over_operand_0>);
static_assert(valid_pipeline<in_place_over_each_operand>);
static_assert(!valid_pipeline<signed_plus_u64>);

BOOST_AUTO_TEST_CASE(extent_scalar_index_out_of_range) {
    check_diagnosis<extent_past_scalars, at_buffer(problem::scalar_index_out_of_range, buffer_kind::intermediate, 1)>();
}
BOOST_AUTO_TEST_CASE(extent_divisor_zero) {
    check_diagnosis<extent_divided_by_zero, at_buffer(problem::divisor_zero, buffer_kind::intermediate, 0)>();
}
BOOST_AUTO_TEST_CASE(extent_zero) {
    check_diagnosis<extent_of_zero, at_buffer(problem::extent_zero, buffer_kind::intermediate, 1)>();
}
BOOST_AUTO_TEST_CASE(extent_not_an_integer) {
    check_diagnosis<extent_of_a_float, at_buffer(problem::extent_not_an_integer, buffer_kind::result, 0)>();
}
BOOST_AUTO_TEST_CASE(in_place_operand_out_of_range) {
    check_diagnosis<in_place_past_operands, at_buffer(problem::in_place_operand_out_of_range, buffer_kind::result, 0)>();
}
BOOST_AUTO_TEST_CASE(zeroing_outside_workspaces) {
    check_diagnosis<zero_filled_intermediate, at_buffer(problem::zeroing_outside_workspaces, buffer_kind::intermediate, 1)>();
    check_diagnosis<kept_zero_result, at_buffer(problem::zeroing_outside_workspaces, buffer_kind::result, 0)>();
    check_diagnosis<zero_filled_operand, at_buffer(problem::zeroing_outside_workspaces, buffer_kind::operand, 0)>();
}
BOOST_AUTO_TEST_CASE(in_place_outside_results) {
    check_diagnosis<in_place_operand, at_buffer(problem::in_place_outside_results, buffer_kind::operand, 0)>();
    // Unbound too (workspace_unused), but a declaration's problem comes before the dataflow's.
    check_diagnosis<in_place_workspace, at_buffer(problem::in_place_outside_results, buffer_kind::workspace, 0)>();
    check_diagnosis<in_place_result, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(in_place_dtype_mismatch) {
    // Checked before the stages: block_scan's f32 `out` would not take the u32 result either.
    check_diagnosis<in_place_of_another_dtype, at_buffer(problem::in_place_dtype_mismatch, buffer_kind::result, 0)>();
}
BOOST_AUTO_TEST_CASE(in_place_operand_shared) {
    check_diagnosis<in_place_twice_over_operand_0, at_buffer(problem::in_place_operand_shared, buffer_kind::result, 1)>();
    check_diagnosis<in_place_over_each_operand, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(no_common_type) {
    check_diagnosis<signed_plus_u64, at_buffer(problem::no_common_type, buffer_kind::operand, 0)>();
}

// Stages: `stage` is the stage, `argument` the parameter.

struct unknown_version : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 2, result<0>, intermediate<1>, n>>;
};
struct unknown_target : device_scan_definition {
    using stages =
        accy::stages<stage<"accy.kernel.test.blockscan", 1, result<0>, operand<0>, intermediate<0>, n>, sums_scan, add_base>;
};
struct operand_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, operand<1>, ceil_div<n, 64>>,
                                add_base>;
};
struct result_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<1>, intermediate<1>, n>>;
};
struct intermediate_past_count : device_scan_definition {
    using stages = accy::stages<block_scan,
                                stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<2>, ceil_div<n, 64>>,
                                add_base>;
};
struct workspace_past_count : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, workspace<0>, n>, sums_scan,
                                add_base>;
};
struct workspace_past_declared : workspace_past_count {
    using workspaces = accy::workspaces<>;  // declared, and empty
};
struct result_bound_twice : device_scan_definition {
    using stages =
        accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, result<0>, n>, sums_scan, add_base>;
};
struct scalar_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, forward<1>>>;
};
struct scalar_divided_by_zero : device_scan_definition {
    using stages = accy::stages<block_scan,
                                stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 0>>,
                                add_base>;
};

static_assert(!valid_pipeline<unknown_version>);
static_assert(!valid_pipeline<unknown_target>);
static_assert(!valid_pipeline<operand_past_count>);
static_assert(!valid_pipeline<result_past_count>);
static_assert(!valid_pipeline<intermediate_past_count>);
static_assert(!valid_pipeline<workspace_past_count>);
static_assert(!valid_pipeline<workspace_past_declared>);
static_assert(!valid_pipeline<result_bound_twice>);
static_assert(!valid_pipeline<scalar_past_count>);
static_assert(!valid_pipeline<scalar_divided_by_zero>);

BOOST_AUTO_TEST_CASE(stage_without_entry) {
    check_diagnosis<unknown_version, at_stage(problem::stage_version_without_entry, 2)>();
    check_diagnosis<unknown_target, at_stage(problem::stage_without_entry, 0)>();
}
BOOST_AUTO_TEST_CASE(operand_index_out_of_range) {
    check_diagnosis<operand_past_count, at_parameter(problem::operand_index_out_of_range, 1, 1, 1)>();
}
BOOST_AUTO_TEST_CASE(result_index_out_of_range) {
    check_diagnosis<result_past_count, at_parameter(problem::result_index_out_of_range, 2, 2, 0)>();
}
BOOST_AUTO_TEST_CASE(intermediate_index_out_of_range) {
    check_diagnosis<intermediate_past_count, at_parameter(problem::intermediate_index_out_of_range, 1, 1, 1)>();
}
BOOST_AUTO_TEST_CASE(workspace_index_out_of_range) {
    check_diagnosis<workspace_past_declared, at_parameter(problem::workspace_index_out_of_range, 0, 0, 2)>();
}
BOOST_AUTO_TEST_CASE(buffer_list_not_declared) {
    // The scan declares no `workspaces` member at all: the likely cause is a misspelt one.
    check_diagnosis<workspace_past_count, at_parameter(problem::buffer_list_not_declared, 0, 0, 2)>();
}
// The scan's registry, read at run time only: constant expressions cannot read a `const` variable of
// class type, so diagnose reports that, before anything that reads the registry.
const auto run_time_registry = accy_test::scan_registry;
struct registry_not_constant_definition : device_scan_definition {
    static constexpr const auto& registry = run_time_registry;
};
BOOST_AUTO_TEST_CASE(registry_not_constant) {
    check_diagnosis<registry_not_constant_definition, diagnosis::at_definition(problem::registry_not_constant)>();
    BOOST_TEST(to_string(diagnose<registry_not_constant_definition>()) == "registry_not_constant at the definition");
}
BOOST_AUTO_TEST_CASE(buffer_bound_twice) {
    check_diagnosis<result_bound_twice, at_parameter(problem::buffer_bound_twice, 0, 0, 2)>();
}
BOOST_AUTO_TEST_CASE(scalar_index_out_of_range) {
    check_diagnosis<scalar_past_count, at_parameter(problem::scalar_index_out_of_range, 2, 2, 2)>();
}
BOOST_AUTO_TEST_CASE(divisor_zero) {
    check_diagnosis<scalar_divided_by_zero, at_parameter(problem::divisor_zero, 1, 1, 2)>();
}

// Stage arguments against the kernel's parameters: count, kind, type, element type.

struct one_argument_short : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, ceil_div<n, 64>>, add_base>;
};
struct one_argument_too_many : device_scan_definition {
    using stages =
        accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n, constant<7u>>,
                     sums_scan, add_base>;
};
struct buffer_for_a_scalar : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, operand<0>>>;
};
struct scalar_for_a_buffer : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, n, intermediate<0>, n>, sums_scan, add_base>;
};
struct u64_into_u32 : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>>;
};
struct converted_u64_into_u32 : u64_into_u32 {
    using n32 = convert<dtype::u32, n>;
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n32>,
                                stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n32, 64>>,
                                stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n32>>;
};
struct float_into_u32 : device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float>>;
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, forward<1>>>;
};
struct signed_into_u32 : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, constant<5>>>;
};
struct u32_intermediates : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, shape<dtype::u32, ceil_div<n, 64>>>;
};

static_assert(!valid_pipeline<one_argument_short>);
static_assert(!valid_pipeline<one_argument_too_many>);
static_assert(!valid_pipeline<buffer_for_a_scalar>);
static_assert(!valid_pipeline<scalar_for_a_buffer>);
static_assert(!valid_pipeline<u64_into_u32>);
static_assert(valid_pipeline<converted_u64_into_u32>);
static_assert(!valid_pipeline<float_into_u32>);
static_assert(!valid_pipeline<signed_into_u32>);
static_assert(!valid_pipeline<u32_intermediates>);

BOOST_AUTO_TEST_CASE(argument_count_mismatch) {
    check_diagnosis<one_argument_short, at_entry(problem::argument_count_mismatch, 1, 1)>();
    check_diagnosis<one_argument_too_many, at_entry(problem::argument_count_mismatch, 0, 0)>();
}
BOOST_AUTO_TEST_CASE(argument_kind_mismatch) {
    check_diagnosis<buffer_for_a_scalar, at_parameter(problem::argument_kind_mismatch, 2, 2, 2)>();
    check_diagnosis<scalar_for_a_buffer, at_parameter(problem::argument_kind_mismatch, 0, 0, 1)>();
}
BOOST_AUTO_TEST_CASE(argument_type_mismatch) {
    check_diagnosis<u64_into_u32, at_parameter(problem::argument_type_mismatch, 0, 0, 3)>();
    check_diagnosis<converted_u64_into_u32, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(floating_argument_to_integer) {
    check_diagnosis<float_into_u32, at_parameter(problem::floating_argument_to_integer, 2, 2, 2)>();
}
BOOST_AUTO_TEST_CASE(constant_type_mismatch) {
    check_diagnosis<signed_into_u32, at_parameter(problem::constant_type_mismatch, 2, 2, 2)>();
}
BOOST_AUTO_TEST_CASE(element_type_mismatch) {
    // sums_scan binds intermediate 1, now of u32, to its f32 parameter `scanned`.
    check_diagnosis<u32_intermediates, at_parameter(problem::element_type_mismatch, 1, 1, 0)>();
}

// Kernel entries: `entry` is the index of the entry in the registry, `argument` the grid dimension.

// The msl entry of sums_scan (entry 4) declares three buffers where the ptx one declares two.
struct sums_scan_of_three_buffers {
    static constexpr kernel_entry entry =
        msl_entry("accy.kernel.test.sums_scan",
                  {parameter::buffer("scanned", access::write), parameter::buffer("tile_sums", access::read),
                   parameter::buffer("extra", access::read), parameter::scalar("count", dtype::u32)},
                  launch_geometry::fixed({1, 1, 1}, {96, 1, 1}));
};
using msl_three_buffers = scan_with_msl_entry_definition<1, sums_scan_of_three_buffers>;
// The msl entry of block_scan (entry 3) takes its n as a u64.
struct block_scan_of_u64 {
    static constexpr kernel_entry entry =
        msl_entry("accy.kernel.test.block_scan",
                  {parameter::buffer("out", access::write), parameter::buffer("in", access::read),
                   parameter::buffer("tile_sums", access::write), parameter::scalar("n", dtype::u64)},
                  accy_test::blocks_of_64);
};
using msl_u64 = scan_with_msl_entry_definition<0, block_scan_of_u64>;
// The scan's registry with the msl entry of add_base in cuda_ptx: two cuda_ptx entries of add_base.
inline constexpr auto twice_add_base = [] {
    const auto ptx = accy_test::scan_entries(format::cuda_ptx);
    return make_registry(ptx[0], ptx[1], ptx[2], ptx[2]);
}();
struct duplicate_add_base : device_scan_definition {
    static constexpr const auto& registry = twice_add_base;
};

using grid_from_a_buffer =
    fill_definition<launch_geometry{{grid_dim::fixed(1), grid_dim::fixed(1), grid_dim::ceil_div(0, 8)}, {8, 1, 1}}>;
using grid_past_parameters =
    fill_definition<launch_geometry{{grid_dim::ceil_div(2, 8), grid_dim::fixed(1), grid_dim::fixed(1)}, {8, 1, 1}}>;
constexpr parameter_list fill_with_alpha{parameter::buffer("out", access::write, dtype::f32),
                                        parameter::scalar("alpha", dtype::f32)};
struct fill_from_a_float : fill_definition<launch_geometry{{grid_dim::ceil_div(1, 8), grid_dim::fixed(1), grid_dim::fixed(1)}, {8, 1, 1}},
                                           fill_with_alpha> {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float>>;
    using stages = accy::stages<stage<"traits.fill", 1, result<0>, forward<1>>>;
};
using grid_divided_by_zero =
    fill_definition<launch_geometry{{grid_dim::fixed(2), grid_dim::ceil_div(1, 0), grid_dim::fixed(1)}, {8, 1, 1}}>;
using grid_of_zero = fill_definition<launch_geometry::fixed({1, 1, 0}, {8, 1, 1})>;
using grid_past_65535 = fill_definition<launch_geometry::fixed({1, 65536, 1}, {8, 1, 1})>;
using block_of_2048 = fill_definition<launch_geometry::fixed({1, 1, 1}, {2048, 1, 1})>;
using block_of_z_128 = fill_definition<launch_geometry::fixed({1, 1, 1}, {1, 1, 128})>;
using block_of_32_by_64 = fill_definition<launch_geometry::fixed({1, 1, 1}, {32, 64, 1})>;
using block_of_0 = fill_definition<launch_geometry::fixed({1, 1, 1}, {64, 0, 1})>;
using shared_past_227_kib = fill_definition<launch_geometry::fixed({1, 1, 1}, {256, 1, 1}, {1024, 1024})>;
using shared_at_227_kib = fill_definition<launch_geometry::fixed({1, 1, 1}, {256, 1, 1}, {232448 - 1024, 4})>;
using block_of_1024 = fill_definition<launch_geometry::fixed({1, 1, 1}, {8, 8, 16})>;
template <dim3 Grid, dim3 Cluster>
using clustered_fill = fill_definition<launch_geometry::fixed(Grid, {64, 1, 1}), fill_parameters, launch_attributes{Cluster}>;
using cluster_of_0 = clustered_fill<dim3{4, 1, 1}, dim3{0, 1, 1}>;
using cluster_of_16 = clustered_fill<dim3{16, 1, 1}, dim3{4, 4, 1}>;
using grid_6_over_cluster_4 = clustered_fill<dim3{6, 1, 1}, dim3{4, 1, 1}>;
using grid_8_2_over_cluster_4_2 = clustered_fill<dim3{8, 2, 1}, dim3{4, 2, 1}>;
using derived_grid_over_cluster_2 = fill_definition<blocks_of_64, fill_parameters, launch_attributes{{2, 1, 1}, false, true}>;
constexpr parameter_list fill_with_huge_bytes{parameter::buffer("out", access::write, dtype::f32),
                                             parameter::scalar("n", dtype::u32), parameter::bytes("table", 32760, 8)};
struct fill_with_a_huge_table : fill_definition<launch_geometry::fixed({1, 1, 1}, {8, 1, 1}), fill_with_huge_bytes> {
    struct table {
        std::byte bytes[32760];
    };
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"table", table>>;
    using stages = accy::stages<stage<"traits.fill", 1, result<0>, n, forward<1>>>;
};
// 33 parameters: a constant list keeps 32 and says it was given more.
constexpr parameter_list fill_with_33_parameters{
    parameter::buffer("out", access::write, dtype::f32), parameter::scalar("n", dtype::u32), parameter::scalar("p2", dtype::u32),
    parameter::scalar("p3", dtype::u32), parameter::scalar("p4", dtype::u32), parameter::scalar("p5", dtype::u32),
    parameter::scalar("p6", dtype::u32), parameter::scalar("p7", dtype::u32), parameter::scalar("p8", dtype::u32),
    parameter::scalar("p9", dtype::u32), parameter::scalar("p10", dtype::u32), parameter::scalar("p11", dtype::u32),
    parameter::scalar("p12", dtype::u32), parameter::scalar("p13", dtype::u32), parameter::scalar("p14", dtype::u32),
    parameter::scalar("p15", dtype::u32), parameter::scalar("p16", dtype::u32), parameter::scalar("p17", dtype::u32),
    parameter::scalar("p18", dtype::u32), parameter::scalar("p19", dtype::u32), parameter::scalar("p20", dtype::u32),
    parameter::scalar("p21", dtype::u32), parameter::scalar("p22", dtype::u32), parameter::scalar("p23", dtype::u32),
    parameter::scalar("p24", dtype::u32), parameter::scalar("p25", dtype::u32), parameter::scalar("p26", dtype::u32),
    parameter::scalar("p27", dtype::u32), parameter::scalar("p28", dtype::u32), parameter::scalar("p29", dtype::u32),
    parameter::scalar("p30", dtype::u32), parameter::scalar("p31", dtype::u32), parameter::scalar("p32", dtype::u32)};
static_assert(fill_with_33_parameters.over_limit() && fill_with_33_parameters.size() == limits::kernel_parameters);
static_assert(!fill_parameters.over_limit());
using fill_with_too_many_parameters = fill_definition<launch_geometry::fixed({1, 1, 1}, {8, 1, 1}), fill_with_33_parameters>;

static_assert(!valid_pipeline<msl_three_buffers>);
static_assert(!valid_pipeline<msl_u64>);
static_assert(!valid_pipeline<duplicate_add_base>);
static_assert(!valid_pipeline<grid_from_a_buffer>);
static_assert(!valid_pipeline<grid_past_parameters>);
static_assert(!valid_pipeline<fill_from_a_float>);
static_assert(!valid_pipeline<grid_divided_by_zero>);
static_assert(!valid_pipeline<grid_of_zero>);
static_assert(!valid_pipeline<grid_past_65535>);
static_assert(!valid_pipeline<block_of_2048>);
static_assert(!valid_pipeline<block_of_z_128>);
static_assert(!valid_pipeline<block_of_32_by_64>);
static_assert(!valid_pipeline<block_of_0>);
static_assert(!valid_pipeline<shared_past_227_kib>);
static_assert(valid_pipeline<shared_at_227_kib>);
static_assert(valid_pipeline<block_of_1024>);
static_assert(!valid_pipeline<cluster_of_0>);
static_assert(!valid_pipeline<cluster_of_16>);
static_assert(!valid_pipeline<grid_6_over_cluster_4>);
static_assert(valid_pipeline<grid_8_2_over_cluster_4_2>);
static_assert(valid_pipeline<derived_grid_over_cluster_2>);
static_assert(!valid_pipeline<fill_with_a_huge_table>);

BOOST_AUTO_TEST_CASE(entries_disagree) {
    check_diagnosis<msl_three_buffers, at_entry(problem::entries_disagree, 1, 4)>();
    check_diagnosis<msl_u64, at_entry(problem::entries_disagree, 0, 3)>();
}
// The scan's entries in format::host with their placeholder text payloads, not host functions.
inline constexpr auto host_entries_of_text = [] {
    const auto host = accy_test::scan_entries(format::host);
    return make_registry(host[0], host[1], host[2]);
}();
struct host_entry_of_text : device_scan_definition {
    static constexpr const auto& registry = host_entries_of_text;
};
BOOST_AUTO_TEST_CASE(payload_not_of_format) {
    check_diagnosis<host_entry_of_text, at_entry(problem::payload_not_of_format, 0, 0)>();
}
BOOST_AUTO_TEST_CASE(duplicate_entry) {
    check_diagnosis<duplicate_add_base, at_entry(problem::duplicate_entry, 2, 3)>();
}
BOOST_AUTO_TEST_CASE(geometry_parameter_not_integer) {
    check_diagnosis<grid_from_a_buffer, at_grid_dimension(problem::geometry_parameter_not_integer, 0, 0, 2)>();
    check_diagnosis<grid_past_parameters, at_grid_dimension(problem::geometry_parameter_not_integer, 0, 0, 0)>();
    check_diagnosis<fill_from_a_float, at_grid_dimension(problem::geometry_parameter_not_integer, 0, 0, 0)>();
}
BOOST_AUTO_TEST_CASE(geometry_divisor_zero) {
    check_diagnosis<grid_divided_by_zero, at_grid_dimension(problem::geometry_divisor_zero, 0, 0, 1)>();
}
BOOST_AUTO_TEST_CASE(grid_dimension_zero_and_too_large) {
    check_diagnosis<grid_of_zero, at_grid_dimension(problem::grid_dimension_zero, 0, 0, 2)>();
    check_diagnosis<grid_past_65535, at_grid_dimension(problem::grid_dimension_too_large, 0, 0, 1)>();
}
BOOST_AUTO_TEST_CASE(block_dimension_zero_and_too_large) {
    check_diagnosis<block_of_2048, at_entry(problem::block_too_large, 0, 0)>();
    check_diagnosis<block_of_z_128, at_entry(problem::block_too_large, 0, 0)>();
    check_diagnosis<block_of_32_by_64, at_entry(problem::block_too_large, 0, 0)>();
    check_diagnosis<block_of_0, at_entry(problem::block_dimension_zero, 0, 0)>();
    check_diagnosis<block_of_1024, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(shared_memory_too_large) {
    check_diagnosis<shared_past_227_kib, at_entry(problem::shared_memory_too_large, 0, 0)>();
    check_diagnosis<shared_at_227_kib, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(cluster_invalid_and_grid_not_multiple_of_cluster) {
    check_diagnosis<cluster_of_0, at_entry(problem::cluster_invalid, 0, 0)>();
    check_diagnosis<cluster_of_16, at_entry(problem::cluster_invalid, 0, 0)>();
    check_diagnosis<grid_6_over_cluster_4, at_grid_dimension(problem::grid_not_multiple_of_cluster, 0, 0, 0)>();
    check_diagnosis<grid_8_2_over_cluster_4_2, diagnosis{}>();
    // A derived grid's divisibility is checked before any stage launches (tests/abi/launch_attributes_test.cpp).
    check_diagnosis<derived_grid_over_cluster_2, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(parameter_bytes_over_limit) {
    // out (8 bytes), n (4), the table at offset 16 (aligned to 8): 16 + 32760 = 32776 bytes, past the driver's 32764.
    static_assert(fill_with_huge_bytes.byte_size() == 32776);
    check_diagnosis<fill_with_a_huge_table, at_entry(problem::parameter_bytes_over_limit, 0, 0)>();
}
BOOST_AUTO_TEST_CASE(parameter_count_over_limit) {
    check_diagnosis<fill_with_too_many_parameters, at_entry(problem::parameter_count_over_limit, 0, 0)>();
}
// The msl entry of add_base (entry 5) has a block of 0 threads in x.
struct add_base_of_no_threads {
    static constexpr kernel_entry entry =
        msl_entry("accy.kernel.test.add_base",
                  {parameter::buffer("out", access::read_write), parameter::buffer("bases", access::read),
                   parameter::scalar("n", dtype::u32)},
                  launch_geometry::fixed({1, 1, 1}, {0, 1, 1}));
};
using msl_block_of_0 = scan_with_msl_entry_definition<2, add_base_of_no_threads>;
static_assert(!valid_pipeline<msl_block_of_0>);

BOOST_AUTO_TEST_CASE(a_bad_geometry_in_another_format_names_that_entry) {
    check_diagnosis<msl_block_of_0, at_entry(problem::block_dimension_zero, 2, 5)>();
}

// Dataflow, read from every format's entry of a stage.

struct operand_bound_to_output : device_scan_definition {
    using stages =
        accy::stages<stage<"accy.kernel.test.block_scan", 1, operand<0>, result<0>, intermediate<0>, n>, sums_scan, add_base>;
};
// The msl entry of block_scan (entry 3) writes its second parameter, operand 0, which the ptx one only reads.
struct block_scan_writing_operand {
    static constexpr kernel_entry entry =
        msl_entry("accy.kernel.test.block_scan",
                  {parameter::buffer("out", access::write), parameter::buffer("in", access::read_write),
                   parameter::buffer("tile_sums", access::write), parameter::scalar("n", dtype::u32)},
                  accy_test::blocks_of_64);
};
using msl_writes_operand = scan_with_msl_entry_definition<0, block_scan_writing_operand>;
struct read_before_written : device_scan_definition {
    using stages = accy::stages<block_scan,
                                stage<"accy.kernel.test.sums_scan", 1, intermediate<0>, intermediate<1>, ceil_div<n, 64>>,
                                add_base>;
};
struct second_intermediate_unread : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<0>, n>>;
};
struct third_intermediate_unused : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, f32_blocks, f32_blocks>;
};
// sums_scan's tile sums as a workspace of block_scan and of sums_scan.
struct workspace_of_two_stages : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks>;
    using workspaces = accy::workspaces<f32_blocks>;
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, workspace<0>, n>,
                                stage<"accy.kernel.test.sums_scan", 1, intermediate<0>, workspace<0>, ceil_div<n, 64>>,
                                stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<0>, n>>;
};
struct workspace_never_bound : device_scan_definition {
    using workspaces = accy::workspaces<f32_blocks>;
};
struct result_only_read : device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, shape<dtype::f32, n>>;
};
// Result 0 in place over operand 0. Operand 0 is read in stage 0 and in stage 1, which first writes
// result 0 (an in-place kernel: allowed), and not after; result 0 is read only after stage 1.
using block_scan_of_operand = stage<"accy.kernel.test.block_scan", 1, intermediate<0>, operand<0>, intermediate<1>, n>;
using block_scan_in_place = stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<2>, n>;
template <class First, class Second>
struct scans_over_operand_0 : device_scan_definition {
    using results = accy::results<in_place<0, shape<dtype::f32, n>>>;
    using intermediates = accy::intermediates<shape<dtype::f32, n>, f32_blocks, f32_blocks>;
    using stages = accy::stages<First, Second, stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<0>, n>,
                                stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, n>,
                                stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<2>, n>>;
};
using operand_read_until_overwritten = scans_over_operand_0<block_scan_of_operand, block_scan_in_place>;
// The same two stages swapped: stage 1 reads operand 0 after stage 0 wrote result 0 over it.
using operand_read_after_overwritten = scans_over_operand_0<block_scan_in_place, block_scan_of_operand>;
// Result 1, in place over operand 0, read before a stage writes it: by add_base's `out` (read_write) in
// stage 2, the stage that first writes it, and by block_scan's `in` (read) in stage 0. A plain result may
// be read first: it holds what the caller passed.
template <class Result1>
struct second_result_read_first : device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, Result1>;
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<1>, intermediate<1>, n>>;
};
struct in_place_result_read_by_stage_0 : device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, in_place<0, shape<dtype::f32, n>>>;
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, result<1>, intermediate<0>, n>, sums_scan,
                                stage<"accy.kernel.test.add_base", 1, result<1>, intermediate<1>, n>>;
};

static_assert(!valid_pipeline<operand_bound_to_output>);
static_assert(!valid_pipeline<msl_writes_operand>);
static_assert(!valid_pipeline<read_before_written>);
static_assert(!valid_pipeline<second_intermediate_unread>);
static_assert(!valid_pipeline<third_intermediate_unused>);
static_assert(!valid_pipeline<workspace_of_two_stages>);
static_assert(!valid_pipeline<workspace_never_bound>);
static_assert(!valid_pipeline<result_only_read>);
static_assert(valid_pipeline<operand_read_until_overwritten>);
static_assert(!valid_pipeline<operand_read_after_overwritten>);
static_assert(!valid_pipeline<second_result_read_first<in_place<0, shape<dtype::f32, n>>>>);
static_assert(valid_pipeline<second_result_read_first<shape<dtype::f32, n>>>);
static_assert(!valid_pipeline<in_place_result_read_by_stage_0>);

BOOST_AUTO_TEST_CASE(operand_written) {
    check_diagnosis<operand_bound_to_output, at_parameter(problem::operand_written, 0, 0, 0)>();
    check_diagnosis<msl_writes_operand, at_parameter(problem::operand_written, 0, 0, 1)>();
}
BOOST_AUTO_TEST_CASE(operand_read_after_in_place_write) {
    check_diagnosis<operand_read_until_overwritten, diagnosis{}>();
    check_diagnosis<operand_read_after_overwritten, at_parameter(problem::operand_read_after_in_place_write, 1, 0, 1)>();
}
BOOST_AUTO_TEST_CASE(in_place_result_read_before_write) {
    check_diagnosis<in_place_result_read_by_stage_0, at_parameter(problem::in_place_result_read_before_write, 0, 0, 1)>();
    check_diagnosis<second_result_read_first<in_place<0, shape<dtype::f32, n>>>,
                    at_parameter(problem::in_place_result_read_before_write, 2, 2, 0)>();
    check_diagnosis<second_result_read_first<shape<dtype::f32, n>>, diagnosis{}>();
    // Read after stage 0 wrote it: add_base updates result 0 in place of operand 0.
    check_diagnosis<in_place_result, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(a_valid_in_place_pipeline_launches_on_one_buffer) {
    // Operand 0 and result 0 as one buffer: stage 0 reads it, stage 1 reads and overwrites it, the
    // add_base stages update it.
    accy_test::recording_backend device;
    const std::array<buffer, 1> data{accy_test::recording_backend::buffer_for(1001, 20000)};
    launch_pipeline<pipeline<operand_read_until_overwritten>>(device, format::cuda_ptx, data, data, accy_test::n_5000);
    BOOST_TEST(device.launch_count == 5u);
    BOOST_TEST(device.launches.at(0).buffer_id(1) == 1001u);
    BOOST_TEST(device.launches.at(1).buffer_id(0) == 1001u);
    BOOST_TEST(device.launches.at(1).buffer_id(1) == 1001u);
    for (std::size_t s = 2; s < 5; ++s) BOOST_TEST(device.launches.at(s).buffer_id(0) == 1001u);
}
BOOST_AUTO_TEST_CASE(intermediate_read_before_write) {
    check_diagnosis<read_before_written, at_parameter(problem::intermediate_read_before_write, 1, 1, 1)>();
}
BOOST_AUTO_TEST_CASE(intermediate_never_read) {
    check_diagnosis<second_intermediate_unread, at_buffer(problem::intermediate_never_read, buffer_kind::intermediate, 1)>();
    check_diagnosis<third_intermediate_unused, at_buffer(problem::intermediate_never_read, buffer_kind::intermediate, 2)>();
}
BOOST_AUTO_TEST_CASE(workspace_shared) {
    check_diagnosis<workspace_of_two_stages, at_parameter(problem::workspace_shared, 1, 1, 1)>();
}
BOOST_AUTO_TEST_CASE(workspace_unused) {
    check_diagnosis<workspace_never_bound, at_buffer(problem::workspace_unused, buffer_kind::workspace, 0)>();
}
// block_scan reads result 1 (its `in`, read only) before any stage writes it.
struct result_read_first : device_scan_definition {
    using results = accy::results<shape<dtype::f32, n>, shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, result<0>, result<1>, intermediate<0>, n>, sums_scan,
                                add_base>;
};
struct operand_1_unbound : device_scan_definition {
    using operands = accy::operands<shape<dtype::f32, n>, shape<dtype::f32, n>>;
};
BOOST_AUTO_TEST_CASE(result_read_before_write) {
    check_diagnosis<result_read_first, at_parameter(problem::result_read_before_write, 0, 0, 1)>();
    // A read_write result in the stage that first writes it accumulates into the caller's values.
    check_diagnosis<second_result_read_first<shape<dtype::f32, n>>, diagnosis{}>();
}
BOOST_AUTO_TEST_CASE(operand_never_read) {
    check_diagnosis<operand_1_unbound, at_buffer(problem::operand_never_read, buffer_kind::operand, 1)>();
}
BOOST_AUTO_TEST_CASE(result_never_written) {
    check_diagnosis<result_only_read, at_buffer(problem::result_never_written, buffer_kind::result, 1)>();
}

// The first problem is the one reported: declarations before stages, stages in order.

struct two_mistakes : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, shape<dtype::f32, forward<2>>>;
    using stages = accy::stages<block_scan, sums_scan, stage<"accy.kernel.test.add_base", 1, result<1>, intermediate<1>, n>>;
};
struct two_stage_mistakes : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, operand<4>, ceil_div<n, 64>>,
                                stage<"accy.kernel.test.add_base", 1, result<1>, intermediate<1>, n>>;
};

BOOST_AUTO_TEST_CASE(first_problem_is_reported) {
    check_diagnosis<two_mistakes, at_buffer(problem::scalar_index_out_of_range, buffer_kind::intermediate, 1)>();
    check_diagnosis<two_stage_mistakes, at_parameter(problem::operand_index_out_of_range, 1, 1, 1)>();
}

BOOST_AUTO_TEST_SUITE_END()
