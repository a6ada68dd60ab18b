// SPDX-License-Identifier: Apache-2.0
// Defines how every example reports a run: `accy_examples::time_launches`, the time of one launch,
// and `print_result`, the line it prints.
#pragma once

#include <accy/accy.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <string_view>

namespace accy_examples {

/// The mean seconds of one `launch()`, over `iterations` of them and one `wait()` after the last.
template <class Launch, class Wait>
double time_launches(unsigned iterations, Launch&& launch, Wait&& wait) {
    const auto start = std::chrono::steady_clock::now();
    for (unsigned i = 0; i < iterations; ++i) launch();
    wait();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / iterations;
}

/// One line: the example, the backend that ran it, n, the dtype, the time per launch and the
/// throughput, counting `bytes` moved by one launch, `detail` as is, and whether the cold and the
/// hot launches' results matched the C++ reference (`matched`; the mismatches went to stderr).
inline void print_result(std::string_view example, std::string_view backend, std::uint32_t n, accy::dtype type,
                         double seconds, double bytes, bool matched, std::string_view detail = {}) {
    std::cout << example << ": backend=" << backend << " n=" << n << " dtype=" << accy::to_string(type) << std::fixed
              << std::setprecision(2) << " time=" << seconds * 1e6 << "us throughput=" << bytes / seconds / 1e9
              << "GB/s (" << static_cast<double>(n) / seconds / 1e9 << " Gelem/s)" << detail
              << "; cold and hot launches checked against the C++ reference: " << (matched ? "ok" : "MISMATCH") << "\n"
              << std::defaultfloat;
}

}  // namespace accy_examples
