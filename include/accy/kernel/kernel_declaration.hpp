// SPDX-License-Identifier: Apache-2.0
// Defines `accy::kernel_declaration`, a kernel declared once as every format has it alike, and the
// kernel entries it makes, one per format.
#pragma once

#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/host_kernel.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/launch_attributes.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/payload.hpp>

#include <cstdint>
#include <string_view>

namespace accy {

/// What a kernel's formats share: its target and version, its parameters in the binary's order, its
/// geometry and launch attributes. Each format then adds its symbol and code:
///
///     constexpr accy::kernel_declaration saxpy{
///         .target = "example.saxpy",
///         .parameters = {accy::parameter::buffer_of<float>("x", accy::access::read),
///                        accy::parameter::buffer_of<float>("y", accy::access::read_write),
///                        accy::parameter::scalar_of<float>("alpha"), accy::parameter::scalar_of<std::uint64_t>("n")},
///         .geometry = accy::launch_geometry::covering(3, 256)};
///     constexpr auto kernels = accy::make_registry(saxpy.entry(accy::format::cuda_fatbin, "saxpy", fatbin_payload),
///                                                  saxpy.host_entry(&saxpy_on_host));
struct kernel_declaration {
    std::string_view target;
    std::uint32_t version = 1;
    parameter_list parameters{};
    launch_geometry geometry{};
    launch_attributes attributes{};

    /// This kernel in `fmt`: the symbol `entry_name` of `code`.
    constexpr kernel_entry entry(accy::format fmt, std::string_view entry_name, const payload& code) const noexcept {
        return {.target = target,
                .version = version,
                .format = fmt,
                .entry_name = entry_name,
                .parameters = parameters,
                .payload = code,
                .geometry = geometry,
                .attributes = attributes};
    }

    /// This kernel as the C++ function `body`, in `format::host`; its entry name is its target.
    constexpr kernel_entry host_entry(host_kernel body) const noexcept {
        return entry(format::host, target, payload::from_host(body));
    }
};

}  // namespace accy
