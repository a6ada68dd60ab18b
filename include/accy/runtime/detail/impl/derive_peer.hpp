// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/derive_peer.hpp declares: a collective stage's peer rank.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/pipeline/collective.hpp>
#include <accy/runtime/detail/derive_peer.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace accy::detail {

ACCY_DECL void derive_peer(std::size_t stage, const pipeline_table& pipeline, const derived_value* scalars,
                           std::byte* storage, const error_context& context) {
    const stage_plan& plan = pipeline.stage_plans[stage];
    for (std::size_t p = 0; p < plan.argument_count; ++p) {
        const argument_plan& argument = pipeline.arguments[plan.first_argument + p];
        if (argument.is_buffer) continue;
        derivation_steps next = pipeline.steps.from(argument.first_step);
        const derived_value peer = evaluate(next, scalars);
        if (peer.integer < 0 || peer.integer > INT32_MAX) [[unlikely]]
            fail(errc::launch_argument_mismatch,
                 merged({.stage = stage, .stage_target = collective_target(plan.collective), .parameter = p, .parameter_name = "peer"}, context),
                 {"the peer rank derives ", peer.integer, ", outside 0 to ", INT32_MAX});
        const auto rank = static_cast<std::int32_t>(peer.integer);
        std::memcpy(storage + argument.offset, &rank, sizeof rank);
    }
}

}  // namespace accy::detail
