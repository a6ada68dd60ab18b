// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::with_backend`, which runs an example on the backend the command line
// chose: the one place where the examples pick between the CUDA and the host backend.
#pragma once

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include <accy/backend/cuda.hpp>
#endif

#include <iostream>
#include <optional>
#include <string_view>

namespace accy_examples {

enum class backend_choice { host, cuda, automatic };

inline std::optional<backend_choice> parse_backend_choice(std::string_view name) {
    if (name == "host") return backend_choice::host;
    if (name == "cuda") return backend_choice::cuda;
    if (name == "auto") return backend_choice::automatic;
    return std::nullopt;
}

inline constexpr int exit_mismatch = 1;
inline constexpr int exit_error = 2;
inline constexpr int exit_no_cuda = 77;  // ctest's usual skip code

/// Returns `run(device, format)` on the chosen backend, `format` being the `accy::static_format`
/// of that backend's kernel entries. `automatic` takes CUDA where it is built in and a device
/// answers, and the host otherwise, saying why; `cuda` without a device returns `exit_no_cuda`.
template <class Run>
int with_backend(backend_choice choice, Run&& run) {
#ifdef ACCY_EXAMPLES_WITH_CUDA
    // The CUDA backend: its constructor throws errc::runtime_unavailable where there is no
    // driver or no device. `cuda_fatbin` is the format of the examples' CUDA entries (*/cuda/*.hpp).
    if (choice != backend_choice::host) {
        std::optional<accy::cuda::backend> device;
        try {
            device.emplace();
        } catch (const accy::error& failure) {
            if (failure.code() != accy::errc::runtime_unavailable) throw;
            if (choice == backend_choice::cuda) {
                std::cout << "--backend cuda: " << failure.message() << "\n";
                return exit_no_cuda;
            }
            std::cout << "no CUDA device (" << failure.message() << "); running on the host backend\n";
        }
        if (device) return run(*device, accy::formats::cuda_fatbin);
    }
#else
    if (choice == backend_choice::cuda) {
        std::cout << "--backend cuda: this build has no CUDA backend (ACCY_EXAMPLES_WITH_CUDA is not defined)\n";
        return exit_no_cuda;
    }
    if (choice == backend_choice::automatic) std::cout << "no CUDA backend is compiled in; running on the host backend\n";
#endif
    accy::host::backend device;
    return run(device, accy::formats::host);
}

}  // namespace accy_examples
