// SPDX-License-Identifier: Apache-2.0
// Defines how an example declares each of its kernels once, as every format has it alike
// (`accy_examples::declare`, with `buffer_of` and `scalar_of` for its parameters), and how each
// format's entries add their entry names and code: `host_entry` and `cuda_module`.
#pragma once

#include "common/typed_name.hpp"

#include <accy/accy.hpp>

#include <span>
#include <string_view>

namespace accy_examples {

/// A kernel's parameter `T* name` (or `const T* name`), which the kernel uses as `use`.
template <class T>
constexpr accy::parameter buffer_of(std::string_view name, accy::access use) noexcept {
    return accy::parameter::buffer(name, use, accy::dtype_of<T>);
}

/// A kernel's parameter `T name`.
template <class T>
constexpr accy::parameter scalar_of(std::string_view name) noexcept {
    return accy::parameter::scalar(name, accy::dtype_of<T>);
}

/// The kernel `Stem`.<t> for element type T (t its dtype), version 1, taking `parameters` in this
/// order and launched with `launch`: an entry still without format, entry name and code.
template <accy::fixed_string Stem, class T>
constexpr accy::kernel_entry declare(const accy::parameter_list& parameters, const accy::launch_geometry& launch) {
    accy::kernel_entry kernel;
    kernel.target = typed_name<Stem, T>.view();
    kernel.version = 1;
    kernel.parameters = parameters;
    kernel.launch = launch;
    return kernel;
}

namespace detail {

constexpr accy::kernel_entry in_format(accy::kernel_entry kernel, accy::format fmt, std::string_view entry_name,
                                       const accy::payload& code) noexcept {
    kernel.format = fmt;
    kernel.entry_name = entry_name;
    kernel.payload = code;
    return kernel;
}

}  // namespace detail

/// `kernel` as a `host` entry: the C++ function `code`, named by the kernel's target.
constexpr accy::kernel_entry host_entry(const accy::kernel_entry& kernel, accy::host_kernel code) noexcept {
    return detail::in_format(kernel, accy::format::host, kernel.target, accy::payload::from_host(code));
}

/// A module of CUDA kernels that accy_add_kernels compiled, in `cuda_fatbin` (its `fatbin`) or
/// `cuda_ptx` (its `ptx`), whose kernels' entries `entry` makes.
class cuda_module {
public:
    constexpr cuda_module(accy::format fmt, std::span<const unsigned char> fatbin, std::string_view ptx) noexcept
        : format_(fmt),
          code_(fmt == accy::format::cuda_ptx ? accy::payload::from_text(ptx) : accy::payload::from_image(fatbin)) {}

    /// `kernel` as this module's kernel `symbol`.
    constexpr accy::kernel_entry entry(const accy::kernel_entry& kernel, std::string_view symbol) const noexcept {
        return detail::in_format(kernel, format_, symbol, code_);
    }

private:
    accy::format format_;
    accy::payload code_;
};

}  // namespace accy_examples
