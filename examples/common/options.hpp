// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::options`, the command line every example takes, and its parser.
#pragma once

#include "common/backend_choice.hpp"

#include <accy/accy.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accy_examples {

struct options {
    backend_choice backend = backend_choice::automatic;
    std::vector<accy::dtype> dtypes;  // those the example runs unless --dtype names one
    unsigned iterations = 10;
    std::uint32_t seed = std::random_device{}();
    std::vector<std::uint32_t> sizes;
    bool help = false;  // --help: the usage was printed, nothing is to run
};

namespace detail {

template <class Number>
std::optional<Number> parse_number(std::string_view text) {
    Number value{};
    const auto [end, failure] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (failure != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace detail

/// Parses `[--backend host|cuda|auto] [--dtype <one of dtypes>|all] [--iterations K] [--seed S] [n...]`
/// for an example that runs the element types of `dtypes`, all of them unless --dtype names one; no
/// n means `default_size`. Prints the usage for `--help`, and with the problem on a mistake, for
/// which it returns nothing.
inline std::optional<options> parse_options(int argc, char** argv, std::uint32_t default_size, std::span<const accy::dtype> dtypes) {
    options parsed;
    parsed.dtypes.assign(dtypes.begin(), dtypes.end());
    const auto usage = [&](std::string_view problem) {
        if (!problem.empty()) std::cerr << argv[0] << ": " << problem << "\n";
        std::cerr << "usage: " << argv[0] << " [--backend host|cuda|auto] [--dtype ";
        for (const accy::dtype type : dtypes) std::cerr << accy::to_string(type) << "|";
        std::cerr << "all] [--iterations K] [--seed S] [n...]\n"
                     "  n        element counts, at least 1 each (default "
                  << default_size
                  << ")\n"
                     "  --backend auto (the default) takes the CUDA backend where it is built in and a device\n"
                     "           answers, the host backend otherwise; cuda without a device exits 77\n"
                     "exit status: 0 results match the reference, 1 a mismatch, 2 an error, 77 no CUDA device\n";
        return std::nullopt;
    };
    for (int index = 1; index < argc; ++index) {
        const std::string_view argument = argv[index];
        const bool has_value = index + 1 < argc;
        if (argument == "--help" || argument == "-h") {
            usage("");
            parsed.help = true;
            return parsed;
        }
        if (argument == "--backend" && has_value) {
            const std::optional<backend_choice> choice = parse_backend_choice(argv[++index]);
            if (!choice) return usage("unknown backend '" + std::string(argv[index]) + "'");
            parsed.backend = *choice;
        } else if (argument == "--dtype" && has_value) {
            const std::string_view name = argv[++index];
            const auto named = std::ranges::find(dtypes, name, [](accy::dtype type) { return accy::to_string(type); });
            if (named != dtypes.end()) parsed.dtypes = {*named};
            else if (name != "all") return usage("unknown dtype '" + std::string(name) + "'");
        } else if (argument == "--iterations" && has_value) {
            const std::optional<unsigned> count = detail::parse_number<unsigned>(argv[++index]);
            if (!count || *count == 0) return usage("--iterations takes a count of at least 1");
            parsed.iterations = *count;
        } else if (argument == "--seed" && has_value) {
            const std::optional<std::uint32_t> seed = detail::parse_number<std::uint32_t>(argv[++index]);
            if (!seed) return usage("--seed takes an unsigned 32-bit number");
            parsed.seed = *seed;
        } else {
            const std::optional<std::uint32_t> n = detail::parse_number<std::uint32_t>(argument);
            if (!n || *n == 0) return usage("'" + std::string(argument) + "' is not an element count of at least 1");
            parsed.sizes.push_back(*n);
        }
    }
    if (parsed.sizes.empty()) parsed.sizes.push_back(default_size);
    return parsed;
}

}  // namespace accy_examples
