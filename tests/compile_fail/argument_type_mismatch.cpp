// SPDX-License-Identifier: Apache-2.0
// A signed runtime scalar bound to the kernel's u64 parameter n, which holds none of its negative values.
// expect: accy::pipeline: a stage binds a derivation whose type the parameter does not hold
// expect: accy::diagnostic::report<accy::problem::argument_type_mismatch
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 'f', 'i', 'l', 'l'>
// expect: accy::diagnostic::at_parameter<1, accy::diagnostic::text<'n'>, accy::forward<1>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'o', 'f', 'f', 's', 'e', 't'>
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
                 launch_geometry{{grid_dim::ceil_div(1, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}}});

struct definition {
    static constexpr std::string_view target = "compile_fail.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using n = forward<0>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>, scalar<"offset", std::int64_t>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.fill", 1, result<0>, forward<1>>>;  // mistake: offset is an i64
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands, results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint64_t, std::int64_t>{1000, -2});
}
