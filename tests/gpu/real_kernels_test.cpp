// SPDX-License-Identifier: Apache-2.0
// GPU tests of kernels declared with their real parameter lists: a float and a 64-bit count with a
// zero-filled workspace, PTX that Triton emitted (scratch pointers included), more than 48 KiB of
// dynamic shared memory, and a pass over more than 2^32 elements.
#include <gpu/device.hpp>
#include <gpu/kernel_declarations.hpp>

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_gpu_test/test_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace accy_gpu_test;

// (a) scale: (const float* x, float* y, float alpha, unsigned long long n, int* workspace)
inline constexpr auto scale_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.scale", 1, accy::format::cuda_fatbin, "accy_test_scale",
    {parameter::buffer("x", access::read, dtype::f32), parameter::buffer("y", access::write, dtype::f32),
     parameter::scalar("alpha", dtype::f32), parameter::scalar("n", dtype::u64),
     parameter::buffer("workspace", access::read_write, dtype::i32)},
    accy::payload::from_image(kernels::real_kernels_fatbin), accy::launch_geometry::covering(3, threads)});

struct scale_definition : accy::definition_base<"accy.test.scale", scale_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t, accy::at_least<1>>, accy::scalar<"alpha", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::i32, accy::constant<1>>>>;
    using stages = accy::stages<
        accy::stage<"accy.test.scale", 1, accy::operand<0>, accy::result<0>, accy::forward<1>, n, accy::workspace<0>>>;
};
using scale = accy::pipeline<scale_definition>;

void check_scaled(const std::vector<float>& x, float alpha, const accy::buffer& y) {
    const std::vector<float> got = to_host<float>(y, x.size());
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!(got[i] == alpha * x[i]) && wrong++ < 5)
            BOOST_TEST_MESSAGE("element " << i << ": got " << got[i] << ", expected " << alpha * x[i]);
    BOOST_TEST(wrong == 0u, wrong << " of " << x.size() << " elements differ from the CPU's");
}

// (b) Triton's scale_add: (ptr x, ptr y, f32 alpha, u32 n, ptr global_scratch, ptr profile_scratch),
// block of num_warps 4 = 128 threads, BLOCK 1024 elements per program (tests/gpu/triton/scale_add.txt).
inline constexpr auto triton_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.triton_scale_add", 1, accy::format::cuda_ptx, "scale_add",
    {parameter::buffer("x_ptr", access::read, dtype::f32), parameter::buffer("y_ptr", access::write, dtype::f32),
     parameter::scalar("alpha", dtype::f32), parameter::scalar("n", dtype::u32),
     parameter::buffer("global_scratch", access::read_write), parameter::buffer("profile_scratch", access::read_write)},
    accy::payload{},  // read from the .ptx file at run time
    {{grid_dim::ceil_div(3, 1024), grid_dim::fixed(1), grid_dim::fixed(1)}, {128, 1, 1}}});

struct triton_definition : accy::definition_base<"accy.test.triton_scale_add", triton_registry> {
    // Triton takes n as i32; the bound keeps it in range.
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::within<1, INT32_MAX>>,
                                                  accy::scalar<"alpha", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    // Triton's scratch pointers: this kernel needs no scratch (sizes 0), so one byte each.
    using one_byte = accy::shape<dtype::u8, accy::constant<1>>;
    using workspaces = accy::workspaces<one_byte, one_byte>;
    using stages = accy::stages<accy::stage<"accy.test.triton_scale_add", 1, accy::operand<0>, accy::result<0>,
                                            accy::forward<1>, n, accy::workspace<0>, accy::workspace<1>>>;
};
using triton_scale_add = accy::pipeline<triton_definition>;

/// Triton's kernel declared as its source reads, without the two scratch pointers Triton appends.
inline constexpr auto short_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.triton_short", 1, accy::format::cuda_ptx, "scale_add",
    {parameter::buffer("x_ptr", access::read), parameter::buffer("y_ptr", access::write),
     parameter::scalar("alpha", dtype::f32), parameter::scalar("n", dtype::u32)},
    accy::payload{},
    {{grid_dim::ceil_div(3, 1024), grid_dim::fixed(1), grid_dim::fixed(1)}, {128, 1, 1}}});
struct short_definition : triton_definition {
    static constexpr const auto& registry = short_registry;
    using workspaces = accy::workspaces<>;
    using stages = accy::stages<accy::stage<"accy.test.triton_short", 1, accy::operand<0>, accy::result<0>,
                                            accy::forward<1>, n>>;
};

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The pipeline of the one kernel `Target` of `Registry`, (in, out, n), over n elements of `Element`, n a `Count`.
template <accy::fixed_string Target, const auto& Registry, dtype Element, class Count>
struct in_out_definition : accy::definition_base<Target, Registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", Count>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<Element, n>>;
    using results = accy::results<accy::shape<Element, n>>;
    using stages = accy::stages<accy::stage<Target, 1, accy::operand<0>, accy::result<0>, n>>;
};

// (c) reverse_tiles: 16 floats per thread of 1024 in dynamic shared memory: 64 KiB.
constexpr std::uint32_t reverse_threads = 1024, reverse_tile = reverse_threads * 16;
inline constexpr auto reverse_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.reverse_tiles", 1, accy::format::cuda_fatbin, "accy_test_reverse_tiles",
    {parameter::buffer("in", access::read, dtype::f32), parameter::buffer("out", access::write, dtype::f32),
     parameter::scalar("n", dtype::u32)},
    accy::payload::from_image(kernels::real_kernels_fatbin),
    {{grid_dim::ceil_div(2, reverse_tile), grid_dim::fixed(1), grid_dim::fixed(1)},
     {reverse_threads, 1, 1},
     accy::shared_memory{0, 16 * sizeof(float)}}});

using reverse_tiles = accy::pipeline<in_out_definition<"accy.test.reverse_tiles", reverse_registry, dtype::f32, std::uint32_t>>;

// (d) increment_bytes over a u64 count.
inline constexpr auto increment_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.increment_bytes", 1, accy::format::cuda_fatbin, "accy_test_increment_bytes",
    {parameter::buffer("in", access::read, dtype::u8), parameter::buffer("out", access::write, dtype::u8),
     parameter::scalar("n", dtype::u64)},
    accy::payload::from_image(kernels::real_kernels_fatbin), accy::launch_geometry::covering(2, threads)});
using increment_bytes =
    accy::pipeline<in_out_definition<"accy.test.increment_bytes", increment_registry, dtype::u8, std::uint64_t>>;

}  // namespace

BOOST_AUTO_TEST_SUITE(real_kernels)

BOOST_AUTO_TEST_CASE(float_and_u64_scalars_with_a_zero_filled_workspace) {
    const std::uint64_t n = random_values<std::uint64_t>(1, 100000, 3000000)[0];
    const float alpha = random_values<float>(1, -3.0f, 3.0f)[0];
    const std::vector<float> x = random_values<float>(n, -100.0f, 100.0f);
    const gpu_buffer<float> in = to_device<float>(x);
    gpu_buffer<float> out(device(), n);
    const std::array operands{in.view()};
    const std::array results{out.view()};
    const scale::scalar_values scalars{n, alpha};
    BOOST_TEST_MESSAGE("n = " << n << ", alpha = " << alpha);

    poison(out.view());
    accy::launch_pipeline<scale>(device(), accy::formats::cuda_fatbin, operands, results, scalars);
    check_scaled(x, alpha, out.view());

    // Hot path: the workspace is reused and must be zeroed before every launch, or the kernel writes NaN.
    const auto pool = accy::load_artifacts<scale>(device(), accy::formats::cuda_fatbin);
    const auto scratch = accy::allocate_scratch<scale>(device(), scalars);
    for (int repeat = 0; repeat < 3; ++repeat) {
        poison(out.view());
        accy::launch_pipeline<scale>(device(), accy::formats::cuda_fatbin, operands, results, scalars,
                                     accy::use_pool(pool), accy::use_scratch(scratch));
        device().synchronize(std::nullopt);
        check_scaled(x, alpha, out.view());
    }

    // The same in a graph: a memset node before the kernel node, replayed.
    accy::cuda::pipeline_graph<scale> graph(device(), pool, scratch, operands, results, scalars);
    for (int repeat = 0; repeat < 3; ++repeat) {
        poison(out.view());
        graph.launch();
        device().synchronize(std::nullopt);
        check_scaled(x, alpha, out.view());
    }
}

BOOST_AUTO_TEST_CASE(ptx_that_triton_emitted_runs_with_its_own_parameters) {
    const std::string ptx = read_file(ACCY_TRITON_SCALE_ADD_PTX);
    const std::array<accy::payload, 1> payloads{accy::payload::from_text(ptx)};
    const auto pool = accy::load_artifacts<triton_scale_add>(device(), accy::formats::cuda_ptx, payloads);
    const std::uint32_t n = random_values<std::uint32_t>(1, 1, 5000000)[0];
    const float alpha = random_values<float>(1, -3.0f, 3.0f)[0];
    const std::vector<float> x = random_values<float>(n, -100.0f, 100.0f);
    const gpu_buffer<float> in = to_device<float>(x);
    gpu_buffer<float> out(device(), n);
    poison(out.view());
    BOOST_TEST_MESSAGE("n = " << n << ", alpha = " << alpha);
    accy::launch_pipeline<triton_scale_add>(device(), accy::formats::cuda_ptx, std::array{in.view()}, std::array{out.view()},
                                            triton_scale_add::scalar_values{n, alpha}, accy::use_pool(pool));
    const std::vector<float> got = to_host<float>(out.view(), n);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const float expected = std::fma(alpha, x[i], 1.0f);  // Triton fuses the multiply-add
        if (!(std::abs(got[i] - expected) <= 1e-5f * std::max(1.0f, std::abs(expected))) && wrong++ < 5)
            BOOST_TEST_MESSAGE("element " << i << ": got " << got[i] << ", expected " << expected);
    }
    BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements differ from the CPU's");
}

BOOST_AUTO_TEST_CASE(a_triton_declaration_without_the_scratch_pointers_fails_at_load_naming_both_layouts) {
    const std::string ptx = read_file(ACCY_TRITON_SCALE_ADD_PTX);
    const std::array<accy::payload, 1> payloads{accy::payload::from_text(ptx)};
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<accy::pipeline<short_definition>>(device(), accy::formats::cuda_ptx, payloads),
                          accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"takes 6 parameters: 0 at 0 (8 bytes), 1 at 8 (8 bytes), 2 at 16 (4 bytes), "
                                      "3 at 20 (4 bytes), 4 at 24 (8 bytes), 5 at 32 (8 bytes);",
                                      "its entry declares 4: 0 'x_ptr' at 0 (8 bytes), 1 'y_ptr' at 8 (8 bytes), "
                                      "2 'alpha' at 16 (4 bytes), 3 'n' at 20 (4 bytes)"}));
}

BOOST_AUTO_TEST_CASE(more_than_48_kib_of_dynamic_shared_memory) {
    static_assert(reverse_registry.entries[0].geometry.shared.total({reverse_threads, 1, 1}) == 65536);
    const std::uint32_t n = random_values<std::uint32_t>(1, 3 * reverse_tile + 1, 40 * reverse_tile)[0];
    const std::vector<float> input = random_values<float>(n, -1.0f, 1.0f);
    const gpu_buffer<float> in = to_device<float>(input);
    gpu_buffer<float> out(device(), n);
    poison(out.view());
    BOOST_TEST_MESSAGE("n = " << n);
    accy::launch_pipeline<reverse_tiles>(device(), accy::formats::cuda_fatbin, std::array{in.view()}, std::array{out.view()},
                                         std::tuple<std::uint32_t>{n});
    const std::vector<float> got = to_host<float>(out.view(), n);
    std::size_t wrong = 0;
    for (std::size_t first = 0; first < n; first += reverse_tile) {
        const std::size_t count = std::min<std::size_t>(reverse_tile, n - first);
        for (std::size_t k = 0; k < count; ++k)
            if (got[first + k] != input[first + count - 1 - k]) ++wrong;
    }
    BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements differ from the CPU's");
}

BOOST_AUTO_TEST_CASE(a_pass_over_more_than_2_to_the_32_elements) {
    const std::uint64_t n = (std::uint64_t{1} << 32) + random_values<std::uint64_t>(1, 1, 100000)[0];
    BOOST_TEST_MESSAGE("n = " << n);
    std::vector<unsigned char> input(n);
    {
        std::vector<std::uint64_t> words = random_values<std::uint64_t>((n + 7) / 8, 0, UINT64_MAX);
        std::memcpy(input.data(), words.data(), n);
    }
    const gpu_buffer<unsigned char> in = to_device<unsigned char>(input);
    gpu_buffer<unsigned char> out(device(), n);
    poison(out.view());
    accy::launch_pipeline<increment_bytes>(device(), accy::formats::cuda_fatbin, std::array{in.view()},
                                           std::array{out.view()}, increment_bytes::scalar_values{n});
    const std::vector<unsigned char> got = to_host<unsigned char>(out.view(), n);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) wrong += got[i] != static_cast<unsigned char>(input[i] + 1);
    BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements differ from the CPU's");
    BOOST_TEST(got[n - 1] == static_cast<unsigned char>(input[n - 1] + 1));
}

BOOST_AUTO_TEST_SUITE_END()
