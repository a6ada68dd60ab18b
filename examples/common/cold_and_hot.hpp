// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::run_cold_and_hot`, what every example does with its pipeline: a cold
// launch and timed hot launches, each on fresh random input and checked against plain C++.
#pragma once

#include "common/random_values.hpp"
#include "common/report.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace accy_examples {

/// The mean seconds of one hot launch, and whether the cold and the hot launches' results matched.
struct cold_and_hot {
    double seconds;
    bool matched;
};

/// Launches `Pipeline` on operand `in` once cold, on fresh random input (accy loads the kernels and
/// allocates the scratch for the call), then `iterations` times hot, on other fresh input (the
/// caller's pool and scratch), timing the hot launches. `matches(input, what)` checks the
/// `results` of each against plain C++, naming `what` ran.
template <class Pipeline, class T, class Backend, class Format, std::size_t Results, class Matches>
cold_and_hot run_cold_and_hot(Backend& device, Format format, accy::device_buffer<T, Backend>& in,
                              const std::array<accy::buffer, Results>& results,
                              const typename Pipeline::scalar_values& scalars, unsigned iterations, std::mt19937& engine,
                              Matches&& matches) {
    const std::array operands{in.view()};
    const auto fresh_input = [&] {
        std::vector<T> input = random_values<T>(engine, static_cast<std::uint32_t>(in.size()));
        in.upload(input);
        return input;
    };

    const std::vector<T> cold_input = fresh_input();
    accy::launch_pipeline<Pipeline>(device, format, operands, results, scalars);
    const bool cold_matches = matches(cold_input, "cold launch");

    const std::vector<T> hot_input = fresh_input();
    const auto pool = accy::load_artifacts<Pipeline>(device, format);
    const auto scratch = accy::allocate_scratch<Pipeline>(device, scalars);
    const double seconds = time_launches(
        iterations,
        [&] {
            accy::launch_pipeline<Pipeline>(device, format, operands, results, scalars, accy::use_pool(pool),
                                            accy::use_scratch(scratch));
        },
        [&] { device.synchronize(std::nullopt); });
    return {seconds, matches(hot_input, "hot launches") && cold_matches};
}

}  // namespace accy_examples
