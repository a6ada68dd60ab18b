// SPDX-License-Identifier: Apache-2.0
// A Triton kernel add_one(x, y, n) takes the two scratch pointers its compiler appends, (ptr, ptr,
// u32, ptr, ptr), and its entry declares all five; the stage binds only the three of the source.
// expect: accy::pipeline: a stage binds a different number of arguments than its kernel entry declares parameters; bind every parameter, in order
// expect: accy::diagnostic::report<accy::problem::argument_count_mismatch
// expect: in_stage<0, accy::diagnostic::text<'c', 'o', 'm', 'p', 'i', 'l', 'e', '_', 'f', 'a', 'i', 'l', '.', 'a', 'd', 'd', '_', 'o', 'n', 'e'>
// expect: accy::diagnostic::in_entry<accy::format::cuda_ptx, accy::diagnostic::text<'a', 'd', 'd', '_', 'o', 'n', 'e', '_', 'k', 'e', 'r', 'n', 'e', 'l'>, 5>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

inline constexpr auto kernels = make_registry(kernel_entry{
    "compile_fail.add_one", 1, format::cuda_ptx, "add_one_kernel",
    {parameter::buffer("x_ptr", access::read, dtype::f32), parameter::buffer("y_ptr", access::write, dtype::f32),
     parameter::scalar("n", dtype::u32), parameter::buffer("global_scratch", access::read_write),
     parameter::buffer("profile_scratch", access::read_write)},
    payload::from_text("// add_one"),
    launch_geometry{{grid_dim::ceil_div(2, 1024), grid_dim::fixed(1), grid_dim::fixed(1)}, {128, 1, 1}}});

struct definition {
    static constexpr std::string_view target = "compile_fail.add_one_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using n = forward<0>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>>;
    using operands = accy::operands<shape<dtype::f32, n>>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.add_one", 1, operand<0>, result<0>, convert<dtype::u32, n>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint64_t>{1000});
}
