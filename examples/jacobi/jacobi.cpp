// SPDX-License-Identifier: Apache-2.0
// The Jacobi example: solves a diagonally dominant tridiagonal system by Jacobi sweeps repeated on
// the device until they stop moving (an accy::repeat_while), checked against the same sweeps in
// plain C++ on fresh random data: as a stream launch on the chosen backend (the flag read on the
// host after each pass), and on CUDA also as a pipeline_graph, whose loop never leaves the GPU.
#include "common/example_main.hpp"
#include "jacobi/jacobi_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_examples;
using jacobi::pipeline;

constexpr std::uint32_t most_passes = 200;
constexpr float tolerance = 1e-5f;

/// Whether the device's x and flag are the CPU's (x within a few float roundings: the device may
/// contract the sweep's arithmetic differently), saying what differs.
bool matches(const jacobi::solution& expected, const std::vector<float>& x, std::uint32_t moved, std::string_view what) {
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!(std::abs(x[i] - expected.x[i]) <= 1e-6f + 1e-5f * std::abs(expected.x[i])) && wrong++ < 3)
            std::cout << what << ": x[" << i << "] = " << x[i] << ", expected " << expected.x[i] << "\n";
    if ((moved != 0) != expected.moved)
        std::cout << what << ": the flag says " << (moved != 0 ? "still moving" : "converged") << ", expected "
                  << (expected.moved ? "still moving" : "converged") << "\n";
    return wrong == 0 && (moved != 0) == expected.moved;
}

/// Solves `iterations` fresh systems of n unknowns, alternately with a bound the sweeps converge
/// under and one that stops them first, and prints one line per bound.
template <class Backend, class Format>
bool run(Backend& device, Format format, std::uint32_t n, unsigned iterations, std::mt19937& engine) {
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    accy::device_buffer<float, Backend> b(device, n), x(device, n);
    accy::device_buffer<std::uint32_t, Backend> moved(device, 1);
    const std::array operands{b.view()};
    const std::array results{x.view(), moved.view()};
    const auto pool = accy::load_artifacts<pipeline>(device, format);
    const auto scratch = accy::allocate_scratch<pipeline>(device, pipeline::runtime_scalars(n, 1u, tolerance));
    bool matched = true;
    for (unsigned k = 0; k < iterations; ++k) {
        const std::uint32_t bound = k % 2 == 0 ? most_passes : 3;
        const auto scalars = pipeline::runtime_scalars(n, bound, tolerance);
        std::vector<float> input(n);
        std::generate(input.begin(), input.end(), [&] { return value(engine); });
        b.upload(input);
        const jacobi::solution expected = jacobi::solve(input, bound, tolerance);
        const auto begun = std::chrono::steady_clock::now();
        accy::launch_pipeline<pipeline>(device, format, operands, results, scalars, accy::use_pool(pool),
                                        accy::use_scratch(scratch));
        device.synchronize(std::nullopt);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
        bool ok = matches(expected, x.download(), moved.download()[0], "stream launch");
        std::string checked = "stream launch";
#ifdef ACCY_EXAMPLES_WITH_CUDA
        if constexpr (std::is_same_v<Backend, accy::cuda::backend>) {
            accy::cuda::pipeline_graph<pipeline> graph(device, pool, scratch, operands, results, scalars);
            const std::vector<float> poison(n, -1.0f);
            x.upload(poison);
            graph.launch();
            device.synchronize(std::nullopt);
            ok = matches(expected, x.download(), moved.download()[0], "pipeline_graph") && ok;
            checked += " and pipeline_graph";
        }
#endif
        std::cout << "jacobi: backend=" << Backend::name << " n=" << n << " bound=" << bound << " passes=" << expected.passes
                  << (expected.moved ? " (stopped by the bound)" : " (converged)") << " time=" << seconds * 1e6 << "us; "
                  << checked << " checked against the C++ reference: " << (ok ? "ok" : "MISMATCH") << "\n";
        matched = ok && matched;
    }
    return matched;
}

}  // namespace

int main(int argc, char** argv) {
    return run_example(argc, argv, 1u << 20, [](auto& device, auto format, const options& parsed, std::mt19937& engine) {
        bool matched = true;
        for (const std::uint32_t n : parsed.sizes) matched = run(device, format, n, parsed.iterations, engine) && matched;
        return matched;
    });
}
