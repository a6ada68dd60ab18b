// SPDX-License-Identifier: Apache-2.0
// The scan example: an inclusive scan of n random values by a three-stage pipeline (reduce_tiles ->
// scan_sums -> scan_tiles), checked against a plain C++ scan, timed, and printed as one line per run.
#include "common/example_main.hpp"
#include "scan/run_scan.hpp"
#include "scan/scan_pipeline.hpp"

#include <cstdint>
#include <random>

int main(int argc, char** argv) {
    using namespace accy_examples;
    return example_main(argc, argv, 1u << 24,
                        [](auto& device, auto format, auto element, std::uint32_t n, const options& parsed, std::mt19937& engine) {
                            using T = typename decltype(element)::type;
                            return run_scan<scan::pipeline<T>, T>("scan", device, format, n, parsed.iterations, engine);
                        });
}
