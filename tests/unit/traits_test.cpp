// Tests `accy::valid_pipeline` and `accy::diagnose`: the first problem of each kind of broken
// definition, with its stage (or bound, or intermediate), binding and registry entry. Each
// expectation is checked at compile time (static_assert) and again at run time (BOOST_TEST).
#include <support/seed_pipeline.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

using namespace accy;
using accy_test::device_scan_definition;

constexpr std::string_view name_of(problem value) noexcept {
    switch (value) {
    case problem::none: return "none";
    case problem::bound_index_out_of_range: return "bound_index_out_of_range";
    case problem::extent_index_out_of_range: return "extent_index_out_of_range";
    case problem::extent_divisor_zero: return "extent_divisor_zero";
    case problem::extent_zero: return "extent_zero";
    case problem::stage_without_entry: return "stage_without_entry";
    case problem::operand_index_out_of_range: return "operand_index_out_of_range";
    case problem::result_index_out_of_range: return "result_index_out_of_range";
    case problem::intermediate_index_out_of_range: return "intermediate_index_out_of_range";
    case problem::buffer_bound_twice: return "buffer_bound_twice";
    case problem::scalar_index_out_of_range: return "scalar_index_out_of_range";
    case problem::scalar_divisor_zero: return "scalar_divisor_zero";
    case problem::buffer_count_mismatch: return "buffer_count_mismatch";
    case problem::scalar_count_mismatch: return "scalar_count_mismatch";
    case problem::geometry_scalar_out_of_range: return "geometry_scalar_out_of_range";
    case problem::geometry_divisor_zero: return "geometry_divisor_zero";
    case problem::operand_written: return "operand_written";
    case problem::intermediate_read_before_write: return "intermediate_read_before_write";
    case problem::intermediate_never_read: return "intermediate_never_read";
    case problem::no_entry_for_format: return "no_entry_for_format";
    }
    return "unknown";
}

constexpr bool same(const diagnosis& lhs, const diagnosis& rhs) noexcept {
    return lhs.problem == rhs.problem && lhs.where == rhs.where && lhs.what == rhs.what && lhs.entry == rhs.entry;
}

/// `diagnose<Definition>()` finds `Expected`: asserted at compile time, and checked again at run time.
template <class Definition, diagnosis Expected>
void check_diagnosis() {
    constexpr diagnosis found = diagnose<Definition>();
    static_assert(same(found, Expected), "traits_test: diagnose<Definition>() differs from the expected diagnosis");
    static_assert(valid_pipeline<Definition> == (Expected.problem == problem::none));
    BOOST_TEST(name_of(found.problem) == name_of(Expected.problem));
    BOOST_TEST(found.where == Expected.where);
    BOOST_TEST(found.what == Expected.what);
    BOOST_TEST(found.entry == Expected.entry);
    BOOST_TEST(valid_pipeline<Definition> == (Expected.problem == problem::none));
}

// The seed's stages, spelled out so that each broken definition changes one of them.
using block_scan = stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, intermediate<0>>,
                         scalars<forward<0>>>;
using sums_scan = stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<0>>,
                        scalars<ceil_div<0, 64>>>;
using add_base = stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<1>>, scalars<forward<0>>>;
using f32_blocks = accy_test::f32_blocks;

struct respelled_seed : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan, add_base>;
};

// A one-stage pipeline without intermediates, over a registry of one entry.
template <launch_geometry Launch, std::uint32_t ScalarCount = 1>
inline constexpr auto fill_registry =
    make_registry(kernel_entry{"traits.fill", 1, format::cuda_ptx, "fill", {access::write}, ScalarCount,
                               payload::from_text("// fill"), Launch});

template <launch_geometry Launch, std::uint32_t ScalarCount = 1>
struct fill_definition {
    static constexpr std::string_view target = "traits.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = fill_registry<Launch, ScalarCount>;
    static constexpr std::size_t operand_count = 0, result_count = 1, runtime_scalar_count = 1;
    using intermediates = accy::intermediates<>;
    using stages = accy::stages<stage<"traits.fill", 1, buffers<result<0>>, scalars<forward<0>>>>;
};

constexpr launch_geometry blocks_of_64{{grid_dim::ceil_div(0, 64), grid_dim::fixed(1), grid_dim::fixed(1)}, {64, 1, 1}};

constexpr kernel_entry msl_entry(std::string_view target, buffer_parameters buffers, std::uint32_t scalar_count,
                                 launch_geometry launch) {
    return {target, 1, format::metal_msl, target, buffers, scalar_count, payload::from_text("// msl"), launch};
}

// The seed's entries in cuda_ptx (entries 0 to 2) and metal_msl (3 to 5), the msl entry of `Stage`
// replaced by `Replacement::entry`.
template <std::size_t Stage, class Replacement>
inline constexpr auto seed_with_msl_entry = [] {
    const auto ptx = accy_test::seed_entries(format::cuda_ptx);
    auto msl = accy_test::seed_entries(format::metal_msl);
    msl[Stage] = Replacement::entry;
    return make_registry(ptx[0], ptx[1], ptx[2], msl[0], msl[1], msl[2]);
}();

template <std::size_t Stage, class Replacement>
struct seed_with_msl_entry_definition : device_scan_definition {
    static constexpr const auto& registry = seed_with_msl_entry<Stage, Replacement>;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(traits)

// Valid definitions.

static_assert(valid_pipeline<device_scan_definition>);
static_assert(valid_pipeline<accy_test::bounded_scan_definition>);
static_assert(valid_pipeline<accy_test::dual_format_scan_definition>);
static_assert(valid_pipeline<respelled_seed>);
static_assert(valid_pipeline<fill_definition<blocks_of_64>>);
static_assert(accy_test::device_scan::well_formed);

BOOST_AUTO_TEST_CASE(seed_definitions_are_valid) {
    check_diagnosis<device_scan_definition, diagnosis{}>();
    check_diagnosis<accy_test::bounded_scan_definition, diagnosis{}>();
    check_diagnosis<accy_test::dual_format_scan_definition, diagnosis{}>();
    check_diagnosis<respelled_seed, diagnosis{}>();
}

BOOST_AUTO_TEST_CASE(one_stage_without_intermediates_is_valid) {
    check_diagnosis<fill_definition<blocks_of_64>, diagnosis{}>();
    check_diagnosis<fill_definition<launch_geometry::fixed({4, 1, 1}, {32, 1, 1})>, diagnosis{}>();
}

// Declarations: bounds and intermediates, `where` is the bound or intermediate.

struct bound_past_scalars : device_scan_definition {
    using bounds = accy::bounds<max_u32<0, 5000>, max_u32<1, 5000>>;
};
struct extent_past_scalars : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, scratch<dtype::f32, forward<3>>>;
};
struct extent_divided_by_zero : device_scan_definition {
    using intermediates = accy::intermediates<scratch<dtype::u8, ceil_div<0, 0>>, f32_blocks>;
};
struct extent_of_zero : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, scratch<dtype::f64, constant<0>>>;
};

static_assert(!valid_pipeline<bound_past_scalars>);
static_assert(!valid_pipeline<extent_past_scalars>);
static_assert(!valid_pipeline<extent_divided_by_zero>);
static_assert(!valid_pipeline<extent_of_zero>);

BOOST_AUTO_TEST_CASE(bound_index_out_of_range) {
    check_diagnosis<bound_past_scalars, diagnosis{problem::bound_index_out_of_range, 1}>();
}
BOOST_AUTO_TEST_CASE(extent_index_out_of_range) {
    check_diagnosis<extent_past_scalars, diagnosis{problem::extent_index_out_of_range, 1}>();
}
BOOST_AUTO_TEST_CASE(extent_divisor_zero) {
    check_diagnosis<extent_divided_by_zero, diagnosis{problem::extent_divisor_zero, 0}>();
}
BOOST_AUTO_TEST_CASE(extent_zero) { check_diagnosis<extent_of_zero, diagnosis{problem::extent_zero, 1}>(); }

// Stages: `where` is the stage, `what` the binding or scalar.

struct unknown_version : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan,
                                stage<"accy.kernel.test.add_base", 2, buffers<result<0>, intermediate<1>>, scalars<forward<0>>>>;
};
struct unknown_target : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.blockscan", 1, buffers<result<0>, operand<0>, intermediate<0>>,
                                      scalars<forward<0>>>,
                                sums_scan, add_base>;
};
struct operand_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, operand<1>>,
                                                  scalars<ceil_div<0, 64>>>,
                                add_base>;
};
struct result_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan,
                                stage<"accy.kernel.test.add_base", 1, buffers<result<1>, intermediate<1>>, scalars<forward<0>>>>;
};
struct intermediate_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<2>>,
                                                  scalars<ceil_div<0, 64>>>,
                                add_base>;
};
struct result_bound_twice : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, result<0>>,
                                      scalars<forward<0>>>,
                                sums_scan, add_base>;
};
struct scalar_past_count : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan,
                                stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<1>>, scalars<forward<1>>>>;
};
struct scalar_divided_by_zero : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<0>>,
                                                  scalars<ceil_div<0, 0>>>,
                                add_base>;
};

static_assert(!valid_pipeline<unknown_version>);
static_assert(!valid_pipeline<unknown_target>);
static_assert(!valid_pipeline<operand_past_count>);
static_assert(!valid_pipeline<result_past_count>);
static_assert(!valid_pipeline<intermediate_past_count>);
static_assert(!valid_pipeline<result_bound_twice>);
static_assert(!valid_pipeline<scalar_past_count>);
static_assert(!valid_pipeline<scalar_divided_by_zero>);

BOOST_AUTO_TEST_CASE(stage_without_entry) {
    check_diagnosis<unknown_version, diagnosis{problem::stage_without_entry, 2}>();
    check_diagnosis<unknown_target, diagnosis{problem::stage_without_entry, 0}>();
}
BOOST_AUTO_TEST_CASE(operand_index_out_of_range) {
    check_diagnosis<operand_past_count, diagnosis{problem::operand_index_out_of_range, 1, 1}>();
}
BOOST_AUTO_TEST_CASE(result_index_out_of_range) {
    check_diagnosis<result_past_count, diagnosis{problem::result_index_out_of_range, 2, 0}>();
}
BOOST_AUTO_TEST_CASE(intermediate_index_out_of_range) {
    check_diagnosis<intermediate_past_count, diagnosis{problem::intermediate_index_out_of_range, 1, 1}>();
}
BOOST_AUTO_TEST_CASE(buffer_bound_twice) {
    check_diagnosis<result_bound_twice, diagnosis{problem::buffer_bound_twice, 0, 2}>();
}
BOOST_AUTO_TEST_CASE(scalar_index_out_of_range) {
    check_diagnosis<scalar_past_count, diagnosis{problem::scalar_index_out_of_range, 2, 0}>();
}
BOOST_AUTO_TEST_CASE(scalar_divisor_zero) {
    check_diagnosis<scalar_divided_by_zero, diagnosis{problem::scalar_divisor_zero, 1, 0}>();
}

// Stages against their kernel entries: `entry` is the index of the entry in the registry.

struct one_buffer_short : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>>,
                                                  scalars<ceil_div<0, 64>>>,
                                add_base>;
};
struct one_scalar_too_many : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, intermediate<0>>,
                                      scalars<forward<0>, constant<7>>>,
                                sums_scan, add_base>;
};
// The msl entry of sums_scan (entry 4) declares three buffers where the ptx one declares two.
struct sums_scan_of_three_buffers {
    static constexpr kernel_entry entry = msl_entry("accy.kernel.test.sums_scan", {access::write, access::read, access::read},
                                                    1, launch_geometry::fixed({1, 1, 1}, {96, 1, 1}));
};
using msl_three_buffers = seed_with_msl_entry_definition<1, sums_scan_of_three_buffers>;
using grid_past_scalars =
    fill_definition<launch_geometry{{grid_dim::fixed(1), grid_dim::fixed(1), grid_dim::ceil_div(1, 8)}, {8, 1, 1}}>;
using grid_divided_by_zero =
    fill_definition<launch_geometry{{grid_dim::fixed(2), grid_dim::ceil_div(0, 0), grid_dim::fixed(1)}, {8, 1, 1}}>;
using kernel_without_scalars = fill_definition<launch_geometry::fixed({4, 1, 1}, {32, 1, 1}), 0>;
// The msl entry of add_base (entry 5) derives its grid's y from scalar 1 of its one scalar.
struct add_base_grid_past_scalars {
    static constexpr kernel_entry entry =
        msl_entry("accy.kernel.test.add_base", {access::read_write, access::read}, 1,
                  {{grid_dim::ceil_div(0, 64), grid_dim::ceil_div(1, 64), grid_dim::fixed(1)}, {64, 1, 1}});
};
using msl_grid_past_scalars = seed_with_msl_entry_definition<2, add_base_grid_past_scalars>;

static_assert(!valid_pipeline<one_buffer_short>);
static_assert(!valid_pipeline<one_scalar_too_many>);
static_assert(!valid_pipeline<msl_three_buffers>);
static_assert(!valid_pipeline<grid_past_scalars>);
static_assert(!valid_pipeline<grid_divided_by_zero>);
static_assert(!valid_pipeline<kernel_without_scalars>);
static_assert(!valid_pipeline<msl_grid_past_scalars>);

BOOST_AUTO_TEST_CASE(buffer_count_mismatch) {
    check_diagnosis<one_buffer_short, diagnosis{problem::buffer_count_mismatch, 1, 0, 1}>();
    check_diagnosis<msl_three_buffers, diagnosis{problem::buffer_count_mismatch, 1, 0, 4}>();
}
BOOST_AUTO_TEST_CASE(scalar_count_mismatch) {
    check_diagnosis<one_scalar_too_many, diagnosis{problem::scalar_count_mismatch, 0, 0, 0}>();
    check_diagnosis<kernel_without_scalars, diagnosis{problem::scalar_count_mismatch, 0, 0, 0}>();
}
BOOST_AUTO_TEST_CASE(geometry_scalar_out_of_range) {
    check_diagnosis<grid_past_scalars, diagnosis{problem::geometry_scalar_out_of_range, 0, 2, 0}>();
    check_diagnosis<msl_grid_past_scalars, diagnosis{problem::geometry_scalar_out_of_range, 2, 1, 5}>();
}
BOOST_AUTO_TEST_CASE(geometry_divisor_zero) {
    check_diagnosis<grid_divided_by_zero, diagnosis{problem::geometry_divisor_zero, 0, 1, 0}>();
}

// Dataflow, read from every format's entry of a stage.

struct operand_bound_to_output : device_scan_definition {
    using stages = accy::stages<stage<"accy.kernel.test.block_scan", 1, buffers<operand<0>, result<0>, intermediate<0>>,
                                      scalars<forward<0>>>,
                                sums_scan, add_base>;
};
// The msl entry of block_scan (entry 3) writes its second parameter, operand 0, which the ptx one only reads.
struct block_scan_writing_operand {
    static constexpr kernel_entry entry =
        msl_entry("accy.kernel.test.block_scan", {access::write, access::read_write, access::write}, 1, blocks_of_64);
};
using msl_writes_operand = seed_with_msl_entry_definition<0, block_scan_writing_operand>;
struct read_before_written : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<0>, intermediate<1>>,
                                                  scalars<ceil_div<0, 64>>>,
                                add_base>;
};
struct second_intermediate_unread : device_scan_definition {
    using stages = accy::stages<block_scan, sums_scan,
                                stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<0>>, scalars<forward<0>>>>;
};
struct third_intermediate_unused : device_scan_definition {
    using intermediates = accy::intermediates<f32_blocks, f32_blocks, f32_blocks>;
};

static_assert(!valid_pipeline<operand_bound_to_output>);
static_assert(!valid_pipeline<msl_writes_operand>);
static_assert(!valid_pipeline<read_before_written>);
static_assert(!valid_pipeline<second_intermediate_unread>);
static_assert(!valid_pipeline<third_intermediate_unused>);

BOOST_AUTO_TEST_CASE(operand_written) {
    check_diagnosis<operand_bound_to_output, diagnosis{problem::operand_written, 0, 0}>();
    check_diagnosis<msl_writes_operand, diagnosis{problem::operand_written, 0, 1}>();
}
BOOST_AUTO_TEST_CASE(intermediate_read_before_write) {
    check_diagnosis<read_before_written, diagnosis{problem::intermediate_read_before_write, 1, 1}>();
}
BOOST_AUTO_TEST_CASE(intermediate_never_read) {
    check_diagnosis<second_intermediate_unread, diagnosis{problem::intermediate_never_read, 1}>();
    check_diagnosis<third_intermediate_unused, diagnosis{problem::intermediate_never_read, 2}>();
}

// The first problem is the one reported: declarations before stages, stages in order.

struct two_mistakes : device_scan_definition {
    using bounds = accy::bounds<max_u32<2, 10>>;
    using stages = accy::stages<block_scan, sums_scan,
                                stage<"accy.kernel.test.add_base", 1, buffers<result<1>, intermediate<1>>, scalars<forward<0>>>>;
};
struct two_stage_mistakes : device_scan_definition {
    using stages = accy::stages<block_scan, stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, operand<4>>,
                                                  scalars<ceil_div<0, 64>>>,
                                stage<"accy.kernel.test.add_base", 1, buffers<result<1>, intermediate<1>>, scalars<forward<0>>>>;
};

BOOST_AUTO_TEST_CASE(first_problem_is_reported) {
    check_diagnosis<two_mistakes, diagnosis{problem::bound_index_out_of_range, 0}>();
    check_diagnosis<two_stage_mistakes, diagnosis{problem::operand_index_out_of_range, 1, 1}>();
}

BOOST_AUTO_TEST_SUITE_END()
