// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::example_main`, the main of every example: options, seed, backend, one run per n and dtype.
#pragma once

#include "common/backend_choice.hpp"
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

/// Parses the command line, prints the seed, chooses the backend (`with_backend`), then calls
/// `run(device, format, std::type_identity<T>{}, n, options, engine)` for each n and each dtype,
/// which returns whether the result matched the reference. Returns the exit status.
template <class Run>
int example_main(int argc, char** argv, std::uint32_t default_size, Run&& run) {
    const std::optional<options> parsed = parse_options(argc, argv, default_size);
    if (!parsed) return exit_error;
    if (parsed->help) return 0;
    std::cout << "seed " << parsed->seed << " (--seed " << parsed->seed << " repeats this run)\n";
    std::mt19937 engine(parsed->seed);
    try {
        return with_backend(parsed->backend, [&](auto& device, auto format) {
            bool matches = true;
            for (const std::uint32_t n : parsed->sizes)
                for (const accy::dtype type : parsed->dtypes) {
                    const bool matched = type == accy::dtype_of<float>
                                             ? run(device, format, std::type_identity<float>{}, n, *parsed, engine)
                                             : run(device, format, std::type_identity<std::int32_t>{}, n, *parsed, engine);
                    matches = matched && matches;
                }
            return matches ? 0 : exit_mismatch;
        });
    } catch (const std::exception& failure) {  // accy::error, and the host's own: std::bad_alloc for a huge n
        std::cerr << argv[0] << ": " << failure.what() << "\n";
        return exit_error;
    }
}

}  // namespace accy_examples
