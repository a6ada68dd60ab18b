// SPDX-License-Identifier: Apache-2.0
// Defines the host backend's `artifact` and `kernel`.
#pragma once

#include <accy/kernel/host_kernel.hpp>
#include <accy/kernel/parameter.hpp>

#include <string_view>

namespace accy::host {

/// A host entry's function, with what a launch checks against and names in its errors, and what
/// `host_block`'s accessors check against: the entry's name and parameters (their names point into the entry).
struct artifact {
    host_kernel function = nullptr;
    std::string_view entry_name;
    parameter_list parameters;
};

/// On the CPU there is nothing to load: a loaded kernel is its artifact.
using kernel = artifact;

}  // namespace accy::host
