// SPDX-License-Identifier: Apache-2.0
// Defines the data-parallel example's pipeline, one rank's step: its gradient from the shared
// weights and its own data, the ranks' gradients summed by an all_reduce stage, and the update of
// the weights from that sum; the host kernels, the CUDA entries where they are built in, and the
// plain C++ reference of the whole step over every rank's data.
#pragma once

#include "common/block_elements.hpp"

#include <accy/accy.hpp>
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "common/cuda_code.hpp"

#include <accy_examples/data_parallel_cuda_kernels.hpp>
#endif

#include <cstdint>
#include <vector>

namespace accy_examples::data_parallel {

using accy::access;
using accy::dtype;
using accy::parameter;

inline constexpr std::uint32_t threads = 256;

inline constexpr accy::kernel_declaration gradient{
    .target = "accy.examples.data_parallel.gradient",
    .parameters = {parameter::buffer("g", access::write, dtype::f32), parameter::buffer("w", access::read, dtype::f32),
                   parameter::buffer("x", access::read, dtype::f32), parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(3, threads)};
inline constexpr accy::kernel_declaration update{
    .target = "accy.examples.data_parallel.update",
    .parameters = {parameter::buffer("next", access::write, dtype::f32), parameter::buffer("w", access::read, dtype::f32),
                   parameter::buffer("sum", access::read, dtype::f32), parameter::scalar("rate", dtype::f32),
                   parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(4, threads)};

namespace host {

/// g = w - x, the gradient of |w - x|² / 2.
inline void gradient(const accy::host_block& block) {
    const auto g = block.buffer_as<float>(0);
    const auto w = block.buffer_as<const float>(1);
    const auto x = block.buffer_as<const float>(2);
    const auto n = block.scalar_as<std::uint32_t>(3);
    const block_elements mine(block, n);
    for (std::uint32_t i = mine.begin; i < mine.end; ++i) g[i] = w[i] - x[i];
}

/// next = w - rate × sum.
inline void update(const accy::host_block& block) {
    const auto next = block.buffer_as<float>(0);
    const auto w = block.buffer_as<const float>(1);
    const auto sum = block.buffer_as<const float>(2);
    const auto rate = block.scalar_as<float>(3);
    const auto n = block.scalar_as<std::uint32_t>(4);
    const block_elements mine(block, n);
    for (std::uint32_t i = mine.begin; i < mine.end; ++i) next[i] = w[i] - rate * sum[i];
}

}  // namespace host

inline constexpr auto registry = [] {
#ifdef ACCY_EXAMPLES_WITH_CUDA
    const accy::payload module =
        cuda_code(accy::format::cuda_fatbin, cuda::code::data_parallel_fatbin, cuda::code::data_parallel_ptx);
    return accy::make_registry(gradient.host_entry(&host::gradient), update.host_entry(&host::update),
                               gradient.entry(accy::format::cuda_fatbin, "accy_examples_data_parallel_gradient", module),
                               update.entry(accy::format::cuda_fatbin, "accy_examples_data_parallel_update", module));
#else
    return accy::make_registry(gradient.host_entry(&host::gradient), update.host_entry(&host::update));
#endif
}();

/// One rank's step: its gradient from the weights w and its data x, summed over the ranks, then
/// the weights moved against the sum: next = w - rate × Σ_ranks (w - x_rank).
struct definition : accy::definition_base<"accy.examples.data_parallel", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>, accy::scalar<"rate", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;  // w, x
    using results = accy::results<accy::shape<dtype::f32, n>>;                                // next
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;  // g, sum
    using stages = accy::stages<
        accy::stage_of<gradient, accy::intermediate<0>, accy::operand<0>, accy::operand<1>, n>,
        accy::all_reduce<accy::reduction::sum, accy::intermediate<0>, accy::intermediate<1>>,
        accy::stage_of<update, accy::result<0>, accy::operand<0>, accy::intermediate<1>, accy::forward<1>, n>>;
};
using pipeline = accy::pipeline<definition>;

/// The step on the CPU, in one process: `data[r]` is rank r's x; the ranks' gradients summed in rank order.
inline std::vector<float> step(const std::vector<float>& w, const std::vector<std::vector<float>>& data, float rate) {
    std::vector<float> next(w.size());
    for (std::size_t i = 0; i < w.size(); ++i) {
        float sum = 0.0f;
        for (const std::vector<float>& x : data) sum += w[i] - x[i];
        next[i] = w[i] - rate * sum;
    }
    return next;
}

}  // namespace accy_examples::data_parallel
