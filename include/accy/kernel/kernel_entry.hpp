// Defines `accy::kernel_entry`, one compiled kernel as a registry lists it.
#pragma once

#include <accy/core/format.hpp>
#include <accy/kernel/access.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/payload.hpp>

#include <cstdint>
#include <string_view>

namespace accy {

/// A kernel takes its buffer parameters first, then `scalar_count` 32-bit unsigned scalars.
struct kernel_entry {
    std::string_view target;      ///< the name stages refer to, shared by the entry's formats
    std::uint32_t version = 1;
    accy::format format = format::cuda_ptx;
    std::string_view entry_name;  ///< the symbol to look up in the loaded module
    buffer_parameters buffers{};  ///< one access per buffer parameter
    std::uint32_t scalar_count = 0;
    accy::payload payload{};
    launch_geometry launch{};

    constexpr std::size_t argument_count() const noexcept { return buffers.size() + scalar_count; }
};

}  // namespace accy
