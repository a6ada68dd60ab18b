// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::pipeline_table_of<P>`, the table the run-time code reads of pipeline P.
// It points to the code that only some pipelines need (a tensor map's derivation, a collective
// stage's peer, a narrow floating-point argument's bytes, each operation of a derivation) only where
// P needs it: by default that code is inline, so a translation unit whose pipelines never need it
// does not compile it.
#pragma once

#include <accy/core/format.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/detail/stage_entries.hpp>
#include <accy/runtime/detail/derive_peer.hpp>
#include <accy/runtime/detail/derive_tensor_map.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/scratch_plan.hpp>

#include <cstddef>

namespace accy::detail {

/// The functions of the operations that pipeline P's derivations use (`operations_for`).
template <class Pipeline>
inline constexpr auto operations_of = operations_for(launch_plan<Pipeline>.steps);

template <class Pipeline>
inline constexpr pipeline_table pipeline_table_of = [] {
    constexpr const auto& plan = launch_plan<Pipeline>;
    constexpr const auto& used = stage_entries<typename Pipeline::definition>::used;
    pipeline_table table{Pipeline::operand_count,
                         Pipeline::result_count,
                         Pipeline::intermediate_count,
                         Pipeline::workspace_count,
                         Pipeline::stage_count,
                         Pipeline::scalars::infos.size(),
                         plan.regions.size(),
                         Pipeline::scalars::infos.data(),
                         plan.buffers.data(),
                         {plan.steps.data(), operations_of<Pipeline>.data()},
                         Pipeline::stage_infos.data(),
                         plan.stage_plans.data(),
                         plan.arguments.data(),
                         plan.regions.data(),
                         scratch_lifetimes<Pipeline>.data(),
                         scratch_placement<Pipeline>.data(),
                         used.entries.data(),
                         used.at.data()};
    for (std::size_t f = 0; f < format_count; ++f)
        table.first_stage_without[f] = Pipeline::first_stage_without(static_cast<format>(f));
    for (const argument_plan& argument : plan.arguments) {
        if (argument.what == parameter::kind::tensor_map) table.derive_tensor_map = &detail::derive_tensor_map;
        if (argument.what == parameter::kind::scalar && is_narrow_floating(argument.type))
            table.store_narrow_float = &detail::store_narrow_float;
    }
    if constexpr (Pipeline::collective_count != 0) table.derive_peer = &detail::derive_peer;
    return table;
}();

}  // namespace accy::detail
