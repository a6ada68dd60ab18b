// SPDX-License-Identifier: Apache-2.0
// Defines `accy::kernel_entry`, one compiled kernel as a registry lists it.
#pragma once

#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/launch_attributes.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/payload.hpp>

#include <cstdint>
#include <string_view>

namespace accy {

/// A kernel in one format: the symbol to load, its parameters in the binary's order, its code and
/// how it is launched.
struct kernel_entry {
    std::string_view target;      ///< the name stages refer to, shared by the entry's formats
    std::uint32_t version = 1;
    accy::format format = format::cuda_ptx;
    std::string_view entry_name;  ///< the symbol to look up in the loaded module
    parameter_list parameters{};
    accy::payload payload{};
    launch_geometry geometry{};
    launch_attributes attributes{};
};

}  // namespace accy
