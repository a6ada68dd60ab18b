// SPDX-License-Identifier: Apache-2.0
// A stage converts a struct runtime scalar to a u64.
// expect: accy::pipeline: convert<dtype, D> of a struct runtime scalar; structs bind only bytes parameters
// expect: accy::diagnostic::report<accy::problem::conversion_of_bytes
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 'f', 'i', 'l', 'l'>
// expect: accy::diagnostic::at_parameter<1, accy::diagnostic::text<'n'>, accy::convert<accy::dtype::u64, accy::forward<1>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'s', 'h', 'a', 'p', 'e'>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

struct extent {
    std::uint64_t rows, cols;
};

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
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>, scalar<"shape", extent>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.fill", 1, result<0>, convert<dtype::u64, forward<1>>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands, results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint64_t, extent>{1000, {10, 100}});
}
