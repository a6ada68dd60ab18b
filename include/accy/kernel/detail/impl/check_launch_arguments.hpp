// SPDX-License-Identifier: Apache-2.0
// Defines what kernel/detail/check_launch_arguments.hpp declares: a launch's geometry and arguments checked.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/check_launch_arguments.hpp>
#include <accy/kernel/geometry.hpp>

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>

namespace accy::detail {

/// Throws `errc::launch_argument_mismatch` with the message `who`'s parts, then `why`'s. Cold and out
/// of line, so that a launch's checks are a few comparisons.
[[noreturn, gnu::cold]] ACCY_DECL void fail_launch(std::initializer_list<message_part> who,
                                                   std::initializer_list<message_part> why) {
    std::string text;
    append(text, who);
    append(text, why);
    throw error(errc::launch_argument_mismatch, text);
}

ACCY_DECL void check_launch_arguments(std::initializer_list<message_part> who, const launch_config& config,
                                      std::span<const kernel_argument> arguments) {
    if (!within_limits(config)) [[unlikely]]
        fail_launch(who, {": grid ", to_string(config.grid), ", block ", to_string(config.block), " and ",
                          config.shared_bytes, " bytes of dynamic shared memory: outside CUDA's limits"});
    for (std::size_t index = 0; index < arguments.size(); ++index)
        if (arguments[index].value == nullptr && arguments[index].size != 0) [[unlikely]]
            fail_launch(who, {": parameter ", index, " gets ", arguments[index].size, " bytes from a null address"});
}

}  // namespace accy::detail
