// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::kernel_parameters`, a launch's `void**` parameter array, packed on the stack.
#pragma once

#include <accy/kernel/argument.hpp>
#include <accy/kernel/parameter.hpp>

#include <array>
#include <cstddef>
#include <span>

namespace accy::cuda::detail {

/// A pointer to each argument's value, as cuLaunchKernel and kernel graph nodes take them. Points
/// into the arguments' storage, which must outlive its use.
class kernel_parameters {
public:
    explicit kernel_parameters(std::span<const kernel_argument> arguments) noexcept {
        // The driver only reads through these pointers.
        for (const kernel_argument& argument : arguments) pointers_[count_++] = const_cast<void*>(argument.value);
    }

    void** data() noexcept { return pointers_.data(); }

private:
    std::array<void*, max_kernel_parameters> pointers_;
    std::size_t count_ = 0;
};

}  // namespace accy::cuda::detail
