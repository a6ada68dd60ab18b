// SPDX-License-Identifier: Apache-2.0
// Declares `accy::detail::check_launch_arguments`, what every backend's `launch` checks of a launch's
// geometry and arguments before it runs anything, so that the same mistake fails the same way on each.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>

#include <initializer_list>
#include <span>

namespace accy::detail {

/// `errc::launch_argument_mismatch`, the message starting with `who`'s parts (the backend and the
/// kernel: "recording backend: launch of kernel 7", joined only on failure), unless `config` lies
/// within CUDA's limits (`within_limits`) and every argument's bytes are there to read: a value of
/// nonzero size at a null address would be read by the backend or the kernel.
ACCY_DECL void check_launch_arguments(std::initializer_list<message_part> who, const launch_config& config,
                                      std::span<const kernel_argument> arguments);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/kernel/detail/impl/check_launch_arguments.hpp>
#endif
