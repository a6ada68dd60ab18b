// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::run_example`, the main of every example (options, seed, backend), and
// `accy_examples::example_main`, that with one run per n and dtype.
#pragma once

#include "common/backend_choice.hpp"
#include "common/element_types.hpp"
#include "common/options.hpp"

#include <accy/accy.hpp>

#include <cstdint>
#include <exception>
#include <iostream>
#include <optional>
#include <random>
#include <string_view>
#include <type_traits>

namespace accy_examples {

/// Parses the command line of an example that runs the element types `Types` (element_types), prints
/// the seed, chooses the backend (`with_backend`), then returns `body(device, format, options,
/// engine)`: whether every run matched its reference. Returns the exit status; an exception is
/// reported and is `exit_error`.
template <class Types = f32_and_i32, class Body>
int run_example(int argc, char** argv, std::uint32_t default_size, Body&& body) {
    const std::optional<options> parsed = parse_options(argc, argv, default_size, Types::dtypes);
    if (!parsed) return exit_error;
    if (parsed->help) return 0;
    std::cout << "seed " << parsed->seed << " (--seed " << parsed->seed << " repeats this run)\n";
    std::mt19937 engine(parsed->seed);
    try {
        return with_backend(parsed->backend, [&](auto& device, auto format) {
            return body(device, format, *parsed, engine) ? 0 : exit_mismatch;
        });
    } catch (const std::exception& failure) {  // accy::error, and the host's own: std::bad_alloc for a huge n
        std::cerr << argv[0] << ": " << failure.what() << "\n";
        return exit_error;
    }
}

/// `run_example` with one run per n and dtype of `Types`: `run(device, format, std::type_identity<T>{},
/// n, options, engine)`, which returns whether the result matched the reference.
template <class Types = f32_and_i32, class Run>
int example_main(int argc, char** argv, std::uint32_t default_size, Run&& run) {
    return run_example<Types>(argc, argv, default_size, [&](auto& device, auto format, const options& parsed, std::mt19937& engine) {
        bool matches = true;
        for (const std::uint32_t n : parsed.sizes)
            for (const accy::dtype type : parsed.dtypes) {
                const auto run_if_of_type = [&]<class T>(std::type_identity<T> element) {
                    if (type == accy::dtype_of<T>) matches = run(device, format, element, n, parsed, engine) && matches;
                };
                [&]<class... T>(element_types<T...>) { (run_if_of_type(std::type_identity<T>{}), ...); }(Types{});
            }
        return matches;
    });
}

}  // namespace accy_examples
