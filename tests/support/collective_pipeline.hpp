// SPDX-License-Identifier: Apache-2.0
// Defines the tests' pipelines with collective stages, over host kernels (and, on the recording
// backend, their cuda_ptx entries): a data-parallel step (scale → all_reduce → scale), and a
// pipeline of every collective: all_gather, reduce_scatter, broadcast, and a send and receive
// around a ring of ranks; and a ring whose receive comes first.
#pragma once

#include <accy/accy.hpp>

#include <algorithm>
#include <cstdint>

namespace accy_test::collectives {

using accy::access;
using accy::dtype;
using accy::parameter;

/// y = 2 x over n floats.
inline void doubled(const accy::host_block& block) {
    const auto y = block.buffer_as<float>(0);
    const auto x = block.buffer_as<const float>(1);
    const auto n = block.scalar_as<std::uint32_t>(2);
    const std::uint32_t first = block.block_index.x * block.block_dim.x;
    for (std::uint32_t i = first; i < std::min(n, first + block.block_dim.x); ++i) y[i] = 2.0f * x[i];
}

inline constexpr accy::kernel_declaration twice{
    .target = "accy.test.collectives.twice",
    .parameters = {parameter::buffer("y", access::write, dtype::f32), parameter::buffer("x", access::read, dtype::f32),
                   parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(2, 64)};

inline constexpr auto registry =
    accy::make_registry(twice.host_entry(&doubled), twice.entry(accy::format::cuda_ptx, "twice", accy::payload::from_text("// twice")));

using n = accy::forward<0>;

/// result = 2 × the ranks' sum of (2 × operand).
struct step_definition : accy::definition_base<"accy.test.collectives.step", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage_of<twice, accy::intermediate<0>, accy::operand<0>, n>,
                                accy::all_reduce<accy::reduction::sum, accy::intermediate<0>, accy::intermediate<1>>,
                                accy::stage_of<twice, accy::result<0>, accy::intermediate<1>, n>>;
};
using step = accy::pipeline<step_definition>;

/// With n elements a rank: result 0 = every rank's operand in rank order (all_gather); this rank's
/// block of the ranks' result 0 summed (reduce_scatter: every rank's result 0 is the same, so rank r
/// gets ranks × rank r's operand); result 1 = rank 0's of those (broadcast), ranks × rank 0's
/// operand; result 2 = the previous rank's operand (a send to `next`, a receive from `previous`).
struct every_definition : accy::definition_base<"accy.test.collectives.every", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"ranks", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"next", std::int32_t>, accy::scalar<"previous", std::int32_t>>;
    using gathered = accy::product<n, accy::forward<1>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, gathered>, accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::all_gather<accy::operand<0>, accy::result<0>>,
                                accy::reduce_scatter<accy::reduction::sum, accy::result<0>, accy::intermediate<0>>,
                                accy::broadcast<0, accy::intermediate<0>, accy::result<1>>,
                                accy::send<accy::forward<2>, accy::operand<0>>,
                                accy::receive<accy::forward<3>, accy::result<2>>>;
};
using every = accy::pipeline<every_definition>;

/// A ring whose receive comes before its send: result 0 = the previous rank's operand. The two run as
/// one group, so that no rank waits for a send that its peer has not made yet.
struct ring_definition : accy::definition_base<"accy.test.collectives.ring", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"next", std::int32_t>, accy::scalar<"previous", std::int32_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::receive<accy::forward<2>, accy::result<0>>, accy::send<accy::forward<1>, accy::operand<0>>>;
};
using ring = accy::pipeline<ring_definition>;

}  // namespace accy_test::collectives
