// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::run_scan`, the body of the scan examples: a cold launch and timed hot
// launches of an inclusive-scan pipeline on fresh random data, each checked against plain C++.
#pragma once

#include "common/random_values.hpp"
#include "common/report.hpp"
#include "scan/scan_check.hpp"
#include "scan/scan_entries.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace accy_examples {

/// Scans fresh data once cold (accy loads the kernels and allocates the scratch for the call), then
/// fresh data again `iterations` times hot (the caller's pool and scratch), timing the hot launches.
/// `Pipeline` takes operand 0 and result 0 of n elements and one runtime scalar, n (u32).
template <class Pipeline, class T, class Backend, class Format>
bool run_scan(std::string_view name, Backend& device, Format format, std::uint32_t n, unsigned iterations,
              std::mt19937& engine) {
    accy::device_buffer<T, Backend> in(device, n), out(device, n);
    const std::array operands{in.view()};
    const std::array results{out.view()};
    const typename Pipeline::scalar_values scalars{n};

    const std::vector<T> cold_input = random_values<T>(engine, n);
    in.upload(cold_input);
    accy::launch_pipeline<Pipeline>(device, format, operands, results, scalars);
    const bool cold_matches = scan::check<T>(cold_input, out.download(), "cold launch");

    const std::vector<T> input = random_values<T>(engine, n);
    in.upload(input);
    const auto pool = accy::load_artifacts<Pipeline>(device, format);
    const auto scratch = accy::allocate_scratch<Pipeline>(device, scalars);
    const double seconds = time_launches(
        iterations,
        [&] {
            accy::launch_pipeline<Pipeline>(device, format, operands, results, scalars, accy::use_pool(pool),
                                            accy::use_scratch(scratch));
        },
        [&] { device.synchronize(std::nullopt); });
    const bool matches = scan::check<T>(input, out.download(), "hot launches") && cold_matches;
    print_result(name, Backend::name, n, accy::dtype_of<T>, seconds, 2.0 * n * sizeof(T), matches);
    return matches;
}

}  // namespace accy_examples
