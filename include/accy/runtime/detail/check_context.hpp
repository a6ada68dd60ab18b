// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::context_of`, the context of a run-time check of one call ("launch_pipeline"
// of pipeline 'name' v1 [label]): views only, so that checks that pass build no string.
#pragma once

#include <accy/core/error.hpp>

#include <string_view>

namespace accy::detail {

/// The context every error of call `operation` of `Pipeline` starts with: its text, "operation of
/// pipeline 'name' v1 [label]", is made only when a check fails, so that hot launches allocate nothing.
template <class Pipeline>
constexpr error_context context_of(std::string_view operation, std::string_view label = {}) noexcept {
    return {.operation = operation, .pipeline = Pipeline::target, .pipeline_version = Pipeline::version, .label = label};
}

}  // namespace accy::detail
