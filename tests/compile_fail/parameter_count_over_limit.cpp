// SPDX-License-Identifier: Apache-2.0
// A kernel entry declares 33 parameters, one more than a launch packs.
// expect: accy::pipeline: a stage's kernel entry declares more than limits::kernel_parameters (32) parameters
// expect: accy::diagnostic::report<accy::problem::parameter_count_over_limit
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 'f', 'i', 'l', 'l'>
// expect: accy::diagnostic::in_entry<accy::format::cuda_ptx, accy::diagnostic::text<'f', 'i', 'l', 'l'>, 32>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

inline constexpr auto kernels = make_registry(
    kernel_entry{"compile_fail.fill", 1, format::cuda_ptx, "fill",
                 {parameter::buffer("out", access::write, dtype::f32),  // mistake: and 32 scalars
                  parameter::scalar("p0", dtype::u32), parameter::scalar("p1", dtype::u32), parameter::scalar("p2", dtype::u32), parameter::scalar("p3", dtype::u32),
                  parameter::scalar("p4", dtype::u32), parameter::scalar("p5", dtype::u32), parameter::scalar("p6", dtype::u32), parameter::scalar("p7", dtype::u32),
                  parameter::scalar("p8", dtype::u32), parameter::scalar("p9", dtype::u32), parameter::scalar("p10", dtype::u32), parameter::scalar("p11", dtype::u32),
                  parameter::scalar("p12", dtype::u32), parameter::scalar("p13", dtype::u32), parameter::scalar("p14", dtype::u32), parameter::scalar("p15", dtype::u32),
                  parameter::scalar("p16", dtype::u32), parameter::scalar("p17", dtype::u32), parameter::scalar("p18", dtype::u32), parameter::scalar("p19", dtype::u32),
                  parameter::scalar("p20", dtype::u32), parameter::scalar("p21", dtype::u32), parameter::scalar("p22", dtype::u32), parameter::scalar("p23", dtype::u32),
                  parameter::scalar("p24", dtype::u32), parameter::scalar("p25", dtype::u32), parameter::scalar("p26", dtype::u32), parameter::scalar("p27", dtype::u32),
                  parameter::scalar("p28", dtype::u32), parameter::scalar("p29", dtype::u32), parameter::scalar("p30", dtype::u32), parameter::scalar("p31", dtype::u32)},
                 payload::from_text("// fill"),
                 launch_geometry{{grid_dim::ceil_div(1, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}}});

struct definition {
    static constexpr std::string_view target = "compile_fail.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using n = forward<0>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.fill", 1, result<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands, results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
