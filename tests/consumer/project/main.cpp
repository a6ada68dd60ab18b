// SPDX-License-Identifier: Apache-2.0
// A program that uses accy as a consumer would: a one-stage pipeline, launched on the recording backend.
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>
#ifdef ACCY_CONSUMER_CUDA
#include <accy/backend/cuda.hpp>
#include <accy_consumer/kernels.hpp>
#endif
#ifdef ACCY_CONSUMER_HANA
#include <accy/hana.hpp>

#include <boost/hana.hpp>
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

using accy::grid_dim;

using accy::parameter;

// scale(float* out, const float* in, float factor, unsigned long long n)
constexpr auto kernels = accy::make_registry(accy::kernel_entry{
    "consumer.scale", 1, accy::format::cuda_ptx, "scale",
    {parameter::buffer("out", accy::access::write, accy::dtype::f32), parameter::buffer("in", accy::access::read, accy::dtype::f32),
     parameter::scalar("factor", accy::dtype::f32), parameter::scalar("n", accy::dtype::u64)},
    accy::payload::from_text("// scale"),
    accy::launch_geometry{{grid_dim::ceil_div(3, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}}});

struct scale_definition {
    static constexpr std::string_view target = "consumer.scale_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"factor", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype::f32, n>>;
    using results = accy::results<accy::shape<accy::dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"consumer.scale", 1, accy::result<0>, accy::operand<0>, accy::forward<1>, n>>;
};
using scale = accy::pipeline<scale_definition>;

#ifdef ACCY_CONSUMER_HANA
// The consumer's own rule over its pipeline, through the hana component: one stage, which binds two buffers.
using scale_view = accy::hana_view<scale>;
static_assert(boost::hana::size(scale_view::stages) == boost::hana::size_c<1>);
static_assert(boost::hana::size(scale_view::buffers(scale_view::stages[boost::hana::size_c<0>])) == boost::hana::size_c<2>);
#endif

}  // namespace

int main() {
    accy::testing::recording_backend backend;
    const std::array<accy::buffer, 1> operands{backend.allocate_buffer(4000)};
    const std::array<accy::buffer, 1> results{backend.allocate_buffer(4000)};
    const scale::scalar_values runtime_scalars{1000, 2.5f};
    accy::launch_pipeline<scale>(backend, accy::formats::cuda_ptx, operands, results, runtime_scalars);

    if (backend.launch_count != 1 || backend.launches.size() != 1 || backend.launches[0].config.grid.x != 4 ||
        backend.launches[0].value<float>(2) != 2.5f || backend.launches[0].value<std::uint64_t>(3) != 1000) {
        std::fprintf(stderr, "accy consumer: expected one launch of 4 blocks, got %zu launches\n", backend.launch_count);
        return 1;
    }
#ifdef ACCY_CONSUMER_CUDA
    if (accy_consumer::code::scale_fatbin.empty() || accy_consumer::code::scale_ptx.find(".entry scale") == std::string_view::npos) {
        std::fputs("accy consumer: accy_add_kernels embedded no fatbin or PTX for scale\n", stderr);
        return 1;
    }
    std::printf("accy consumer: scale embedded, fatbin of %zu bytes\n", accy_consumer::code::scale_fatbin.size());
#endif
    std::puts("accy consumer: one stage launched, 4 blocks of 256");
    return 0;
}
