// SPDX-License-Identifier: Apache-2.0
// A host kernel's accessors (`host_block::buffer_as`, `scalar_as`, `bytes_as`) checked against its
// entry's declaration on the host backend: the right uses read the arguments; an index past the end,
// another kind, another element size or dtype, another bytes size is `errc::launch_argument_mismatch`
// naming the kernel, the parameter and both types, rethrown to the launch's caller.
#include "support/backend_calls.hpp"
#include "support/errors.hpp"

#include <accy/backend/host.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace {

using accy::access;
using accy::dtype;
using accy::errc;
using accy::parameter;
using accy_test::fails_with;

struct scale_params {  // by value: y = x * factor + shift
    float factor;
    float shift;
    std::uint64_t unused;
};
struct three_bytes {  // no dtype, whatever dtypes accy adds
    std::uint8_t bytes[3];
};
struct four_bytes {
    std::uint8_t bytes[4];
};

// scale(const float* x, float* y, unsigned n, scale_params params, void* raw): raw's 10 bytes have no element type.
constexpr accy::parameter_list scale_parameters{
    parameter::buffer("x", access::read, dtype::f32), parameter::buffer("y", access::write, dtype::f32),
    parameter::scalar("n", dtype::u32), parameter::bytes("params", sizeof(scale_params), alignof(scale_params)),
    parameter::buffer("raw", access::read_write)};
constexpr std::uint32_t n = 64;
constexpr std::size_t raw_bytes = 10;

/// Every accessor used as declared, and a few types of the declared size without a dtype: y = x * factor + shift,
/// raw[i] = i.
void scale(const accy::host_block& block) {
    const auto x = block.buffer_as<const float>(0);
    const auto y = block.buffer_as<float>(1);
    const auto count = block.scalar_as<std::uint32_t>(2);
    const auto params = block.bytes_as<scale_params>(3);
    for (std::uint32_t i = 0; i < count; ++i) y[i] = x[i] * params.factor + params.shift;
    const auto raw = block.buffer_as<std::uint8_t>(4);
    for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<std::uint8_t>(i);
    if (block.buffer_as<four_bytes>(0).size() != count || block.buffer_as<const std::byte>(4).size() != raw_bytes ||
        block.buffer_as<std::array<std::byte, 5>>(4).size() != 2)
        throw std::logic_error("scale: a buffer viewed by size has the wrong element count");
}

/// Launches `kernel` as the entry 'scale' on one block, with x = 0, 1, ..., n - 1, factor 2 and shift 1, and
/// returns y.
std::vector<float> launch_scale(accy::host_kernel kernel) {
    accy::host::backend device(1);
    const accy_test::owned_buffer<accy::host::backend> x(device, n * sizeof(float)), y(device, n * sizeof(float)),
        raw(device, raw_bytes);
    std::vector<float> values(n);
    for (std::uint32_t i = 0; i < n; ++i) values[i] = static_cast<float>(i);
    device.upload(x.view(), values.data(), n * sizeof(float));
    const accy_test::loaded_kernel<accy::host::backend> loaded(device, accy_test::host_entry("scale", kernel, scale_parameters));
    const scale_params params{2.0f, 1.0f, 0};
    const accy::kernel_argument arguments[] = {accy_test::buffer_argument(x.view()), accy_test::buffer_argument(y.view()),
                                               accy_test::value_argument(n), accy_test::value_argument(params),
                                               accy_test::buffer_argument(raw.view())};
    device.launch(loaded.get(), {{1, 1, 1}, {32, 1, 1}, 0}, arguments, std::nullopt);
    device.download(values.data(), y.view(), n * sizeof(float));
    return values;
}

/// The check of a launch of `kernel`, which misuses an accessor: the error, in the launch's context, says `says`.
auto misuse_says(std::string_view says) {
    return fails_with(errc::launch_argument_mismatch, {"host backend: launch of 'scale': block (0, 0, 0) of grid (1, 1, 1): "
                                                       "host kernel 'scale': ", says});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_accessors)

BOOST_AUTO_TEST_CASE(uses_as_declared_read_the_arguments) {
    std::vector<float> expected(n);
    for (std::uint32_t i = 0; i < n; ++i) expected[i] = static_cast<float>(i) * 2.0f + 1.0f;
    BOOST_TEST(launch_scale(&scale) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(an_index_past_the_entrys_parameters_is_refused) {
    constexpr accy::host_kernel scalar_7 = [](const accy::host_block& block) { (void)block.scalar_as<std::uint32_t>(7); };
    BOOST_CHECK_EXCEPTION(launch_scale(scalar_7), accy::error,
                          misuse_says("scalar_as<u32> of parameter 7, past the end of the entry's 5 parameters"));
    constexpr accy::host_kernel buffer_5 = [](const accy::host_block& block) { (void)block.buffer_as<float>(5); };
    BOOST_CHECK_EXCEPTION(launch_scale(buffer_5), accy::error,
                          misuse_says("buffer_as<f32> of parameter 5, past the end of the entry's 5 parameters"));
}

BOOST_AUTO_TEST_CASE(an_accessor_of_another_kind_is_refused) {
    constexpr accy::host_kernel scalar_of_buffer = [](const accy::host_block& block) {
        (void)block.scalar_as<std::uint64_t>(0);
    };
    BOOST_CHECK_EXCEPTION(launch_scale(scalar_of_buffer), accy::error,
                          misuse_says("scalar_as<u64> of parameter 0 'x', declared a buffer of f32 (4-byte elements)"));
    constexpr accy::host_kernel buffer_of_scalar = [](const accy::host_block& block) { (void)block.buffer_as<float>(2); };
    BOOST_CHECK_EXCEPTION(launch_scale(buffer_of_scalar), accy::error,
                          misuse_says("buffer_as<f32> of parameter 2 'n', declared a scalar of u32 (4 bytes)"));
    constexpr accy::host_kernel bytes_of_scalar = [](const accy::host_block& block) { (void)block.bytes_as<four_bytes>(2); };
    BOOST_CHECK_EXCEPTION(launch_scale(bytes_of_scalar), accy::error,
                          misuse_says("bytes_as<4-byte T> of parameter 2 'n', declared a scalar of u32 (4 bytes)"));
    constexpr accy::host_kernel scalar_of_bytes = [](const accy::host_block& block) { (void)block.scalar_as<double>(3); };
    BOOST_CHECK_EXCEPTION(launch_scale(scalar_of_bytes), accy::error,
                          misuse_says("scalar_as<f64> of parameter 3 'params', declared bytes by value (16 bytes)"));
    constexpr accy::host_kernel buffer_of_bytes = [](const accy::host_block& block) {
        (void)block.buffer_as<scale_params>(3);
    };
    BOOST_CHECK_EXCEPTION(launch_scale(buffer_of_bytes), accy::error,
                          misuse_says("buffer_as<16-byte T> of parameter 3 'params', declared bytes by value (16 bytes)"));
}

BOOST_AUTO_TEST_CASE(a_buffer_element_of_another_size_or_dtype_is_refused) {
    constexpr accy::host_kernel wider = [](const accy::host_block& block) { (void)block.buffer_as<double>(0); };
    BOOST_CHECK_EXCEPTION(launch_scale(wider), accy::error,
                          misuse_says("buffer_as<f64> of parameter 0 'x', declared a buffer of f32 (4-byte elements)"));
    constexpr accy::host_kernel untyped = [](const accy::host_block& block) { (void)block.buffer_as<three_bytes>(1); };
    BOOST_CHECK_EXCEPTION(launch_scale(untyped), accy::error,
                          misuse_says("buffer_as<3-byte T> of parameter 1 'y', declared a buffer of f32 (4-byte elements)"));
    constexpr accy::host_kernel same_size = [](const accy::host_block& block) {
        (void)block.buffer_as<const std::int32_t>(1);
    };
    BOOST_CHECK_EXCEPTION(launch_scale(same_size), accy::error,
                          misuse_says("buffer_as<i32> of parameter 1 'y', declared a buffer of f32 (4-byte elements)"));
}

BOOST_AUTO_TEST_CASE(a_buffer_without_element_type_takes_elements_that_divide_its_size) {
    constexpr accy::host_kernel four = [](const accy::host_block& block) { (void)block.buffer_as<std::uint32_t>(4); };
    BOOST_CHECK_EXCEPTION(launch_scale(four), accy::error,
                          misuse_says("buffer_as<u32> of parameter 4 'raw', declared a buffer without element type "
                                      "(10 bytes bound)"));
    constexpr accy::host_kernel three = [](const accy::host_block& block) { (void)block.buffer_as<three_bytes>(4); };
    BOOST_CHECK_EXCEPTION(launch_scale(three), accy::error, misuse_says("buffer_as<3-byte T> of parameter 4 'raw'"));
}

BOOST_AUTO_TEST_CASE(a_scalar_of_another_size_or_dtype_is_refused) {
    constexpr accy::host_kernel wider = [](const accy::host_block& block) { (void)block.scalar_as<std::uint64_t>(2); };
    BOOST_CHECK_EXCEPTION(launch_scale(wider), accy::error,
                          misuse_says("scalar_as<u64> of parameter 2 'n', declared a scalar of u32 (4 bytes)"));
    constexpr accy::host_kernel signedness = [](const accy::host_block& block) { (void)block.scalar_as<std::int32_t>(2); };
    BOOST_CHECK_EXCEPTION(launch_scale(signedness), accy::error,
                          misuse_says("scalar_as<i32> of parameter 2 'n', declared a scalar of u32 (4 bytes)"));
    constexpr accy::host_kernel floating = [](const accy::host_block& block) { (void)block.scalar_as<float>(2); };
    BOOST_CHECK_EXCEPTION(launch_scale(floating), accy::error,
                          misuse_says("scalar_as<f32> of parameter 2 'n', declared a scalar of u32 (4 bytes)"));
}

BOOST_AUTO_TEST_CASE(bytes_of_another_size_are_refused) {
    constexpr accy::host_kernel smaller = [](const accy::host_block& block) { (void)block.bytes_as<std::uint64_t>(3); };
    BOOST_CHECK_EXCEPTION(launch_scale(smaller), accy::error,
                          misuse_says("bytes_as<u64> of parameter 3 'params', declared bytes by value (16 bytes)"));
    constexpr accy::host_kernel larger = [](const accy::host_block& block) {
        (void)block.bytes_as<std::array<scale_params, 2>>(3);
    };
    BOOST_CHECK_EXCEPTION(launch_scale(larger), accy::error,
                          misuse_says("bytes_as<32-byte T> of parameter 3 'params', declared bytes by value (16 bytes)"));
}

BOOST_AUTO_TEST_CASE(a_tensor_map_is_read_as_its_description_only) {
    // mapped(const __grid_constant__ CUtensorMap a): the host backend passes the description as it is.
    const accy::parameter_list mapped_parameters{parameter::tensor_map("a", access::read, dtype::f16, 2)};
    const auto launch_mapped = [&](accy::host_kernel kernel) {
        accy::host::backend device(1);
        const accy_test::loaded_kernel<accy::host::backend> loaded(device, accy_test::host_entry("mapped", kernel, mapped_parameters));
        accy::tensor_map_description described{};
        described.element = dtype::f16;
        described.rank = 2;
        const accy::kernel_argument arguments[] = {{&described, sizeof(described), {}, true}};
        device.launch(loaded.get(), {{1, 1, 1}, {1, 1, 1}, 0}, arguments, std::nullopt);
    };
    constexpr accy::host_kernel reads = [](const accy::host_block& block) {
        if (block.tensor_map_as(0).rank != 2) throw std::logic_error("mapped: not the description passed");
    };
    launch_mapped(reads);
    constexpr accy::host_kernel as_bytes = [](const accy::host_block& block) {
        (void)block.bytes_as<accy::tensor_map_description>(0);
    };
    BOOST_CHECK_EXCEPTION(launch_mapped(as_bytes), accy::error,
                          fails_with(errc::launch_argument_mismatch, {"host kernel 'mapped': bytes_as<", "> of parameter 0 'a', "
                                                                      "declared a tensor map of f16 in 2 dimensions"}));
    constexpr accy::host_kernel map_of_scalar = [](const accy::host_block& block) { (void)block.tensor_map_as(2); };
    BOOST_CHECK_EXCEPTION(launch_scale(map_of_scalar), accy::error,
                          misuse_says("tensor_map_as of parameter 2 'n', declared a scalar of u32 (4 bytes)"));
}

BOOST_AUTO_TEST_SUITE_END()
