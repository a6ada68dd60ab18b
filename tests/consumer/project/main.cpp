// A program that uses accy as a consumer would: a one-stage pipeline, launched on the recording backend.
#include <accy/accy.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

using accy::grid_dim;

constexpr auto kernels = accy::make_registry(accy::kernel_entry{
    "consumer.scale", 1, accy::format::cuda_ptx, "scale", {accy::access::write, accy::access::read}, 1,
    accy::payload::from_text("// scale"),
    accy::launch_geometry{{grid_dim::ceil_div(0, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}}});

struct scale_definition {
    static constexpr std::string_view target = "consumer.scale_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    static constexpr std::size_t operand_count = 1, result_count = 1, runtime_scalar_count = 1;
    using intermediates = accy::intermediates<>;
    using stages = accy::stages<accy::stage<"consumer.scale", 1, accy::buffers<accy::result<0>, accy::operand<0>>,
                                            accy::scalars<accy::forward<0>>>>;
};
using scale = accy::pipeline<scale_definition>;

}  // namespace

int main() {
    accy::testing::recording_backend backend;
    const std::array<accy::buffer, 1> operands{backend.allocate_buffer(4000)};
    const std::array<accy::buffer, 1> results{backend.allocate_buffer(4000)};
    const std::array<std::uint32_t, 1> runtime_scalars{1000};
    accy::launch_pipeline<scale>(backend, accy::formats::cuda_ptx, operands, results, runtime_scalars);

    if (backend.launch_count != 1 || backend.launches.size() != 1 || backend.launches[0].dims.grid.x != 4) {
        std::fprintf(stderr, "accy consumer: expected one launch of 4 blocks, got %zu launches\n", backend.launch_count);
        return 1;
    }
    std::puts("accy consumer: one stage launched, 4 blocks of 256");
    return 0;
}
