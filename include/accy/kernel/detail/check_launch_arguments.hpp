// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::check_launch_arguments`, what every backend's `launch` checks of a launch's
// geometry and arguments before it runs anything, so that the same mistake fails the same way on each.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>

#include <cstddef>
#include <span>

namespace accy::detail {

/// `errc::launch_argument_mismatch`, the message starting with `who()` (the backend and the kernel,
/// made only on failure), unless `config` lies within CUDA's limits (`within_limits`) and every
/// argument's bytes are there to read: a value of nonzero size at a null address would be read by
/// the backend or the kernel.
template <class Who>
void check_launch_arguments(const Who& who, const launch_config& config, std::span<const kernel_argument> arguments) {
    if (!within_limits(config)) [[unlikely]]
        throw error(errc::launch_argument_mismatch,
                    message(who(), ": grid ", config.grid, ", block ", config.block, " and ", config.shared_bytes,
                            " bytes of dynamic shared memory: outside CUDA's limits"));
    for (std::size_t index = 0; index < arguments.size(); ++index)
        if (arguments[index].value == nullptr && arguments[index].size != 0) [[unlikely]]
            throw error(errc::launch_argument_mismatch, message(who(), ": parameter ", index, " gets ",
                                                                arguments[index].size, " bytes from a null address"));
}

}  // namespace accy::detail
