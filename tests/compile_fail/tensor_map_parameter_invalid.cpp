// SPDX-License-Identifier: Apache-2.0
// A tensor map parameter of rank 6; TMA takes at most 5 dimensions.
// expect: accy::parameter::tensor_map(name, access, dtype, rank, alignment): rank must be 1 to 5 and alignment 128 (CUDA 13's CUtensorMap) or 64 (CUDA 12's)
// expect: accy::diagnostic::report<accy::problem::tensor_map_parameter_invalid
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 't', 'i', 'l', 'e'>
// expect: accy::diagnostic::at_parameter<0, accy::diagnostic::text<'m', 'a', 'p'>, accy::tensor_map<accy::operand<0>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

constexpr auto kernels = make_registry(kernel_entry{
    "compile_fail.tile", 1, format::cuda_ptx, "tile",
    {parameter::tensor_map("map", access::read, dtype::i32, 6),  // mistake
     parameter::buffer("out", access::write, dtype::i32),
     parameter::scalar("n", dtype::u32)},
    payload::from_text("not loaded"), {{grid_dim::ceil_div(2, 64), grid_dim::fixed(1), grid_dim::fixed(1)}, {64, 1, 1}}});

struct definition {
    static constexpr std::string_view target = "compile_fail.tile";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t, at_least<1>>>;
    using n = forward<0>;
    using operands = accy::operands<shape<dtype::i32, n>>;
    using results = accy::results<shape<dtype::i32, n>>;
    using map = tensor_map<operand<0>, extents<n>, box<64>>;
    using stages = accy::stages<stage<"compile_fail.tile", 1, map, result<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
