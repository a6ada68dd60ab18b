// SPDX-License-Identifier: Apache-2.0
// A map of an i32 tensor asks for NaN in the box's elements outside the tensor.
// expect: accy::tensor_map<..., options>: tensor_map_fill::nan needs a floating-point element; use tensor_map_fill::zero
// expect: accy::diagnostic::report<accy::problem::tensor_map_fill_not_floating
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
    {parameter::tensor_map("map", access::read, dtype::i32, 1), parameter::buffer("out", access::write, dtype::i32),
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
    using map = tensor_map<operand<0>, extents<n>, box<64>, tensor_map_options{.fill = tensor_map_fill::nan}>;  // mistake
    using stages = accy::stages<stage<"compile_fail.tile", 1, map, result<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
