// SPDX-License-Identifier: Apache-2.0
// A kernel entry has a fixed grid of 6 blocks in y under clusters of 4 blocks in y.
// expect: accy::pipeline: a stage's kernel entry has a fixed grid dimension that is not a multiple of its cluster's
// expect: accy::diagnostic::report<accy::problem::grid_not_multiple_of_cluster
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
                 launch_geometry{{grid_dim::ceil_div(1, 256), grid_dim::fixed(6), grid_dim::fixed(1)}, {256, 1, 1}},
                 launch_attributes{{1, 4, 1}}});  // mistake

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
