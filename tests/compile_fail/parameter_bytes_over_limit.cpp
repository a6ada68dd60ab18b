// SPDX-License-Identifier: Apache-2.0
// A kernel entry takes a 32760-byte struct by value after 16 bytes of other parameters.
// expect: accy::pipeline: a stage's kernel entry declares more than limits::parameter_bytes (32764) bytes of parameters
// expect: accy::diagnostic::report<accy::problem::parameter_bytes_over_limit
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 'f', 'i', 'l', 'l'>
// expect: accy::diagnostic::in_entry<accy::format::cuda_ptx, accy::diagnostic::text<'f', 'i', 'l', 'l'>, 3>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

struct table {
    std::uint64_t words[4095];  // 32760 bytes
};

inline constexpr auto kernels = make_registry(
    kernel_entry{"compile_fail.fill", 1, format::cuda_ptx, "fill",
                 {parameter::buffer("out", access::write, dtype::f32), parameter::scalar("n", dtype::u64),
                  parameter::bytes("table", sizeof(table), alignof(table))},
                 payload::from_text("// fill"),
                 launch_geometry{{grid_dim::ceil_div(1, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}}});  // mistake

struct definition {
    static constexpr std::string_view target = "compile_fail.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using n = forward<0>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>, scalar<"table", table>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.fill", 1, result<0>, n, forward<1>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands, results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint64_t, table>{1000, {}});
}
