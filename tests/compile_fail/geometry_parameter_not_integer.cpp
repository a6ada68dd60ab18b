// SPDX-License-Identifier: Apache-2.0
// A kernel entry derives its grid's y from parameter 0, which is a buffer.
// expect: accy::pipeline: a stage's kernel entry derives a grid dimension from a parameter that is not one of its integer scalars
// expect: accy::diagnostic::report<accy::problem::geometry_parameter_not_integer
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 'f', 'i', 'l', 'l'>
// expect: accy::diagnostic::in_entry<accy::format::cuda_ptx, accy::diagnostic::text<'f', 'i', 'l', 'l'>, 2>
// expect: accy::diagnostic::at_grid_dimension<1>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

inline constexpr auto kernels = make_registry(
    kernel_entry{"compile_fail.fill", 1, format::cuda_ptx, "fill",
                 {parameter::buffer("out", access::write, dtype::f32), parameter::scalar("n", dtype::u64)},
                 payload::from_text("// fill"),
                 launch_geometry{{grid_dim::ceil_div(1, 256), grid_dim::ceil_div(0, 64), grid_dim::fixed(1)}, {256, 1, 1}}});  // mistake

struct definition {
    static constexpr std::string_view target = "compile_fail.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using n = forward<0>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.fill", 1, result<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands, results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint64_t>{1000});
}
