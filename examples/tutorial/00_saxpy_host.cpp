// SPDX-License-Identifier: Apache-2.0
// Tutorial 00: one kernel, one pipeline, run on the host backend (no GPU needed). out = alpha * x + y
// over n floats: a kernel entry whose payload is a C++ function, a pipeline that binds its
// parameters, buffers on the backend, one launch, and the result checked against plain C++ on fresh
// random data. Run: accy_tutorial_00_saxpy_host [n]
#include <accy/accy.hpp>
#include <accy/backend/host.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using accy::access;
using accy::dtype;
using accy::parameter;

// The kernel, run once per block: block b handles elements [256 b, 256 b + 256). A CUDA kernel of
// the same parameters: `saxpy(const float* x, const float* y, float* out, float alpha, unsigned long long n)`.
void saxpy_block(const accy::host_block& block) {
    const auto x = block.buffer_as<const float>(0);
    const auto y = block.buffer_as<const float>(1);
    const auto out = block.buffer_as<float>(2);
    const float alpha = block.scalar_as<float>(3);
    const std::uint64_t n = block.scalar_as<std::uint64_t>(4);
    const std::uint64_t first = std::uint64_t{block.block_index.x} * block.block_dim.x;
    for (std::uint64_t i = first; i < first + block.block_dim.x && i < n; ++i) out[i] = alpha * x[i] + y[i];
}

// Its entry: the parameters in the order the kernel takes them, and a grid of ceil(n / 256) blocks of 256.
constexpr accy::kernel_entry saxpy{
    .target = "tutorial.saxpy",
    .version = 1,
    .format = accy::format::host,
    .entry_name = "saxpy",
    .parameters = {parameter::buffer("x", access::read, dtype::f32), parameter::buffer("y", access::read, dtype::f32),
                   parameter::buffer("out", access::write, dtype::f32), parameter::scalar("alpha", dtype::f32),
                   parameter::scalar("n", dtype::u64)},
    .payload = accy::payload::from_host(&saxpy_block),
    .geometry = accy::launch_geometry::covering(4, 256)};
constexpr auto kernels = accy::make_registry(saxpy);

// The pipeline: runtime scalars n (at least 1) and alpha; operands x and y; result out; one stage,
// whose arguments bind the kernel's parameters in order.
struct saxpy_definition {
    static constexpr std::string_view target = "tutorial.saxpy_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t, accy::at_least<1>>, accy::scalar<"alpha", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using stages =
        accy::stages<accy::stage<"tutorial.saxpy", 1, accy::operand<0>, accy::operand<1>, accy::result<0>, accy::forward<1>, n>>;
};
using saxpy_pipeline = accy::pipeline<saxpy_definition>;

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000003;
    const float alpha = 2.5f;
    std::mt19937 random(std::random_device{}());
    std::uniform_real_distribution<float> values(-1.0f, 1.0f);
    std::vector<float> x(n), y(n);
    for (float& v : x) v = values(random);
    for (float& v : y) v = values(random);

    accy::host::backend device;
    accy::device_buffer<float, accy::host::backend> x_buffer(device, n), y_buffer(device, n), out_buffer(device, n);
    x_buffer.upload(x);
    y_buffer.upload(y);
    accy::launch_pipeline<saxpy_pipeline>(device, accy::formats::host, std::array{x_buffer.view(), y_buffer.view()},
                                          std::array{out_buffer.view()}, saxpy_pipeline::runtime_scalars(n, alpha));
    const std::vector<float> result = out_buffer.download();

    std::uint64_t wrong = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        const float expected = alpha * x[i] + y[i];  // within rounding: the compiler may fuse either side's multiply-add
        wrong += std::abs(result[i] - expected) > 1e-6f * (std::abs(alpha * x[i]) + std::abs(y[i])) ? 1 : 0;
    }
    std::printf("saxpy of %llu floats on the host backend (%u threads): %llu wrong\n", static_cast<unsigned long long>(n),
                device.thread_count(), static_cast<unsigned long long>(wrong));
    return wrong == 0 ? 0 : 1;
}
