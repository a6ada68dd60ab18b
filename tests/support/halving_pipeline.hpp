// SPDX-License-Identifier: Apache-2.0
// Defines the tests' looping pipeline: copy the operand into the result, then halve every element
// above a threshold while any is above it (a repeat_while, at most `passes` times), then negate the
// result when the loop stopped at its bound with elements still above it (a when). Host kernels run
// it on the host backend; placeholder PTX entries let the recording backend record it.
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace accy_test {

inline constexpr accy::kernel_declaration copy_kernel{
    .target = "accy.kernel.test.copy",
    .parameters = {accy::parameter::buffer("out", accy::access::write, accy::dtype::f32),
                   accy::parameter::buffer("in", accy::access::read, accy::dtype::f32), accy::parameter::scalar("n", accy::dtype::u32)},
    .geometry = accy::launch_geometry::covering(2, 64)};
inline constexpr accy::kernel_declaration halve_kernel{
    .target = "accy.kernel.test.halve_above",
    .parameters = {accy::parameter::buffer("values", accy::access::read_write, accy::dtype::f32),
                   accy::parameter::scalar("threshold", accy::dtype::f32), accy::parameter::scalar("n", accy::dtype::u32)},
    .geometry = accy::launch_geometry::covering(2, 64)};
inline constexpr accy::kernel_declaration any_above_kernel{
    .target = "accy.kernel.test.any_above",
    .parameters = {accy::parameter::buffer("flag", accy::access::write, accy::dtype::u32),
                   accy::parameter::buffer("values", accy::access::read, accy::dtype::f32),
                   accy::parameter::scalar("threshold", accy::dtype::f32), accy::parameter::scalar("n", accy::dtype::u32)},
    .geometry = accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1})};
inline constexpr accy::kernel_declaration negate_kernel{
    .target = "accy.kernel.test.negate",
    .parameters = {accy::parameter::buffer("values", accy::access::read_write, accy::dtype::f32),
                   accy::parameter::scalar("n", accy::dtype::u32)},
    .geometry = accy::launch_geometry::covering(1, 64)};

/// The elements of `block` of a launch over `n` elements.
inline std::uint32_t block_begin(const accy::host_block& block) { return block.block_index.x * block.block_dim.x; }
inline std::uint32_t block_end(const accy::host_block& block, std::uint32_t n) {
    return std::min(n, block_begin(block) + block.block_dim.x);
}

inline void host_copy(const accy::host_block& block) {
    const auto out = block.buffer_as<float>(0);
    const auto in = block.buffer_as<const float>(1);
    for (std::uint32_t i = block_begin(block); i < block_end(block, block.scalar_as<std::uint32_t>(2)); ++i) out[i] = in[i];
}

inline void host_halve_above(const accy::host_block& block) {
    const auto values = block.buffer_as<float>(0);
    const auto threshold = block.scalar_as<float>(1);
    for (std::uint32_t i = block_begin(block); i < block_end(block, block.scalar_as<std::uint32_t>(2)); ++i)
        if (std::abs(values[i]) > threshold) values[i] /= 2;
}

inline void host_any_above(const accy::host_block& block) {
    const auto values = block.buffer_as<const float>(1);
    const auto threshold = block.scalar_as<float>(2);
    const auto n = block.scalar_as<std::uint32_t>(3);
    std::uint32_t above = 0;
    for (std::uint32_t i = 0; i < n; ++i) above += std::abs(values[i]) > threshold ? 1 : 0;
    block.buffer_as<std::uint32_t>(0)[0] = above;
}

inline void host_negate(const accy::host_block& block) {
    const auto values = block.buffer_as<float>(0);
    for (std::uint32_t i = block_begin(block); i < block_end(block, block.scalar_as<std::uint32_t>(1)); ++i) values[i] = -values[i];
}

inline constexpr auto halving_registry = [] {
    const accy::payload placeholder = accy::payload::from_text("// test kernel");
    return accy::make_registry(copy_kernel.entry(accy::format::cuda_ptx, copy_kernel.target, placeholder),
                               halve_kernel.entry(accy::format::cuda_ptx, halve_kernel.target, placeholder),
                               any_above_kernel.entry(accy::format::cuda_ptx, any_above_kernel.target, placeholder),
                               negate_kernel.entry(accy::format::cuda_ptx, negate_kernel.target, placeholder),
                               copy_kernel.host_entry(&host_copy), halve_kernel.host_entry(&host_halve_above),
                               any_above_kernel.host_entry(&host_any_above), negate_kernel.host_entry(&host_negate));
}();

struct halving_definition : accy::definition_base<"accy.test.halving", halving_registry> {
    using n = accy::forward<0>;
    using threshold = accy::forward<2>;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>, accy::scalar<"passes", std::uint32_t>,
                                                  accy::scalar<"threshold", float>>;
    using operands = accy::operands<accy::shape<accy::dtype::f32, n>>;
    using results = accy::results<accy::shape<accy::dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<accy::dtype::u32, accy::constant<1u>>>;
    using stages = accy::stages<
        accy::stage_of<copy_kernel, accy::result<0>, accy::operand<0>, n>,
        accy::repeat_while<accy::intermediate<0>, accy::forward<1>,
                           accy::stage_of<halve_kernel, accy::result<0>, threshold, n>,
                           accy::stage_of<any_above_kernel, accy::intermediate<0>, accy::result<0>, threshold, n>>,
        accy::when<accy::intermediate<0>, accy::stage_of<negate_kernel, accy::result<0>, n>>>;
};
using halving = accy::pipeline<halving_definition>;

/// The pipeline's result on the CPU, and the passes its loop makes.
struct halved {
    std::vector<float> values;
    std::uint32_t passes = 0;
};

inline halved halve_on_cpu(std::vector<float> values, std::uint32_t bound, float threshold) {
    const auto any_above = [&] {
        return std::any_of(values.begin(), values.end(), [&](float value) { return std::abs(value) > threshold; });
    };
    std::uint32_t passes = 0;
    bool above = true;
    while (above && passes < bound) {
        for (float& value : values)
            if (std::abs(value) > threshold) value /= 2;
        ++passes;
        above = any_above();
    }
    if (above)
        for (float& value : values) value = -value;
    return {values, passes};
}

}  // namespace accy_test
