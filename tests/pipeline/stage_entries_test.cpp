// SPDX-License-Identifier: Apache-2.0
// Tests the lookup of each stage's kernel entries (`pipeline<D>::entry`, `detail::stage_entries`):
// names that the lookup's key does not tell apart, versions, formats, stages that share a kernel,
// and the copies of the entries launches read, which hold only the entries the stages run.
#include <accy/accy.hpp>

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string_view>

namespace {

using namespace accy;

// copy(out, in, n)
constexpr parameter_list copy_parameters{parameter::buffer("out", access::write, dtype::f32),
                                         parameter::buffer("in", access::read, dtype::f32), parameter::scalar("n", dtype::u32)};
constexpr launch_geometry tiles{{grid_dim::ceil_div(2, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}};

constexpr kernel_entry copy_entry(std::string_view target, std::uint32_t version, format fmt, std::string_view name) {
    return {target, version, fmt, name, copy_parameters, payload::from_text("// PTX"), tiles};
}

// "aXbcd" and "aYbcd" differ in one character, the second, which the lookup's key does not read:
// their keys are equal, and only comparing the names tells them apart.
static_assert(detail::name_key("aXbcd", 1) == detail::name_key("aYbcd", 1));
static_assert(detail::name_key("aXbcd", 1) != detail::name_key("aXbcd", 2));

constexpr auto kernels = make_registry(copy_entry("aXbcd", 1, format::cuda_ptx, "x1"),       // 0
                                       copy_entry("unused", 1, format::cuda_ptx, "unused"),  // 1
                                       copy_entry("aYbcd", 1, format::cuda_ptx, "y1"),       // 2
                                       copy_entry("aXbcd", 2, format::cuda_ptx, "x2"),       // 3
                                       copy_entry("aYbcd", 1, format::cuda_cubin, "y1_cubin"),  // 4
                                       copy_entry("aYbcd", 2, format::cuda_ptx, "y2"));      // 5

using n = forward<0>;

// aYbcd v1, then aXbcd v2, then aYbcd v1 again.
struct chain_definition {
    static constexpr std::string_view target = "stage_entries_test.chain";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>>;
    using operands = accy::operands<shape<dtype::f32, n>>;
    using results = accy::results<shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<shape<dtype::f32, n>, shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"aYbcd", 1, intermediate<0>, operand<0>, n>, stage<"aXbcd", 2, intermediate<1>, intermediate<0>, n>,
                                stage<"aYbcd", 1, result<0>, intermediate<1>, n>>;
};
using chain = pipeline<chain_definition>;
using lookup = detail::stage_entries<chain_definition>;

constexpr std::string_view name_of(std::size_t stage, format fmt) { return chain::entry(stage, fmt)->entry_name; }

// Each stage finds its (target, version) in each format, and nothing in a format the registry lacks for it.
static_assert(name_of(0, format::cuda_ptx) == "y1" && name_of(0, format::cuda_cubin) == "y1_cubin");
static_assert(name_of(1, format::cuda_ptx) == "x2" && chain::entry(1, format::cuda_cubin) == nullptr);
static_assert(name_of(2, format::cuda_ptx) == "y1" && name_of(2, format::cuda_cubin) == "y1_cubin");
static_assert(chain::first_stage_without(format::cuda_cubin) == 1 && chain::first_stage_without(format::cuda_ptx) == 3);

// Stages 0 and 2 run one kernel: one group, one copy of each of its entries.
static_assert(lookup::groups.count == 2 && lookup::groups.group_of[0] == lookup::groups.group_of[2]);
static_assert(chain::entry(0, format::cuda_ptx) == chain::entry(2, format::cuda_ptx));

// The registry indices of each stage's entries, in registry order, and the copies: the three entries run, not all six.
static_assert(lookup::end_match(0) - lookup::first_match(0) == 2 && lookup::matches[lookup::first_match(0)] == 2 &&
              lookup::matches[lookup::first_match(0) + 1] == 4);
static_assert(lookup::end_match(1) - lookup::first_match(1) == 1 && lookup::matches[lookup::first_match(1)] == 3);
static_assert(lookup::used_count == 3 && lookup::used.entries.size() == 3);

BOOST_AUTO_TEST_CASE(stages_find_their_entries_by_name_version_and_format) {
    // Again at run time, through the copies a launch reads.
    BOOST_TEST(name_of(0, format::cuda_ptx) == "y1");
    BOOST_TEST(name_of(1, format::cuda_ptx) == "x2");
    BOOST_TEST(name_of(2, format::cuda_cubin) == "y1_cubin");
    BOOST_TEST((chain::entry(1, format::cuda_cubin) == nullptr));
    BOOST_TEST(chain::parameters(1).size() == 3u);
    BOOST_TEST(chain::parameters(1)[2].name == "n");
}

}  // namespace
