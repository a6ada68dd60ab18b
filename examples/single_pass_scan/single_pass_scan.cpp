// SPDX-License-Identifier: Apache-2.0
// The single-pass scan example: an inclusive scan of n random values in one stage (decoupled
// look-back over tile status words in a workspace that accy zeroes first), checked against a plain
// C++ scan and timed.
#include "common/example_main.hpp"
#include "scan/run_scan.hpp"
#include "single_pass_scan/single_pass_pipeline.hpp"

#include <cstdint>
#include <random>

int main(int argc, char** argv) {
    using namespace accy_examples;
    return example_main<single_pass::scanned_types>(argc, argv, 1u << 24,
                        [](auto& device, auto format, auto element, std::uint32_t n, const options& parsed, std::mt19937& engine) {
                            using T = typename decltype(element)::type;
                            return run_scan<single_pass::pipeline<T>, T>("single_pass_scan", device, format, n,
                                                                         parsed.iterations, engine);
                        });
}
