// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::host_access`, what one of `accy::host_block`'s accessors asks of a kernel
// parameter, its check against the parameter's declaration and the error when they disagree (defined in
// impl/host_access.hpp).
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/parameter.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

namespace accy::detail {

/// An accessor's request: `buffer_as<T>`, `scalar_as<T>`, `bytes_as<T>` or `tensor_map_as` reads a
/// parameter of `kind` as values of `size` bytes, of dtype `type` where `T` has one.
struct host_access {
    std::string_view accessor;  ///< "buffer_as", for messages
    parameter::kind kind;
    std::size_t size;
    std::optional<dtype> type;

    template <class T>
    static constexpr host_access of(std::string_view accessor, parameter::kind kind) noexcept {
        using value = std::remove_cv_t<T>;
        if constexpr (has_dtype<value>)
            return {accessor, kind, sizeof(value), dtype_of<value>};
        else
            return {accessor, kind, sizeof(value), std::nullopt};
    }

    /// Whether `declared` takes these values: the same kind; a buffer's declared element type (any
    /// whole number of values in `bound_bytes` where it declares none), a scalar's type, the bytes'
    /// size. A tensor map is always read as the `tensor_map_description` the backend passes.
    constexpr bool fits(const parameter& declared, std::size_t bound_bytes) const noexcept {
        if (declared.what != kind) return false;
        if (kind == parameter::kind::buffer) return declared.element ? takes(*declared.element) : bound_bytes % size == 0;
        if (kind == parameter::kind::scalar) return takes(declared.type);
        return kind == parameter::kind::tensor_map || size == declared.size;
    }

    /// A value of `declared` is one of this request: the same size, and the same dtype where the request has one.
    constexpr bool takes(dtype declared) const noexcept { return size == size_of(declared) && (!type || *type == declared); }
};

/// `errc::launch_argument_mismatch` for kernel `kernel_name` asking `asked` of parameter `index`, which is
/// past the end of `declared` or does not take it (bound to `arguments[index]`). Cold, so that the
/// accessors' checks stay a few comparisons.
[[noreturn, gnu::cold]] ACCY_DECL void misused(std::string_view kernel_name, const host_access& asked, std::size_t index,
                                               const parameter_list& declared, std::span<const kernel_argument> arguments);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/kernel/detail/impl/host_access.hpp>
#endif
