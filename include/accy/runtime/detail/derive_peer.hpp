// SPDX-License-Identifier: Apache-2.0
// Declares `accy::detail::derive_peer`: the peer rank of a collective stage (a send's or a
// receive's), derived from the runtime scalars and checked to be a rank.
#pragma once

#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <cstddef>

namespace accy::detail {

/// Derives collective stage `stage`'s peer into `storage`, an i32 at its argument's offset;
/// `launch_argument_mismatch`, naming the stage, where it derives a number outside 0 to INT32_MAX.
ACCY_DECL void derive_peer(std::size_t stage, const pipeline_table& pipeline, const derived_value* scalars,
                           std::byte* storage, const error_context& context);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/derive_peer.hpp>
#endif
