// SPDX-License-Identifier: Apache-2.0
// Defines the host backend's `artifact` and `kernel`, and `accy::host::make_artifact`, which checks a kernel entry.
#pragma once

#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/host_kernel.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace accy::host {

/// A host entry's function, with what a launch checks against and names in its errors.
struct artifact {
    host_kernel function = nullptr;
    std::string_view entry_name;
    std::size_t parameter_count = 0;
};

/// On the CPU there is nothing to load: a loaded kernel is its artifact.
using kernel = artifact;

/// The artifact of `entry` running `code`: `errc::unsupported_operation` for a format other than
/// `host` (as the CUDA backend says for a non-CUDA format), `errc::invalid_artifact` for a payload
/// without a host function.
inline artifact make_artifact(const kernel_entry& entry, format fmt, const payload& code) {
    const auto named = [&] {
        return "host backend: kernel entry '" + std::string(entry.entry_name) + "' (target '" + std::string(entry.target) +
               "' v" + std::to_string(entry.version) + ")";
    };
    if (fmt != format::host)
        throw error(errc::unsupported_operation,
                    named() + " is asked for as " + std::string(to_string(fmt)) + "; the host backend runs only host entries");
    if (code.host == nullptr) throw error(errc::invalid_artifact, named() + " carries no host function");
    return {code.host, entry.entry_name, entry.parameters.size()};
}

}  // namespace accy::host
