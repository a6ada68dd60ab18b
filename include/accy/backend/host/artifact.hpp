// SPDX-License-Identifier: Apache-2.0
// Defines the host backend's `artifact` and `kernel`.
#pragma once

#include <accy/kernel/host_kernel.hpp>

#include <cstddef>
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

}  // namespace accy::host
