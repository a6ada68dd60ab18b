// SPDX-License-Identifier: Apache-2.0
// Defines the Jacobi example's pipeline: Jacobi sweeps for the tridiagonal system 4 x[i] - x[i - 1]
// - x[i + 1] = b[i] (zero past both ends), two sweeps a pass, repeated while the second moves some
// element by more than the tolerance, at most `most_passes` times; the host kernels, the CUDA
// entries where they are built in, and the plain C++ reference.
#pragma once

#include "common/block_elements.hpp"

#include <accy/accy.hpp>
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "common/cuda_code.hpp"

#include <accy_examples/jacobi_cuda_kernels.hpp>
#endif

#include <atomic>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace accy_examples::jacobi {

using accy::access;
using accy::dtype;
using accy::parameter;

inline constexpr std::uint32_t threads = 256;

inline constexpr accy::kernel_declaration start{
    .target = "accy.examples.jacobi.start",
    .parameters = {parameter::buffer("x", access::write, dtype::f32), parameter::buffer("b", access::read, dtype::f32),
                   parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(2, threads)};
inline constexpr accy::kernel_declaration sweep{
    .target = "accy.examples.jacobi.sweep",
    .parameters = {parameter::buffer("next", access::write, dtype::f32), parameter::buffer("x", access::read, dtype::f32),
                   parameter::buffer("b", access::read, dtype::f32), parameter::buffer("moved", access::write, dtype::u32),
                   parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(4, threads)};
inline constexpr accy::kernel_declaration sweep_and_test{
    .target = "accy.examples.jacobi.sweep_and_test",
    .parameters = {parameter::buffer("next", access::write, dtype::f32), parameter::buffer("x", access::read, dtype::f32),
                   parameter::buffer("b", access::read, dtype::f32), parameter::buffer("moved", access::read_write, dtype::u32),
                   parameter::scalar("tolerance", dtype::f32), parameter::scalar("n", dtype::u32)},
    .geometry = accy::launch_geometry::covering(5, threads)};

/// One element of a sweep, as jacobi.cu computes it.
inline float swept(const float* x, const float* b, std::uint32_t i, std::uint32_t n) {
    const float left = i > 0 ? x[i - 1] : 0.0f;
    const float right = i + 1 < n ? x[i + 1] : 0.0f;
    return (b[i] + left + right) * 0.25f;
}

namespace host {

inline void start(const accy::host_block& block) {
    const auto x = block.buffer_as<float>(0);
    const auto b = block.buffer_as<const float>(1);
    const auto n = block.scalar_as<std::uint32_t>(2);
    const block_elements mine(block, n);
    for (std::uint32_t i = mine.begin; i < mine.end; ++i) x[i] = b[i] * 0.25f;
}

inline void sweep(const accy::host_block& block) {
    const auto next = block.buffer_as<float>(0);
    const auto x = block.buffer_as<const float>(1);
    const auto b = block.buffer_as<const float>(2);
    const auto n = block.scalar_as<std::uint32_t>(4);
    if (block.block_index.x == 0) block.buffer_as<std::uint32_t>(3)[0] = 0;
    const block_elements mine(block, n);
    for (std::uint32_t i = mine.begin; i < mine.end; ++i) next[i] = swept(x.data(), b.data(), i, n);
}

inline void sweep_and_test(const accy::host_block& block) {
    const auto next = block.buffer_as<float>(0);
    const auto x = block.buffer_as<const float>(1);
    const auto b = block.buffer_as<const float>(2);
    const auto tolerance = block.scalar_as<float>(4);
    const auto n = block.scalar_as<std::uint32_t>(5);
    bool moved = false;
    const block_elements mine(block, n);
    for (std::uint32_t i = mine.begin; i < mine.end; ++i) {
        next[i] = swept(x.data(), b.data(), i, n);
        moved = moved || std::abs(next[i] - x[i]) > tolerance;
    }
    // Blocks run on several threads: the flag is set atomically, as the CUDA kernel's plain store of 1 races harmlessly.
    if (moved) std::atomic_ref<std::uint32_t>(block.buffer_as<std::uint32_t>(3)[0]).store(1, std::memory_order_relaxed);
}

}  // namespace host

inline constexpr auto registry = [] {
#ifdef ACCY_EXAMPLES_WITH_CUDA
    const accy::payload module = cuda_code(accy::format::cuda_fatbin, cuda::code::jacobi_fatbin, cuda::code::jacobi_ptx);
    return accy::make_registry(start.host_entry(&host::start), sweep.host_entry(&host::sweep),
                               sweep_and_test.host_entry(&host::sweep_and_test),
                               start.entry(accy::format::cuda_fatbin, "accy_examples_jacobi_start", module),
                               sweep.entry(accy::format::cuda_fatbin, "accy_examples_jacobi_sweep", module),
                               sweep_and_test.entry(accy::format::cuda_fatbin, "accy_examples_jacobi_sweep_and_test", module));
#else
    return accy::make_registry(start.host_entry(&host::start), sweep.host_entry(&host::sweep),
                               sweep_and_test.host_entry(&host::sweep_and_test));
#endif
}();

/// x from b / 4, then passes of two sweeps (x to y, y back to x, which flags whether any element
/// moved by more than the tolerance) while one did, at most `most_passes`. The flag is a result:
/// 0 where the sweeps converged, 1 where the bound stopped them.
struct definition : accy::definition_base<"accy.examples.jacobi", registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"most_passes", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"tolerance", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;                                            // b
    using results = accy::results<accy::shape<dtype::f32, n>, accy::shape<dtype::u32, accy::constant<1u>>>;  // x, moved
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>>;                                  // y
    using stages = accy::stages<
        accy::stage_of<start, accy::result<0>, accy::operand<0>, n>,
        accy::repeat_while<accy::result<1>, accy::forward<1>,
                           accy::stage_of<sweep, accy::intermediate<0>, accy::result<0>, accy::operand<0>, accy::result<1>, n>,
                           accy::stage_of<sweep_and_test, accy::result<0>, accy::intermediate<0>, accy::operand<0>,
                                          accy::result<1>, accy::forward<2>, n>>>;
};
using pipeline = accy::pipeline<definition>;

/// The pipeline on the CPU: x, whether the bound stopped the sweeps, and the passes made.
struct solution {
    std::vector<float> x;
    bool moved = false;
    std::uint32_t passes = 0;
};

inline solution solve(const std::vector<float>& b, std::uint32_t most_passes, float tolerance) {
    const auto n = static_cast<std::uint32_t>(b.size());
    solution found{std::vector<float>(n), true, 0};
    std::vector<float> y(n);
    for (std::uint32_t i = 0; i < n; ++i) found.x[i] = b[i] * 0.25f;
    while (found.moved && found.passes < most_passes) {
        for (std::uint32_t i = 0; i < n; ++i) y[i] = swept(found.x.data(), b.data(), i, n);
        found.moved = false;
        std::vector<float> next(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            next[i] = swept(y.data(), b.data(), i, n);
            found.moved = found.moved || std::abs(next[i] - y[i]) > tolerance;
        }
        found.x = std::move(next);
        ++found.passes;
    }
    return found;
}

}  // namespace accy_examples::jacobi
