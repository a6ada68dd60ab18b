// SPDX-License-Identifier: Apache-2.0
// Defines the tests' pipelines of the scratch plan: chains of `blend` stages (out = a + b / 2 over n
// floats), each stage reading the intermediate the stage before wrote, and the same with each stage
// also reading an earlier intermediate and with intermediates of several sizes, drawn from a seed.
// Host kernels run them on the host backend; placeholder PTX entries let the recording backend record them.
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace accy_test {

using chain_n = accy::forward<0>;

inline constexpr accy::kernel_declaration blend_kernel{
    .target = "accy.kernel.test.blend",
    .parameters = {accy::parameter::buffer("out", accy::access::write, accy::dtype::f32),
                   accy::parameter::buffer("a", accy::access::read, accy::dtype::f32),
                   accy::parameter::buffer("b", accy::access::read, accy::dtype::f32),
                   accy::parameter::scalar("n", accy::dtype::u32)},
    .geometry = accy::launch_geometry::covering(3, 64)};
/// `blend`, declared to wait on its predecessor (programmatic dependent launch).
inline constexpr accy::kernel_declaration blend_waiting_kernel = [] {
    accy::kernel_declaration declared = blend_kernel;
    declared.target = "accy.kernel.test.blend_waiting";
    declared.attributes.waits_on_predecessor = true;
    return declared;
}();

inline float blended(float a, float b) { return a + b / 2; }

inline void host_blend(const accy::host_block& block) {
    const auto out = block.buffer_as<float>(0);
    const auto a = block.buffer_as<const float>(1);
    const auto b = block.buffer_as<const float>(2);
    const std::uint32_t n = block.scalar_as<std::uint32_t>(3);
    const std::uint32_t begin = block.block_index.x * block.block_dim.x;
    for (std::uint32_t i = begin; i < std::min(n, begin + block.block_dim.x); ++i) out[i] = blended(a[i], b[i]);
}

inline constexpr auto chain_registry = [] {
    const accy::payload placeholder = accy::payload::from_text("// test kernel");
    return accy::make_registry(blend_kernel.entry(accy::format::cuda_ptx, blend_kernel.target, placeholder),
                               blend_waiting_kernel.entry(accy::format::cuda_ptx, blend_waiting_kernel.target, placeholder),
                               blend_kernel.host_entry(&host_blend), blend_waiting_kernel.host_entry(&host_blend));
}();

/// A number drawn from `seed` for `index`: the same at compile time and at run time.
constexpr std::uint32_t drawn(std::uint32_t seed, std::uint32_t index) noexcept {
    std::uint64_t x = (std::uint64_t{seed} << 32 | index) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::uint32_t>(x >> 32);
}

/// The shape of a pipeline drawn from `Seed` (0: a plain chain): stage s writes intermediate s (the
/// last stage the result), reads intermediate s - 1 (stage 0 operand 0) and, where the draw says,
/// an intermediate before that (else operand 1), and waits on its predecessor where the draw says
/// (never stage 0); intermediate k holds n × `scale(k)` + `extra(k)` floats.
template <std::uint32_t Seed>
struct chain_draw {
    static constexpr std::uint32_t scale(std::size_t k) { return Seed == 0 ? 1 : 1 + drawn(Seed, 3 * k) % 4; }
    static constexpr std::uint32_t extra(std::size_t k) { return Seed == 0 ? 0 : drawn(Seed, 3 * k + 1) % 97; }
    /// The earlier intermediate stage s reads besides s - 1, or `none`.
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    static constexpr std::size_t second_read(std::size_t s) {
        if (Seed == 0 || s < 2 || drawn(Seed, 3 * s + 2) % 3 == 0) return none;
        return drawn(Seed, 3 * s + 2) / 3 % (s - 1);
    }
    static constexpr bool waits(std::size_t s) { return Seed != 0 && s > 0 && drawn(Seed ^ 0x5A5Au, s) % 4 == 0; }
};

template <std::uint32_t Seed, std::size_t K>
using chain_intermediate =
    accy::shape<accy::dtype::f32, accy::sum<accy::product<chain_n, accy::constant<chain_draw<Seed>::scale(K)>>,
                                            accy::constant<chain_draw<Seed>::extra(K)>>>;

template <std::uint32_t Seed, std::size_t S, std::size_t Stages>
using chain_stage = accy::stage_of<
    chain_draw<Seed>::waits(S) ? blend_waiting_kernel : blend_kernel,
    std::conditional_t<S + 1 == Stages, accy::result<0>, accy::intermediate<S>>,
    std::conditional_t<S == 0, accy::operand<0>, accy::intermediate<S == 0 ? 0 : S - 1>>,
    std::conditional_t<chain_draw<Seed>::second_read(S) == chain_draw<Seed>::none, accy::operand<1>,
                       accy::intermediate<chain_draw<Seed>::second_read(S) == chain_draw<Seed>::none
                                              ? 0
                                              : chain_draw<Seed>::second_read(S)>>,
    chain_n>;

template <std::uint32_t Seed, std::size_t Stages, class = std::make_index_sequence<Stages - 1>,
          class = std::make_index_sequence<Stages>>
struct chain_definition;
template <std::uint32_t Seed, std::size_t Stages, std::size_t... K, std::size_t... S>
struct chain_definition<Seed, Stages, std::index_sequence<K...>, std::index_sequence<S...>>
    : accy::definition_base<"accy.test.chain", chain_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<accy::shape<accy::dtype::f32, chain_n>, accy::shape<accy::dtype::f32, chain_n>>;
    using results = accy::results<accy::shape<accy::dtype::f32, chain_n>>;
    using intermediates = accy::intermediates<chain_intermediate<Seed, K>...>;
    using stages = accy::stages<chain_stage<Seed, S, Stages>...>;
};

/// A chain of `Stages` stages drawn from `Seed`; seed 0 is the plain chain.
template <std::size_t Stages, std::uint32_t Seed = 0>
using chain = accy::pipeline<chain_definition<Seed, Stages>>;

/// The chain's result on the CPU.
template <std::size_t Stages, std::uint32_t Seed = 0>
std::vector<float> chain_on_cpu(const std::vector<float>& first, const std::vector<float>& second) {
    std::vector<std::vector<float>> written(Stages, std::vector<float>(first.size()));
    for (std::size_t s = 0; s < Stages; ++s) {
        const std::size_t also = chain_draw<Seed>::second_read(s);
        const std::vector<float>& a = s == 0 ? first : written[s - 1];
        const std::vector<float>& b = also == chain_draw<Seed>::none ? second : written[also];
        for (std::size_t i = 0; i < first.size(); ++i) written[s][i] = blended(a[i], b[i]);
    }
    return written.back();
}

}  // namespace accy_test
