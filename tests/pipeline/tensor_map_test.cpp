// SPDX-License-Identifier: Apache-2.0
// Tensor maps (`accy::tensor_map`, pipeline/tensor_map.hpp) without a GPU: the wiring `diagnose`
// refuses, the description a launch derives and records, the run-time checks every backend makes
// before any stage launches, a host kernel that reads boxes as TMA would, and the placement rule
// of parameters aligned above 16 bytes.
#include "support/errors.hpp"
#include "support/random_data.hpp"
#include "support/tensor_map_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using namespace accy;
using accy_test::columns;
using accy_test::fails_with;
using accy_test::rows;
using accy_test::tensor_map_definition;
using accy_test::tile_map;

template <class Map>
constexpr problem problem_of = diagnose<tensor_map_definition<Map>>().problem;

// Every wiring mistake of a map, one each, and a valid map.
static_assert(problem_of<tile_map> == problem::none);
static_assert(problem_of<tensor_map<operand<0>, extents<columns>, box<32>>> == problem::tensor_map_rank_mismatch);
static_assert(problem_of<tensor_map<operand<0>, extents<columns, rows>, box<32>>> == problem::tensor_map_box_invalid);
static_assert(problem_of<tensor_map<operand<0>, extents<columns, rows>, box<32, 257>>> == problem::tensor_map_box_invalid);
static_assert(problem_of<tensor_map<operand<0>, extents<columns, rows>, box<4, 16>>> == problem::tensor_map_box_invalid,
              "an innermost row of 8 bytes");
static_assert(problem_of<tensor_map<operand<0>, extents<columns, rows>, box<64, 16>,
                                    tensor_map_options{.swizzle = tensor_map_swizzle::bytes_64}>> ==
              problem::tensor_map_box_invalid, "128 bytes in a 64-byte swizzle");
static_assert(problem_of<tensor_map<operand<0>, extents<columns, rows>, box<64, 16>,
                                    tensor_map_options{.swizzle = tensor_map_swizzle::bytes_128}>> == problem::none);
static_assert(problem_of<tensor_map<operand<0>, extents<columns, rows>, box<32, 16>, tensor_map_options{},
                                    strides<columns, columns>>> == problem::tensor_map_strides_count);
static_assert(problem_of<tensor_map<operand<0>, extents<convert<dtype::f32, columns>, rows>, box<32, 16>>> ==
              problem::tensor_map_not_an_integer);
static_assert(problem_of<tensor_map<operand<0>, extents<forward<5>, rows>, box<32, 16>>> ==
              problem::scalar_index_out_of_range);
static_assert(problem_of<tensor_map<result<0>, extents<columns, rows>, box<32, 16>>> == problem::element_type_mismatch,
              "an f32 result for an f16 map");
static_assert(problem_of<tensor_map<operand<1>, extents<columns, rows>, box<32, 16>>> == problem::operand_index_out_of_range);
static_assert(problem_of<tensor_map<operand<0>, box<32, 16>, extents<columns, rows>>> == problem::tensor_map_malformed);
static_assert(problem_of<operand<0>> == problem::argument_kind_mismatch, "a buffer bound to a tensor map parameter");
static_assert(problem_of<columns> == problem::argument_kind_mismatch, "a derivation bound to a tensor map parameter");

// Parameters aligned above 16 bytes, placed as the driver places them (its parameter area 16 bytes
// past a multiple of 128 on sm_90) and as C++ does (base 0): the layouts measured on an H200.
constexpr parameter pointer = parameter::buffer("p", access::read);
constexpr parameter byte = parameter::scalar("b", dtype::u8);
constexpr parameter word = parameter::scalar("i", dtype::i32);
constexpr parameter map_128 = parameter::tensor_map("m", access::read, dtype::f32, 2);
constexpr parameter_list middle{pointer, byte, map_128, word, pointer};
static_assert(middle.offset(2, 16) == 112 && middle.offset(3, 16) == 240 && middle.offset(4, 16) == 248);
static_assert(middle.offset(2) == 128 && middle.offset(3) == 256 && middle.offset(4) == 264);
constexpr parameter_list first{map_128, pointer, pointer, word};
static_assert(first.offset(0, 16) == 112 && first.offset(1, 16) == 240 && first.offset(3, 16) == 256);
constexpr parameter_list struct_64{pointer, byte, parameter::bytes("s", 128, 64)};
static_assert(struct_64.offset(2, 16) == 48 && struct_64.offset(2) == 64);

using tile = pipeline<tensor_map_definition<tile_map>>;
// Every second row of the tensor, rows twice as far apart as packed ones; and all rows so far apart.
using every_second_row = strides<product<columns, constant<4u>>>;
using strided = pipeline<tensor_map_definition<
    tensor_map<operand<0>, extents<columns, ceil_div<rows, 2>>, box<32, 16>, tensor_map_options{}, every_second_row>>>;
using overreaching =
    pipeline<tensor_map_definition<tensor_map<operand<0>, extents<columns, rows>, box<32, 16>, tensor_map_options{}, every_second_row>>>;

}  // namespace

BOOST_AUTO_TEST_SUITE(tensor_maps)

BOOST_AUTO_TEST_CASE(a_launch_records_the_map_it_derived) {
    testing::recording_backend backend;
    const buffer in = backend.allocate_buffer(77 * 104 * 2), out = backend.allocate_buffer(77 * 104 * 4);
    launch_pipeline<tile>(backend, format::cuda_ptx, std::array{in}, std::array{out}, std::tuple{77u, 104u});
    const tensor_map_description map = backend.launches.at(0).tensor_map(0);
    BOOST_TEST(map.address == in.address);
    BOOST_TEST((map.element == dtype::f16));
    BOOST_TEST(map.rank == 2u);
    BOOST_TEST(map.extents[0] == 104u);
    BOOST_TEST(map.extents[1] == 77u);
    BOOST_TEST(map.strides[0] == 2u);
    BOOST_TEST(map.strides[1] == 208u, "packed rows of 104 f16");
    BOOST_TEST(map.box[0] == 32u);
    BOOST_TEST(map.box[1] == 16u);
    BOOST_TEST((map.options.swizzle == tensor_map_swizzle::none));
    BOOST_TEST(backend.launches.at(0).config.grid.x == 4u);
    BOOST_TEST(backend.launches.at(0).config.grid.y == 5u);
}

BOOST_AUTO_TEST_CASE(given_strides_are_derived_too) {
    testing::recording_backend backend;
    const buffer in = backend.allocate_buffer(10 * 8 * 2), out = backend.allocate_buffer(10 * 8 * 4);
    // Every second row of a 10 x 8 f16 tensor: 5 rows, 32 bytes apart.
    launch_pipeline<strided>(backend, format::cuda_ptx, std::array{in}, std::array{out}, std::tuple{10u, 8u});
    const tensor_map_description map = backend.launches.at(0).tensor_map(0);
    BOOST_TEST(map.extents[1] == 5u);
    BOOST_TEST(map.strides[1] == 32u);
}

BOOST_AUTO_TEST_CASE(a_map_past_its_buffer_unaligned_rows_and_a_misaligned_buffer_launch_nothing) {
    testing::recording_backend backend;
    const buffer in = backend.allocate_buffer(4096), out = backend.allocate_buffer(4096);
    // 7 f16 columns: packed rows of 14 bytes, which TMA cannot step.
    BOOST_CHECK_EXCEPTION(launch_pipeline<tile>(backend, format::cuda_ptx, std::array{in}, std::array{out}, std::tuple{3u, 7u}),
                          error,
                          fails_with(errc::launch_argument_mismatch,
                                     {"stage 0 ('accy.test.tile'), parameter 0 ('map')", "stride of dimension 1 is 14 bytes (packed)"}));
    // 5 rows 32 bytes apart end at byte 16 + 4 x 32: past the 5 x 8 f16 the operand declares.
    BOOST_CHECK_EXCEPTION(launch_pipeline<overreaching>(backend, format::cuda_ptx, std::array{in}, std::array{out}, std::tuple{5u, 8u}),
                          error,
                          fails_with(errc::launch_argument_mismatch, {"tensor ends at byte 144, past the 80 bytes of operand 0"}));
    const buffer shifted{in.address + 8, 1024};
    BOOST_CHECK_EXCEPTION(launch_pipeline<tile>(backend, format::cuda_ptx, std::array{shifted}, std::array{out},
                                                std::tuple{8u, 16u}),
                          error, fails_with(errc::launch_argument_mismatch, {"parameter 0 ('map')", "not a multiple of 16"}));
    BOOST_TEST(backend.launch_count == 0u);
}

// The tile kernel on the host: each block reads its box of the map as TMA would (elements outside
// the tensor read as zero) and writes the box's elements inside the tensor as f32.
void host_tile(const host_block& block) {
    const tensor_map_description map = block.tensor_map_as(0);
    const auto out = block.buffer_as<float>(1);
    const auto rows_in = block.scalar_as<std::uint32_t>(2), columns_in = block.scalar_as<std::uint32_t>(3);
    const auto* base = reinterpret_cast<const std::byte*>(static_cast<std::uintptr_t>(map.address));
    for (std::uint32_t r = 0; r < map.box[1]; ++r)
        for (std::uint32_t c = 0; c < map.box[0]; ++c) {
            const std::uint64_t row = std::uint64_t{block.block_index.y} * map.box[1] + r;
            const std::uint64_t column = std::uint64_t{block.block_index.x} * map.box[0] + c;
            if (row >= map.extents[1] || column >= map.extents[0]) continue;
            half element;
            std::memcpy(&element, base + row * map.strides[1] + column * map.strides[0], sizeof(element));
            if (row < rows_in && column < columns_in) out[row * columns_in + column] = static_cast<float>(element);
        }
}

inline constexpr auto host_registry = make_registry(
    accy_test::tensor_map_registry.entries[0],
    kernel_entry{"accy.test.tile", 1, format::host, "tile", accy_test::tensor_map_registry.entries[0].parameters,
                 payload::from_host(host_tile), accy_test::tensor_map_registry.entries[0].geometry});

struct host_definition : tensor_map_definition<tile_map> {
    static constexpr const auto& registry = host_registry;
};

BOOST_AUTO_TEST_CASE(a_host_kernel_reads_every_box_through_its_map) {
    host::backend device(2);
    std::mt19937 engine = accy_test::fresh_engine();
    std::uniform_real_distribution<float> draw(0.5f, 8.0f);
    for (const auto& [r, c] : {std::pair{77u, 104u}, std::pair{1u, 8u}, std::pair{33u, 40u}}) {
        std::vector<half> values;
        for (std::size_t k = 0; k < std::size_t{r} * c; ++k) values.emplace_back(draw(engine));
        std::vector<float> got(std::size_t{r} * c, -1.0f);
        const buffer in{reinterpret_cast<std::uintptr_t>(values.data()), values.size() * sizeof(half)};
        const buffer out{reinterpret_cast<std::uintptr_t>(got.data()), got.size() * sizeof(float)};
        launch_pipeline<pipeline<host_definition>>(device, formats::host, std::array{in}, std::array{out}, std::tuple{r, c});
        std::size_t wrong = 0;
        for (std::size_t k = 0; k < got.size(); ++k) wrong += got[k] != static_cast<float>(values[k]);
        BOOST_TEST(wrong == 0u, wrong << " of " << got.size() << " elements of " << r << " x " << c << " differ");
    }
}

BOOST_AUTO_TEST_SUITE_END()
