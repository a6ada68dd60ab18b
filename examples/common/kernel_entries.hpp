// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::declare`, a kernel as every format declares it alike (target, version,
// parameters, geometry), and `accy_examples::host_entries` and `accy_examples::cuda_entries`, which
// make one format's entries of such kernels: an example declares its kernels once, and each format
// adds its entry names and code.
#pragma once

#include <accy/accy.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace accy_examples {

/// Kernel `target`, version 1, taking `parameters` in this order and launched with `launch`: an
/// entry still without format, entry name and code.
constexpr accy::kernel_entry declare(std::string_view target, const accy::parameter_list& parameters,
                                     const accy::launch_geometry& launch) {
    accy::kernel_entry kernel;
    kernel.target = target;
    kernel.version = 1;
    kernel.parameters = parameters;
    kernel.launch = launch;
    return kernel;
}

namespace detail {

template <std::size_t N>
constexpr std::array<accy::kernel_entry, N> in_format(std::array<accy::kernel_entry, N> declared, accy::format fmt,
                                                      const std::array<std::string_view, N>& names,
                                                      const std::array<accy::payload, N>& code) {
    for (std::size_t i = 0; i < N; ++i) {
        declared[i].format = fmt;
        declared[i].entry_name = names[i];
        declared[i].payload = code[i];
    }
    return declared;
}

}  // namespace detail

/// The `host` entries of the kernels `declared`: the C++ functions `kernels`, in the same order,
/// each named by its target.
template <std::size_t N>
constexpr std::array<accy::kernel_entry, N> host_entries(const std::array<accy::kernel_entry, N>& declared,
                                                         const std::array<accy::host_kernel, N>& kernels) {
    std::array<std::string_view, N> names;
    std::array<accy::payload, N> code;
    for (std::size_t i = 0; i < N; ++i) {
        names[i] = declared[i].target;
        code[i] = accy::payload::from_host(kernels[i]);
    }
    return detail::in_format(declared, accy::format::host, names, code);
}

/// The entries of the kernels `declared` in `fmt`, `cuda_fatbin` or `cuda_ptx`, all from one module
/// compiled by accy_add_kernels (its `fatbin` and its `ptx`): the kernels `symbols`, in the same order.
template <std::size_t N>
constexpr std::array<accy::kernel_entry, N> cuda_entries(const std::array<accy::kernel_entry, N>& declared, accy::format fmt,
                                                         const std::array<std::string_view, N>& symbols,
                                                         std::span<const unsigned char> fatbin, std::string_view ptx) {
    std::array<accy::payload, N> code;
    code.fill(fmt == accy::format::cuda_ptx ? accy::payload::from_text(ptx) : accy::payload::from_image(fatbin));
    return detail::in_format(declared, fmt, symbols, code);
}

}  // namespace accy_examples
