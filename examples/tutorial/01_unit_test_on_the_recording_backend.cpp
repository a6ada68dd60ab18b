// SPDX-License-Identifier: Apache-2.0
// Tutorial 01: a unit test of your own pipeline without a device. The recording backend runs
// nothing and records every call, so a test can check what a launch would do: which kernels it
// loads, the grid of each stage, the values of its scalars and which buffers it binds, that it frees
// what it allocated, and that a bad input is refused before anything launches. The pipeline here is
// two CUDA kernels (their payload is never loaded): scale, then add a bias, through an intermediate.
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {

using accy::access;
using accy::dtype;
using accy::parameter;

constexpr accy::launch_geometry blocks_of_128 = accy::launch_geometry::covering(3, 128);  // ceil(n / 128) blocks

// __global__ void scale(const float* in, float* out, float factor, unsigned n)
constexpr accy::kernel_entry scale{
    .target = "tutorial.scale", .version = 1, .format = accy::format::cuda_ptx, .entry_name = "scale",
    .parameters = {parameter::buffer("in", access::read, dtype::f32), parameter::buffer("out", access::write, dtype::f32),
                   parameter::scalar("factor", dtype::f32), parameter::scalar("n", dtype::u32)},
    .payload = accy::payload::from_text("// the PTX of scale, which a test on the recording backend never loads"),
    .geometry = blocks_of_128};
// __global__ void add_bias(const float* in, float* out, float bias, unsigned n)
constexpr accy::kernel_entry add_bias{
    .target = "tutorial.add_bias", .version = 1, .format = accy::format::cuda_ptx, .entry_name = "add_bias",
    .parameters = {parameter::buffer("in", access::read, dtype::f32), parameter::buffer("out", access::write, dtype::f32),
                   parameter::scalar("bias", dtype::f32), parameter::scalar("n", dtype::u32)},
    .payload = accy::payload::from_text("// the PTX of add_bias"),
    .geometry = blocks_of_128};
constexpr auto kernels = accy::make_registry(scale, add_bias);

struct affine_definition {
    static constexpr std::string_view target = "tutorial.affine";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"factor", float>, accy::scalar<"bias", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"tutorial.scale", 1, accy::operand<0>, accy::intermediate<0>, accy::forward<1>, n>,
                                accy::stage<"tutorial.add_bias", 1, accy::intermediate<0>, accy::result<0>, accy::forward<2>, n>>;
};
using affine = accy::pipeline<affine_definition>;

int failures = 0;
void expect(bool holds, const char* what) {
    if (holds) return;
    std::fprintf(stderr, "FAILED: %s\n", what);
    ++failures;
}

}  // namespace

int main() {
    accy::testing::recording_backend device;
    const accy::device_buffer<float, accy::testing::recording_backend> in(device, 1000), out(device, 1000);
    accy::launch_pipeline<affine>(device, accy::formats::cuda_ptx, std::array{in.view()}, std::array{out.view()},
                                  affine::runtime_scalars(std::uint32_t{1000}, 2.0f, 0.5f));

    // Two kernels loaded and launched, 8 blocks of 128 each (ceil(1000 / 128)), with their scalars.
    expect(device.load_count == 2 && device.launch_count == 2, "two kernels loaded and launched");
    const auto& first = device.launches.at(0);
    const auto& second = device.launches.at(1);
    expect(first.config.grid.x == 8 && first.config.block.x == 128, "stage 0: 8 blocks of 128");
    expect(first.value<float>(2) == 2.0f && second.value<float>(2) == 0.5f, "factor and bias");
    expect(first.value<std::uint32_t>(3) == 1000 && second.value<std::uint32_t>(3) == 1000, "n to both stages");
    // Stage 0 writes the intermediate stage 1 reads; the caller's buffers are bound where declared.
    expect(first.buffer_id(0) == device.id_of(in.view()) && second.buffer_id(1) == device.id_of(out.view()), "operand and result");
    expect(first.buffer_id(1) == second.buffer_id(0), "the intermediate between the stages");
    // The cold launch allocated the intermediate and loaded the kernels, and released all of it: what
    // is left alive is the test's own two buffers.
    expect(device.live_objects() == 2, "nothing left alive but the test's buffers");

    // A bad input is refused before anything launches, with the code and the numbers.
    const std::size_t launched = device.launch_count;
    try {
        accy::launch_pipeline<affine>(device, accy::formats::cuda_ptx, std::array{in.view()}, std::array{out.view()},
                                      affine::runtime_scalars(std::uint32_t{2000}, 2.0f, 0.5f));
        expect(false, "2000 elements in buffers of 1000 are refused");
    } catch (const accy::error& refused) {
        expect(refused.code() == accy::errc::launch_argument_mismatch &&
                   std::string(refused.what()).find("holds 4000 bytes, the runtime scalars need 8000") != std::string::npos,
               "the refusal names the sizes");
    }
    expect(device.launch_count == launched, "nothing launched by a refused call");

    std::printf("affine pipeline on the recording backend: %d failed checks\n", failures);
    return failures == 0 ? 0 : 1;
}
