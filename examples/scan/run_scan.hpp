// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::run_scan`, the body of the scan examples: an inclusive-scan pipeline run
// cold and hot (common/cold_and_hot.hpp), checked against plain C++ and printed as one line.
#pragma once

#include "common/cold_and_hot.hpp"
#include "common/report.hpp"
#include "scan/scan_check.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

namespace accy_examples {

/// Runs `Pipeline`, a scan_interface<T> (scan_interface.hpp), on n elements of `T` and prints the
/// line of example `name`.
template <class Pipeline, class T, class Backend, class Format>
bool run_scan(std::string_view name, Backend& device, Format format, std::uint32_t n, unsigned iterations,
              std::mt19937& engine) {
    accy::device_buffer<T, Backend> in(device, n), out(device, n);
    const auto [seconds, matched] =
        run_cold_and_hot<Pipeline>(device, format, in, std::array{out.view()}, {n}, iterations, engine,
                                   [&](const std::vector<T>& input, std::string_view what) {
                                       return scan::check<T>(input, out.download(), what);
                                   });
    print_result(name, Backend::name, n, accy::dtype_of<T>, seconds, 2.0 * n * sizeof(T), matched);
    return matched;
}

}  // namespace accy_examples
