// SPDX-License-Identifier: Apache-2.0
// A launch passes another struct of the same size where the pipeline declares a struct runtime scalar.
// expect: accy: a runtime scalar's type differs from the type P declares for it; runtime scalars are not converted: build them with P::runtime_scalars(values...)
// expect: accy::diagnostic::in_scalar<1, accy::diagnostic::text<'p', 'a', 'r', 'a', 'm', 'e', 't', 'e', 'r', 's'>
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>

using namespace accy;

struct parameters {
    float scale, offset;
};
struct other_parameters {
    std::int32_t first, second;
};

inline constexpr auto kernels = make_registry(kernel_entry{
    "compile_fail.affine", 1, format::cuda_ptx, "affine",
    {parameter::buffer("out", access::write, dtype::f32), parameter::bytes("parameters", sizeof(parameters), alignof(parameters)),
     parameter::scalar("n", dtype::u64)},
    payload::from_text("// affine"),
    launch_geometry{{grid_dim::ceil_div(2, 256), grid_dim::fixed(1), grid_dim::fixed(1)}, {256, 1, 1}}});

struct definition {
    static constexpr std::string_view target = "compile_fail.affine_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using n = forward<0>;
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>, scalar<"parameters", parameters>>;
    using operands = accy::operands<>;
    using results = accy::results<shape<dtype::f32, n>>;
    using stages = accy::stages<stage<"compile_fail.affine", 1, result<0>, forward<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 0> operands{};
    const std::array<buffer, 1> results{};
    const std::tuple<std::uint64_t, other_parameters> runtime_scalars{1000, {1, 2}};  // mistake: not a `parameters`
    launch_pipeline<pipeline<definition>>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
