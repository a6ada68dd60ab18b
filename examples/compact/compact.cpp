// SPDX-License-Identifier: Apache-2.0
// The compact example: keeps the random values above a threshold, in order, and counts them, by a
// one-pass pipeline (select, with decoupled look-back), checked against a plain C++ compaction,
// timed, and printed as one line per run.
#include "common/cold_and_hot.hpp"
#include "common/example_main.hpp"
#include "common/report.hpp"
#include "compact/compact_check.hpp"
#include "compact/compact_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_examples;

/// About half of `random_values` lie above it: 0.5 for floats and doubles in [0, 1), 0 for f16 and bf16
/// integers in [-8, 8] (8 of 17 above) and for signed integers, the middle of unsigned ones' range.
template <class T>
constexpr T threshold = [] {
    if constexpr (std::is_floating_point_v<T>) return T(0.5);
    else if constexpr (std::is_unsigned_v<T>) return static_cast<T>(std::numeric_limits<T>::max() / 2);
    else if constexpr (std::is_integral_v<T>) return T(0);
    else return T(0.0f);
}();

/// Runs the compaction of n elements of `T` and prints its line.
template <class T, class Backend, class Format>
bool run(Backend& device, Format format, std::uint32_t n, unsigned iterations, std::mt19937& engine) {
    accy::device_buffer<T, Backend> in(device, n), out(device, n);
    accy::device_buffer<std::uint32_t, Backend> count(device, 1);
    const auto [seconds, matched] = run_cold_and_hot<compact::pipeline<T>>(
        device, format, in, std::array{out.view(), count.view()}, {n, threshold<T>}, iterations, engine,
        [&](const std::vector<T>& input, std::string_view what) {
            const std::uint32_t kept = count.download()[0];
            return compact::check<T>(compact::kept<T>(input, threshold<T>), out.download(std::min(kept, n)), kept, what);
        });
    const std::uint32_t kept = count.download()[0];
    print_result("compact", Backend::name, n, accy::dtype_of<T>, seconds, (static_cast<double>(n) + kept) * sizeof(T), matched,
                 " kept=" + std::to_string(kept));
    return matched;
}

}  // namespace

int main(int argc, char** argv) {
    return example_main<compact::key_types>(argc, argv, 1u << 24,
                        [](auto& device, auto format, auto element, std::uint32_t n, const options& parsed, std::mt19937& engine) {
                            return run<typename decltype(element)::type>(device, format, n, parsed.iterations, engine);
                        });
}
