// SPDX-License-Identifier: Apache-2.0
// GPU tests of kernels over the 16- and 8-bit element types of ML: an fp16 matmul that Triton emitted
// (f16 tiles, an f32 accumulator) at ragged shapes, a bf16 multiply-add with a bf16 scalar, and fp8 e4m3
// dequantized by an f16 scale and rescaled with saturation. Inputs are random; every element is
// checked against the host's conversions (accy/core/float_types.hpp).
#include <gpu/device.hpp>
#include <gpu/kernel_declarations.hpp>

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy/core/float_types.hpp>
#include <accy_gpu_test/ml_type_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace accy_gpu_test;

BOOST_TEST_GLOBAL_FIXTURE(require_device);

// (a) Triton's matmul_f16 (tests/gpu/triton/make_matmul_ptx.py): C[M, N] = A[M, K] @ B[K, N], row-major and
// contiguous, all f16, as (ptr a, ptr b, ptr c, i32 M, i32 N, i32 K, ptr global_scratch, ptr profile_scratch).
// Program (i, j) of a ceil(M / 64) x ceil(N / 64) grid computes one 64 x 64 tile of C with num_warps 4.
constexpr std::uint32_t matmul_tile = 64, matmul_threads = 4 * 32;
// Triton's kernel takes its tiles' operands from dynamic shared memory, the "shared" bytes matmul_f16.txt
// records (8192 for Triton 3.6 on sm_90); the test checks that figure against this declaration before it launches.
constexpr std::uint32_t matmul_shared_bytes = 8192;

inline constexpr auto matmul_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.triton_matmul_f16", 1, accy::format::cuda_ptx, "matmul_f16",
    {parameter::buffer("a_ptr", access::read, dtype::f16), parameter::buffer("b_ptr", access::read, dtype::f16),
     parameter::buffer("c_ptr", access::write, dtype::f16), parameter::scalar("M", dtype::u32),
     parameter::scalar("N", dtype::u32), parameter::scalar("K", dtype::u32),
     parameter::buffer("global_scratch", access::read_write), parameter::buffer("profile_scratch", access::read_write)},
    accy::payload{},  // read from the .ptx file at run time
    {{grid_dim::ceil_div(3, matmul_tile), grid_dim::ceil_div(4, matmul_tile), grid_dim::fixed(1)},
     {matmul_threads, 1, 1},
     accy::shared_memory{matmul_shared_bytes, 0}}});

struct matmul_definition : accy::definition_base<"accy.test.triton_matmul_f16", matmul_registry> {
    // Triton takes M, N and K as i32 and forms i32 indices, masked lanes' included (up to (M + 63) * K + K + 31):
    // 46000 keeps every one below 2^31.
    using dimension = accy::within<1, 46000>;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"M", std::uint32_t, dimension>,
                                                  accy::scalar<"N", std::uint32_t, dimension>,
                                                  accy::scalar<"K", std::uint32_t, dimension>>;
    using m = accy::forward<0>;
    using n = accy::forward<1>;
    using k = accy::forward<2>;
    using operands = accy::operands<accy::shape<dtype::f16, accy::product<m, k>>, accy::shape<dtype::f16, accy::product<k, n>>>;
    using results = accy::results<accy::shape<dtype::f16, accy::product<m, n>>>;
    // Triton's scratch pointers: the test requires sizes 0 in matmul_f16.txt, so one byte each.
    using one_byte = accy::shape<dtype::u8, accy::constant<1>>;
    using workspaces = accy::workspaces<one_byte, one_byte>;
    using stages = accy::stages<accy::stage<"accy.test.triton_matmul_f16", 1, accy::operand<0>, accy::operand<1>,
                                            accy::result<0>, m, n, k, accy::workspace<0>, accy::workspace<1>>>;
};
using triton_matmul = accy::pipeline<matmul_definition>;

// (b) y = bf16(alpha * x + b): (const __nv_bfloat16* x, __nv_bfloat16* y, __nv_bfloat16 alpha, float b, unsigned n).
inline constexpr auto bf16_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.bf16_axpb", 1, accy::format::cuda_fatbin, "accy_test_bf16_axpb",
    {parameter::buffer("x", access::read, dtype::bf16), parameter::buffer("y", access::write, dtype::bf16),
     parameter::scalar("alpha", dtype::bf16), parameter::scalar("b", dtype::f32), parameter::scalar("n", dtype::u32)},
    accy::payload::from_image(kernels::ml_types_fatbin), accy::launch_geometry::covering(4, threads)});

struct bf16_definition : accy::definition_base<"accy.test.bf16_axpb", bf16_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"alpha", accy::bfloat16>, accy::scalar<"b", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::bf16, n>>;
    using results = accy::results<accy::shape<dtype::bf16, n>>;
    using stages = accy::stages<
        accy::stage<"accy.test.bf16_axpb", 1, accy::operand<0>, accy::result<0>, accy::forward<1>, accy::forward<2>, n>>;
};
using bf16_axpb = accy::pipeline<bf16_definition>;

// (c) Two stages over one e4m3 operand: y = f16(x * scale) with an f16 scale,
// (const __nv_fp8_e4m3* x, __half* y, __half scale, unsigned long long n); and z = e4m3(x * factor), saturated,
// (const __nv_fp8_e4m3* x, __nv_fp8_e4m3* z, float factor, unsigned long long n).
inline constexpr auto e4m3_registry = accy::make_registry(
    accy::kernel_entry{"accy.test.e4m3_dequantize", 1, accy::format::cuda_fatbin, "accy_test_e4m3_dequantize",
                       {parameter::buffer("x", access::read, dtype::f8_e4m3), parameter::buffer("y", access::write, dtype::f16),
                        parameter::scalar("scale", dtype::f16), parameter::scalar("n", dtype::u64)},
                       accy::payload::from_image(kernels::ml_types_fatbin), accy::launch_geometry::covering(3, threads)},
    accy::kernel_entry{"accy.test.e4m3_rescale", 1, accy::format::cuda_fatbin, "accy_test_e4m3_rescale",
                       {parameter::buffer("x", access::read, dtype::f8_e4m3), parameter::buffer("z", access::write, dtype::f8_e4m3),
                        parameter::scalar("factor", dtype::f32), parameter::scalar("n", dtype::u64)},
                       accy::payload::from_image(kernels::ml_types_fatbin), accy::launch_geometry::covering(3, threads)});

struct e4m3_definition : accy::definition_base<"accy.test.e4m3", e4m3_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t, accy::at_least<1>>,
                                                  accy::scalar<"scale", accy::half>, accy::scalar<"factor", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f8_e4m3, n>>;
    using results = accy::results<accy::shape<dtype::f16, n>, accy::shape<dtype::f8_e4m3, n>>;
    using stages =
        accy::stages<accy::stage<"accy.test.e4m3_dequantize", 1, accy::operand<0>, accy::result<0>, accy::forward<1>, n>,
                     accy::stage<"accy.test.e4m3_rescale", 1, accy::operand<0>, accy::result<1>, accy::forward<2>, n>>;
};
using e4m3_pipeline = accy::pipeline<e4m3_definition>;

/// A file of tests/gpu/triton that make_matmul_ptx.py writes; its absence fails the test saying how to make it.
std::string read_triton_output(const char* path) {
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path
                                             << ": make it on a machine with Triton 3.6 with `python3 "
                                                "tests/gpu/triton/make_matmul_ptx.py tests/gpu/triton` and commit it");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The number after `"key": ` in the metadata that make_matmul_ptx.py wrote as JSON.
std::uint64_t recorded(std::string_view facts, std::string_view key) {
    const std::string quoted = "\"" + std::string(key) + "\": ";
    const std::size_t at = facts.find(quoted);
    BOOST_REQUIRE_MESSAGE(at != std::string_view::npos, "matmul_f16.txt records no " << quoted);
    std::uint64_t value = 0;
    const char* first = facts.data() + at + quoted.size();
    BOOST_REQUIRE_MESSAGE(std::from_chars(first, facts.data() + facts.size(), value).ec == std::errc{},
                          "matmul_f16.txt's " << key << " is not a number");
    return value;
}

/// `count` random values in [low, high], rounded to the storage type `T`.
template <class T>
std::vector<T> rounded_values(std::size_t count, float low, float high) {
    const std::vector<float> values = random_values<float>(count, low, high);
    std::vector<T> rounded;
    rounded.reserve(count);
    for (const float value : values) rounded.emplace_back(value);
    return rounded;
}

/// `count` random e4m3 values, every finite code equally likely: normal and subnormal numbers, ±0 and ±448,
/// never the NaN codes 0x7f and 0xff.
std::vector<accy::float8_e4m3> random_e4m3(std::size_t count) {
    const std::vector<std::uint32_t> codes = random_values<std::uint32_t>(count, 0, 253);
    std::vector<accy::float8_e4m3> values;
    values.reserve(count);
    for (const std::uint32_t code : codes)
        values.push_back(accy::float8_e4m3::from_bits(static_cast<std::uint8_t>(code < 0x7f ? code : code + 1)));
    return values;
}

/// Counts the elements where `got` and `expected` differ as numbers (NaN differs from everything), naming the first few.
template <class T>
std::size_t count_different(const std::vector<T>& got, const std::vector<T>& expected) {
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (!(static_cast<float>(got[i]) == static_cast<float>(expected[i])) && wrong++ < 5)
            BOOST_TEST_MESSAGE("element " << i << ": got " << static_cast<float>(got[i]) << ", expected "
                                           << static_cast<float>(expected[i]));
    return wrong;
}

struct matmul_shape {
    std::uint32_t m, n, k;
};

/// Launches the matmul at one shape over random f16 inputs in [-1, 1] and checks every element of C, and that
/// nothing was written past its end.
void check_matmul(const accy::artifact_pool<triton_matmul, accy::cuda::backend>& pool, matmul_shape shape) {
    const auto [m, n, k] = shape;
    BOOST_TEST_MESSAGE("M = " << m << ", N = " << n << ", K = " << k);
    const std::vector<accy::half> a = rounded_values<accy::half>(std::size_t{m} * k, -1.0f, 1.0f);
    const std::vector<accy::half> b = rounded_values<accy::half>(std::size_t{k} * n, -1.0f, 1.0f);
    const gpu_buffer<accy::half> a_device = to_device<accy::half>(a), b_device = to_device<accy::half>(b);
    // A guard of one tile row past C's end, which the store's mask must leave poisoned.
    const std::size_t elements = std::size_t{m} * n, guard = matmul_tile;
    gpu_buffer<accy::half> c_device(device(), elements + guard);
    poison(c_device.view());
    accy::launch_pipeline<triton_matmul>(device(), accy::formats::cuda_ptx, std::array{a_device.view(), b_device.view()},
                                         std::array{c_device.view()}, triton_matmul::scalar_values{m, n, k},
                                         accy::use_pool(pool));
    const std::vector<accy::half> c = to_host<accy::half>(c_device.view(), elements + guard);

    // The reference sums the products of the f16 inputs in double (each product exact, the sum's rounding far below
    // the tolerance). The GPU sums them in f32 in its own order (tiles of 32 along K, the tensor cores' order
    // within): at most K * 2^-24 * sum |a * b| away, the classic bound of recursive summation, here allowed 4 times
    // over for tensor cores that align addends by truncation. Then it rounds that f32 sum to f16, to nearest: half
    // an ulp, at most 2^-11 of the sum, or 2^-25 among f16's subnormals, which the last term covers.
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            double sum = 0, magnitude = 0;
            for (std::size_t p = 0; p < k; ++p) {
                const double product = double{static_cast<float>(a[i * k + p])} * static_cast<float>(b[p * n + j]);
                sum += product;
                magnitude += std::abs(product);
            }
            const double accumulation = k * std::ldexp(magnitude, -22);
            const double tolerance = std::ldexp(std::abs(sum) + accumulation, -11) + accumulation + std::ldexp(1.0, -24);
            const double got = static_cast<float>(c[i * n + j]);
            if (!(std::abs(got - sum) <= tolerance) && wrong++ < 5)
                BOOST_TEST_MESSAGE("C[" << i << ", " << j << "]: got " << got << ", expected " << sum << " within " << tolerance);
        }
    BOOST_TEST(wrong == 0u, wrong << " of " << elements << " elements of C differ from the CPU's");
    std::size_t overwritten = 0;
    for (std::size_t i = elements; i < elements + guard; ++i) overwritten += c[i].bits() != 0xffff;
    BOOST_TEST(overwritten == 0u, overwritten << " of the " << guard << " halves past C's end were written");
}

constexpr std::array<std::uint64_t, 3> elementwise_sizes{1, 1000, 1048579};

}  // namespace

BOOST_AUTO_TEST_SUITE(ml_types)

BOOST_AUTO_TEST_CASE(an_f16_matmul_that_triton_emitted_at_ragged_shapes) {
    const std::string facts = read_triton_output(ACCY_TRITON_MATMUL_F16_TXT);
    BOOST_REQUIRE_MESSAGE(recorded(facts, "num_warps") * 32 == matmul_threads,
                          "matmul_f16.txt records num_warps " << recorded(facts, "num_warps") << "; the entry declares a block of "
                                                              << matmul_threads << " threads");
    BOOST_REQUIRE_MESSAGE(recorded(facts, "shared") == matmul_shared_bytes,
                          "Triton's kernel needs " << recorded(facts, "shared") << " bytes of dynamic shared memory; the entry gives "
                                                   << matmul_shared_bytes);
    BOOST_REQUIRE_MESSAGE(recorded(facts, "global_scratch_size") == 0 && recorded(facts, "profile_scratch_size") == 0,
                          "Triton's kernel needs scratch memory; the pipeline gives its scratch pointers one byte each");

    const std::string ptx = read_triton_output(ACCY_TRITON_MATMUL_F16_PTX);
    const std::array<accy::payload, 1> payloads{accy::payload::from_text(ptx)};
    const auto pool = accy::load_artifacts<triton_matmul>(device(), accy::formats::cuda_ptx, payloads);
    // Ragged shapes (none a multiple of the 64 x 64 x 32 tiles), a single element, whole tiles, and one at random.
    const std::vector<std::uint32_t> random_shape = random_values<std::uint32_t>(3, 1, 700);
    for (const matmul_shape shape : {matmul_shape{77, 133, 91}, matmul_shape{300, 257, 129}, matmul_shape{1, 1, 1},
                                     matmul_shape{128, 192, 64}, matmul_shape{random_shape[0], random_shape[1], random_shape[2]}})
        check_matmul(pool, shape);
}

BOOST_AUTO_TEST_CASE(a_bf16_multiply_add_with_a_bf16_scalar) {
    for (const std::uint64_t size : elementwise_sizes) {
        const auto n = static_cast<std::uint32_t>(size);
        const std::vector<accy::bfloat16> x = rounded_values<accy::bfloat16>(n, -100.0f, 100.0f);
        const accy::bfloat16 alpha = rounded_values<accy::bfloat16>(1, -3.0f, 3.0f)[0];
        const float b = random_values<float>(1, -10.0f, 10.0f)[0];
        BOOST_TEST_MESSAGE("n = " << n << ", alpha = " << static_cast<float>(alpha) << ", b = " << b);
        const gpu_buffer<accy::bfloat16> in = to_device<accy::bfloat16>(x);
        gpu_buffer<accy::bfloat16> out(device(), n);
        poison(out.view());
        accy::launch_pipeline<bf16_axpb>(device(), accy::formats::cuda_fatbin, std::array{in.view()}, std::array{out.view()},
                                         bf16_axpb::scalar_values{n, alpha, b});

        std::vector<accy::bfloat16> expected;
        expected.reserve(n);
        for (const accy::bfloat16 value : x) expected.emplace_back(std::fma(static_cast<float>(alpha), static_cast<float>(value), b));
        const std::size_t wrong = count_different(to_host<accy::bfloat16>(out.view(), n), expected);
        BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements differ from the CPU's");
    }
}

BOOST_AUTO_TEST_CASE(e4m3_dequantized_by_an_f16_scale_and_rescaled_with_saturation) {
    for (const std::uint64_t n : elementwise_sizes) {
        const std::vector<accy::float8_e4m3> x = random_e4m3(n);
        const accy::half scale = rounded_values<accy::half>(1, -4.0f, 4.0f)[0];
        // Up to 8 times e4m3's largest value 448: many products saturate.
        const float factor = random_values<float>(1, -8.0f, 8.0f)[0];
        BOOST_TEST_MESSAGE("n = " << n << ", scale = " << static_cast<float>(scale) << ", factor = " << factor);
        const gpu_buffer<accy::float8_e4m3> in = to_device<accy::float8_e4m3>(x);
        gpu_buffer<accy::half> dequantized(device(), n);
        gpu_buffer<accy::float8_e4m3> rescaled(device(), n);
        poison(dequantized.view());
        poison(rescaled.view());
        accy::launch_pipeline<e4m3_pipeline>(device(), accy::formats::cuda_fatbin, std::array{in.view()},
                                             std::array{dequantized.view(), rescaled.view()},
                                             e4m3_pipeline::scalar_values{n, scale, factor});

        // Both kernels round once from float, to nearest even, as the host's conversions do; to e4m3 both saturate.
        std::vector<accy::half> expected_dequantized;
        std::vector<accy::float8_e4m3> expected_rescaled;
        expected_dequantized.reserve(n);
        expected_rescaled.reserve(n);
        for (const accy::float8_e4m3 value : x) {
            expected_dequantized.emplace_back(static_cast<float>(value) * static_cast<float>(scale));
            expected_rescaled.emplace_back(static_cast<float>(value) * factor);
        }
        const std::size_t wrong_dequantized = count_different(to_host<accy::half>(dequantized.view(), n), expected_dequantized);
        BOOST_TEST(wrong_dequantized == 0u, wrong_dequantized << " of " << n << " dequantized elements differ from the CPU's");
        const std::size_t wrong_rescaled = count_different(to_host<accy::float8_e4m3>(rescaled.view(), n), expected_rescaled);
        BOOST_TEST(wrong_rescaled == 0u, wrong_rescaled << " of " << n << " rescaled elements differ from the CPU's");
    }
}

BOOST_AUTO_TEST_SUITE_END()
