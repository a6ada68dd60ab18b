// SPDX-License-Identifier: Apache-2.0
// The compact example: keeps the random values above a threshold, in order, and counts them, by a
// one-pass pipeline (select, with decoupled look-back), checked against a plain C++ compaction,
// timed, and printed as one line per run.
#include "common/example_main.hpp"
#include "common/random_values.hpp"
#include "common/report.hpp"
#include "compact/compact_check.hpp"
#include "compact/compact_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_examples;

/// About half of `random_values` lie above it.
template <class T>
constexpr T threshold = std::is_floating_point_v<T> ? T(0.5) : T(0);

/// Compacts fresh data once cold (accy loads the kernels and allocates the scratch for the call),
/// then fresh data again `iterations` times hot (the caller's pool and scratch), timing the hot launches.
template <class T, class Backend, class Format>
bool run(Backend& device, Format format, std::uint32_t n, unsigned iterations, std::mt19937& engine) {
    using compact_pipeline = compact::pipeline<T>;
    accy::device_buffer<T, Backend> in(device, n), out(device, n);
    accy::device_buffer<std::uint32_t, Backend> count(device, 1);
    const std::array operands{in.view()};
    const std::array results{out.view(), count.view()};
    const typename compact_pipeline::scalar_values scalars{n, threshold<T>};
    const auto compact_and_check = [&](const std::vector<T>& input, std::string_view what) {
        const std::vector<T> expected = compact::kept<T>(input, threshold<T>);
        const std::uint32_t counted = count.download()[0];
        return compact::check<T>(expected, out.download(std::min(counted, n)), counted, what);
    };

    const std::vector<T> cold_input = random_values<T>(engine, n);
    in.upload(cold_input);
    accy::launch_pipeline<compact_pipeline>(device, format, operands, results, scalars);
    const bool cold_matches = compact_and_check(cold_input, "cold launch");

    const std::vector<T> input = random_values<T>(engine, n);
    in.upload(input);
    const auto pool = accy::load_artifacts<compact_pipeline>(device, format);
    const auto scratch = accy::allocate_scratch<compact_pipeline>(device, scalars);
    const double seconds = time_launches(
        iterations,
        [&] {
            accy::launch_pipeline<compact_pipeline>(device, format, operands, results, scalars, accy::use_pool(pool),
                                                    accy::use_scratch(scratch));
        },
        [&] { device.synchronize(std::nullopt); });
    const std::uint32_t counted = count.download()[0];
    const bool matches = compact_and_check(input, "hot launches") && cold_matches;
    print_result("compact", Backend::name, n, accy::dtype_of<T>, seconds, (static_cast<double>(n) + counted) * sizeof(T),
                 matches, " kept=" + std::to_string(counted));
    return matches;
}

}  // namespace

int main(int argc, char** argv) {
    return example_main(argc, argv, 1u << 24,
                        [](auto& device, auto format, auto element, std::uint32_t n, const options& parsed, std::mt19937& engine) {
                            return run<typename decltype(element)::type>(device, format, n, parsed.iterations, engine);
                        });
}
