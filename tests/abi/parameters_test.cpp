// SPDX-License-Identifier: Apache-2.0
// Kernel parameters in any order, as a binary takes them: the (ptr, ptr, u32, ptr, ptr) that Triton
// emits for add_one(x, y, n), by-value bytes (a 128-byte struct aligned to 64), and a kernel of 32
// parameters of every scalar type; packed at their offsets, recorded byte for byte, read by host kernels.
#include "abi/abi_support.hpp"
#include "support/random_data.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

using namespace accy_abi;

namespace {

// ---- add_one(x, y, n) as Triton compiles it: two scratch pointers appended to the source's three.

constexpr std::uint32_t add_one_block_elements = 1024;

void host_add_one(const accy::host_block& block) {
    const auto x = block.buffer_as<const float>(0);
    const auto y = block.buffer_as<float>(1);
    const auto n = block.scalar_as<std::uint32_t>(2);
    if (block.arguments[3].buffer.address == 0 || block.arguments[4].buffer.address == 0)
        throw std::runtime_error("add_one: a scratch pointer is null");
    const std::uint64_t begin = std::uint64_t{block.block_index.x} * add_one_block_elements;
    const std::uint64_t end = std::min<std::uint64_t>(n, begin + add_one_block_elements);
    for (std::uint64_t i = begin; i < end; ++i) y[i] = x[i] + 1.0f;
}

constexpr accy::parameter_list add_one_parameters{
    parameter::buffer("x_ptr", access::read, dtype::f32), parameter::buffer("y_ptr", access::write, dtype::f32),
    parameter::scalar("n", dtype::u32), parameter::buffer("global_scratch", access::read_write),
    parameter::buffer("profile_scratch", access::read_write)};
constexpr accy::launch_geometry add_one_launch{
    {grid_dim::ceil_div(2, add_one_block_elements), grid_dim::fixed(1), grid_dim::fixed(1)}, {128, 1, 1}};

inline constexpr auto add_one_kernels = in_both_formats({.target = "abi.add_one", .parameters = add_one_parameters, .geometry = add_one_launch}, "add_one_kernel", &host_add_one);

struct add_one_definition : accy::definition_base<"abi.add_one_pipeline", add_one_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    // Triton's global and profile scratch: a kernel's own buffers, unused by this kernel but passed.
    using workspaces = accy::workspaces<accy::shape<dtype::u8, accy::constant<256>>, accy::shape<dtype::u8, accy::constant<256>>>;
    using stages = accy::stages<accy::stage<"abi.add_one", 1, accy::operand<0>, accy::result<0>,
                                            accy::convert<dtype::u32, n>, accy::workspace<0>, accy::workspace<1>>>;
};
using add_one = accy::pipeline<add_one_definition>;

// The layout the driver reports for Triton's add_one: offsets (0, 8, 16, 24, 32), sizes (8, 8, 4, 8, 8).
static_assert(add_one_parameters.size() == 5);
static_assert(add_one_parameters.offset(0) == 0 && add_one_parameters.offset(1) == 8 && add_one_parameters.offset(2) == 16);
static_assert(add_one_parameters.offset(3) == 24 && add_one_parameters.offset(4) == 32);
static_assert(add_one_parameters.byte_size() == 40 && add_one_parameters.alignment() == 8);

// ---- By-value bytes: a 128-byte struct aligned to 64, like CUtensorMap, between scalars.

struct alignas(64) tensor_map {
    std::array<std::uint8_t, 128> bytes;
};
static_assert(sizeof(tensor_map) == 128 && alignof(tensor_map) == 64);

struct affine {
    float scale;
    std::int32_t shift;
};

/// (u8* out, u32 count, tensor_map map, f64 weight, affine transform): copies the map's bytes to
/// out[0..128), then writes out[128 + i] = map[i] * scale + shift for i < count, and checks that
/// the map arrived at a 64-byte aligned address and that weight is 0.5.
void host_read_map(const accy::host_block& block) {
    const auto out = block.buffer_as<std::uint8_t>(0);
    const auto count = block.scalar_as<std::uint32_t>(1);
    if (reinterpret_cast<std::uintptr_t>(block.arguments[2].value) % 64 != 0)
        throw std::runtime_error("read_map: the tensor map is not aligned to 64 bytes");
    const auto map = block.bytes_as<tensor_map>(2);
    if (block.scalar_as<double>(3) != 0.5) throw std::runtime_error("read_map: weight is not 0.5");
    const auto transform = block.bytes_as<affine>(4);
    std::copy(map.bytes.begin(), map.bytes.end(), out.begin());
    for (std::uint32_t i = 0; i < count; ++i)
        out[128 + i] = static_cast<std::uint8_t>(static_cast<float>(map.bytes[i]) * transform.scale + static_cast<float>(transform.shift));
}

constexpr accy::parameter_list map_parameters{
    parameter::buffer("out", access::write, dtype::u8), parameter::scalar("count", dtype::u32),
    parameter::bytes("map", sizeof(tensor_map), alignof(tensor_map)), parameter::scalar("weight", dtype::f64),
    parameter::bytes("transform", sizeof(affine), alignof(affine))};
// out at 0, count at 8, map at 64 (aligned up from 12), weight at 192, transform at 200: 208 bytes.
static_assert(map_parameters.offset(1) == 8 && map_parameters.offset(2) == 64 && map_parameters.offset(3) == 192);
static_assert(map_parameters.offset(4) == 200 && map_parameters.byte_size() == 208 && map_parameters.alignment() == 64);

inline constexpr auto map_kernels = in_both_formats({.target = "abi.read_map", .parameters = map_parameters, .geometry = accy::launch_geometry::fixed({1, 1, 1}, {32, 1, 1})}, "read_map", &host_read_map);

struct map_definition : accy::definition_base<"abi.map_pipeline", map_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"map", tensor_map>, accy::scalar<"transform", affine>,
                                                  accy::scalar<"count", std::uint32_t, accy::within<1, 128>>,
                                                  accy::scalar<"weight", double>>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::u8, accy::constant<256>>>;
    // The parameters' order differs from the runtime scalars'.
    using stages = accy::stages<accy::stage<"abi.read_map", 1, accy::result<0>, accy::forward<2>, accy::forward<0>,
                                            accy::forward<3>, accy::forward<1>>>;
};
using read_map = accy::pipeline<map_definition>;

tensor_map counting_map() {
    tensor_map map{};
    for (std::size_t i = 0; i < map.bytes.size(); ++i) map.bytes[i] = static_cast<std::uint8_t>(i * 3 + 1);
    return map;
}

// ---- 32 parameters: out, then 31 scalars cycling through u32, u64, i32, i64, f64, f32; parameter p holds p.

constexpr dtype wide_type(std::size_t p) noexcept {
    constexpr std::array<dtype, 6> cycle{dtype::u32, dtype::u64, dtype::i32, dtype::i64, dtype::f64, dtype::f32};
    return cycle[(p - 1) % cycle.size()];
}

inline constexpr auto wide_names = [] {
    std::array<std::array<char, 4>, accy::limits::kernel_parameters> names{};
    for (std::size_t p = 0; p < names.size(); ++p) names[p] = {'p', static_cast<char>('0' + p / 10), static_cast<char>('0' + p % 10), 0};
    return names;
}();
constexpr std::string_view wide_name(std::size_t p) noexcept { return {wide_names[p].data(), 3}; }

template <std::size_t... P>
constexpr accy::parameter_list wide_list(std::index_sequence<P...>) {
    return {parameter::buffer("out", access::write, dtype::f64), parameter::scalar(wide_name(P + 1), wide_type(P + 1))...};
}
constexpr accy::parameter_list wide_parameters = wide_list(std::make_index_sequence<accy::limits::kernel_parameters - 1>{});
static_assert(wide_parameters.size() == 32);

/// The derivation that binds parameter `P` to the value P, in the parameter's type: a constant of
/// its integer type, or an i32 constant converted to its floating-point type (a template argument
/// of floating-point type is beyond clang 14).
template <std::size_t P>
constexpr auto wide_argument() {
    constexpr dtype type = wide_type(P);
    if constexpr (type == dtype::u32) return accy::constant<static_cast<std::uint32_t>(P)>{};
    else if constexpr (type == dtype::u64) return accy::constant<static_cast<std::uint64_t>(P)>{};
    else if constexpr (type == dtype::i32) return accy::constant<static_cast<std::int32_t>(P)>{};
    else if constexpr (type == dtype::i64) return accy::constant<static_cast<std::int64_t>(P)>{};
    else return accy::convert<type, accy::constant<static_cast<std::int32_t>(P)>>{};
}

template <std::size_t... P>
auto wide_stage(std::index_sequence<P...>) -> accy::stage<"abi.wide", 1, accy::result<0>, decltype(wide_argument<P + 1>())...>;

/// Reads parameter `p` as its declared type, as a double.
double wide_value(const accy::host_block& block, std::size_t p) {
    switch (wide_type(p)) {
    case dtype::u32: return block.scalar_as<std::uint32_t>(p);
    case dtype::u64: return static_cast<double>(block.scalar_as<std::uint64_t>(p));
    case dtype::i32: return block.scalar_as<std::int32_t>(p);
    case dtype::i64: return static_cast<double>(block.scalar_as<std::int64_t>(p));
    case dtype::f64: return block.scalar_as<double>(p);
    default: return block.scalar_as<float>(p);
    }
}

/// out[0] = the number of arguments, out[p] = parameter p read as its type, out[p] = -1 where its size is wrong.
void host_wide(const accy::host_block& block) {
    const auto out = block.buffer_as<double>(0);
    out[0] = static_cast<double>(block.arguments.size());
    for (std::size_t p = 1; p < block.arguments.size(); ++p)
        out[p] = block.arguments[p].size == accy::size_of(wide_type(p)) ? wide_value(block, p) : -1.0;
}

inline constexpr auto wide_kernels = in_both_formats({.target = "abi.wide", .parameters = wide_parameters, .geometry = accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1})}, "wide", &host_wide);

struct wide_definition : accy::definition_base<"abi.wide_pipeline", wide_kernels> {
    using runtime_scalars = accy::runtime_scalars<>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::f64, accy::constant<32>>>;
    using stages = accy::stages<decltype(wide_stage(std::make_index_sequence<31>{}))>;
};
using wide = accy::pipeline<wide_definition>;

/// 33 parameters, one past limits::kernel_parameters, in a list built while the program runs.
accy::parameter_list thirty_three_scalars() {
    const parameter s = parameter::scalar("s", dtype::u32);
    return {s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_parameters)

BOOST_AUTO_TEST_CASE(a_triton_signature_is_bound_in_order_and_packed_at_its_offsets) {
    recording_backend device;
    const std::uint64_t n = 5000;
    const std::array operands{recorded<float>(1001, n)};
    const std::array results{recorded<float>(1002, n)};
    accy::launch_pipeline<add_one>(device, accy::formats::cuda_ptx, operands, results, add_one::scalar_values{n});

    BOOST_TEST(device.launch_count == 1u);
    const auto& launch = device.launches.at(0);
    BOOST_TEST((launch.config.grid == accy::dim3{5, 1, 1}));  // ceil(5000 / 1024)
    BOOST_TEST((launch.config.block == accy::dim3{128, 1, 1}));
    BOOST_TEST(launch.arguments.size() == 5u);
    const std::array<std::size_t, 5> sizes{8, 8, 4, 8, 8};
    for (std::size_t p = 0; p < sizes.size(); ++p) BOOST_TEST(launch.arguments[p].value.size() == sizes[p], "parameter " << p);
    BOOST_TEST(launch.buffer_id(0) == 1001u);
    BOOST_TEST(launch.value<std::uint64_t>(0) == operands[0].address);  // a pointer parameter's bytes are the address
    BOOST_TEST(launch.buffer_id(1) == 1002u);
    BOOST_TEST(launch.value<std::uint32_t>(2) == 5000u);
    BOOST_TEST(launch.buffer_id(2) == 0u);
    // The two scratch pointers are the workspaces the launch allocated, in order, in one arena.
    BOOST_TEST(device.allocated_ids.size() == 1u);
    BOOST_TEST(launch.value<std::uint64_t>(3) == device.allocated_addresses.at(0));
    BOOST_TEST(launch.value<std::uint64_t>(4) == device.allocated_addresses.at(0) + 256);
    BOOST_TEST(device.allocated_byte_sizes == (std::vector<std::size_t>{512}), boost::test_tools::per_element());
    BOOST_TEST(device.fill_count == 0u);  // neither workspace is zero_filled
}

BOOST_AUTO_TEST_CASE(a_triton_signature_runs_on_the_host_backend) {
    accy::host::backend device(4);
    std::mt19937 engine = accy_test::fresh_engine();
    const auto pool = accy::load_artifacts<add_one>(device, accy::formats::host);
    for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{1023}, std::uint64_t{1024}, std::uint64_t{1025},
                                  std::uint64_t{engine() % 100000 + 1}}) {
        const std::vector<float> x = drawn<float>(engine, n, std::uniform_real_distribution<float>(-1000.0f, 1000.0f));
        host_buffer in(device, n * sizeof(float)), out(device, n * sizeof(float));
        in.upload(x);
        out.fill(0xff);
        accy::launch_pipeline<add_one>(device, accy::formats::host, std::array{in.view()}, std::array{out.view()},
                                       add_one::scalar_values{n}, accy::use_pool(pool));
        std::vector<float> expected(n);
        std::transform(x.begin(), x.end(), expected.begin(), [](float value) { return value + 1.0f; });
        BOOST_TEST(out.download<float>(n) == expected, boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(a_narrowed_triton_n_that_does_not_fit_launches_nothing) {
    const std::uint64_t n = std::uint64_t{1} << 32;  // the kernel's n is a u32
    // 16 GiB each: ids 4 apart, as the recording backend puts buffer k at k x 4 GiB.
    const std::array operands{recorded<float>(1000, n)};
    const std::array results{recorded<float>(1004, n)};
    const auto launch_n = [&](recording_backend& device) {
        accy::launch_pipeline<add_one>(device, accy::formats::cuda_ptx, operands, results, add_one::scalar_values{n});
    };
    check_refused(launch_n, {"stage 0 ('abi.add_one'), parameter 2 ('n')", "4294967296", "outside u32"});
}

BOOST_AUTO_TEST_CASE(bytes_parameters_arrive_whole_at_their_alignment) {
    const tensor_map map = counting_map();
    const affine transform{0.5f, 3};
    const read_map::scalar_values scalars{map, transform, 100u, 0.5};

    recording_backend device;
    const std::array results{recorded<std::uint8_t>(1002, 256)};
    accy::launch_pipeline<read_map>(device, accy::formats::cuda_ptx, no_operands, results, scalars);
    const auto& launch = device.launches.at(0);
    BOOST_TEST(launch.arguments.size() == 5u);
    BOOST_TEST(launch.arguments[2].value.size() == 128u);
    BOOST_TEST(std::memcmp(launch.arguments[2].value.data(), map.bytes.data(), 128) == 0);
    BOOST_TEST(launch.value<std::uint32_t>(1) == 100u);
    BOOST_TEST(launch.value<double>(3) == 0.5);
    BOOST_TEST(launch.value<affine>(4).scale == 0.5f);
    BOOST_TEST(launch.value<affine>(4).shift == 3);
    BOOST_CHECK_EXCEPTION(launch.value<std::uint64_t>(2), accy::error, fails_with(errc::launch_argument_mismatch, {"128 bytes"}));

    accy::host::backend host(2);
    host_buffer out(host, 256);
    out.fill(0);
    accy::launch_pipeline<read_map>(host, accy::formats::host, no_operands, std::array{out.view()}, scalars);
    const std::vector<std::uint8_t> bytes = out.download<std::uint8_t>(256);
    BOOST_TEST(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 128) ==
                   std::vector<std::uint8_t>(map.bytes.begin(), map.bytes.end()),
               boost::test_tools::per_element());
    for (std::size_t i = 0; i < 100; ++i)
        BOOST_TEST(bytes[128 + i] == static_cast<std::uint8_t>(static_cast<float>(map.bytes[i]) * 0.5f + 3.0f), "byte " << i);
    BOOST_TEST(bytes[228] == 0u);  // count was 100
}

BOOST_AUTO_TEST_CASE(a_kernel_of_32_parameters_of_every_scalar_type) {
    static_assert(wide::parameters(0).size() == accy::limits::kernel_parameters);
    recording_backend device;
    const std::array results{recorded<double>(1002, 32)};
    accy::launch_pipeline<wide>(device, accy::formats::cuda_ptx, no_operands, results, std::tuple<>{});
    const auto& launch = device.launches.at(0);
    BOOST_TEST(launch.arguments.size() == 32u);
    BOOST_TEST(launch.buffer_id(0) == 1002u);
    for (std::size_t p = 1; p < 32; ++p) {
        BOOST_TEST(launch.arguments[p].value.size() == accy::size_of(wide_type(p)), "parameter " << p);
        switch (wide_type(p)) {
        case dtype::u32: BOOST_TEST(launch.value<std::uint32_t>(p) == p); break;
        case dtype::u64: BOOST_TEST(launch.value<std::uint64_t>(p) == p); break;
        case dtype::i32: BOOST_TEST(launch.value<std::int32_t>(p) == static_cast<std::int32_t>(p)); break;
        case dtype::i64: BOOST_TEST(launch.value<std::int64_t>(p) == static_cast<std::int64_t>(p)); break;
        case dtype::f64: BOOST_TEST(launch.value<double>(p) == static_cast<double>(p)); break;
        default: BOOST_TEST(launch.value<float>(p) == static_cast<float>(p)); break;
        }
    }

    accy::host::backend host(1);
    host_buffer out(host, 32 * sizeof(double));
    out.fill(0);
    accy::launch_pipeline<wide>(host, accy::formats::host, no_operands, std::array{out.view()}, std::tuple<>{});
    std::vector<double> expected(32);
    expected[0] = 32;
    for (std::size_t p = 1; p < 32; ++p) expected[p] = static_cast<double>(p);
    BOOST_TEST(out.download<double>(32) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_parameter_list_reads_as_a_range_of_parameters) {
    constexpr accy::parameter_list list{accy::parameter::buffer("out", accy::access::write, accy::dtype::f32),
                                        accy::parameter::scalar("n", accy::dtype::u32),
                                        accy::parameter::tensor_map("a", accy::access::read, accy::dtype::f16, 2)};
    static_assert(std::forward_iterator<accy::parameter_list::iterator>);
    static_assert(std::ranges::count_if(list, [](const accy::parameter& p) { return p.what == accy::parameter::kind::scalar; }) == 1);
    std::vector<std::string_view> names;
    for (const accy::parameter& declared : list) names.push_back(declared.name);
    BOOST_TEST(names == (std::vector<std::string_view>{"out", "n", "a"}), boost::test_tools::per_element());
    // Each field comes back as declared, the optional element type included.
    BOOST_TEST((list[0].element == accy::dtype::f32 && list[0].use == accy::access::write && list[0].size == 8u));
    BOOST_TEST((!list[1].element.has_value() && list[1].type == accy::dtype::u32 && list[1].alignment == 4u));
    BOOST_TEST((list[2].what == accy::parameter::kind::tensor_map && list[2].element == accy::dtype::f16 && list[2].rank == 2u &&
                list[2].size == accy::tensor_map_size && list[2].alignment == 128u));
    BOOST_TEST(!list.over_limit());
}

BOOST_AUTO_TEST_CASE(a_parameter_list_holds_at_most_32_parameters) {
    BOOST_CHECK_EXCEPTION(thirty_three_scalars(), accy::error,
                          fails_with(errc::invalid_artifact, {"more than limits::kernel_parameters"}));
}

BOOST_AUTO_TEST_SUITE_END()
