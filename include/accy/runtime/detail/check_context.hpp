// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::check_context`, the start of every message of a run-time check
// ("launch_pipeline of pipeline 'name' v1 [id]"), made only when a check fails.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace accy::detail {

/// "operation of pipeline 'name' v1" or, with a diagnostic id, "... [id]": the start of every message.
template <class Pipeline>
std::string describe(std::string_view operation, std::string_view diagnostic_id = {}) {
    std::string text = std::string(operation) + " of pipeline '" + std::string(Pipeline::target) + "' v" +
                       std::to_string(Pipeline::version);
    if (!diagnostic_id.empty()) text += " [" + std::string(diagnostic_id) + "]";
    return text;
}

/// The start of a check's messages, `describe<Pipeline>(operation, diagnostic_id)`, made only when
/// a check fails (`std::string(context)`): checks that pass build no string, so that hot launches
/// allocate nothing.
struct check_context {
    std::string (*describe)(std::string_view operation, std::string_view diagnostic_id) = nullptr;
    std::string_view operation;
    std::string_view diagnostic_id;

    explicit operator std::string() const { return describe(operation, diagnostic_id); }
};

template <class Pipeline>
check_context context_of(std::string_view operation, std::string_view diagnostic_id = {}) noexcept {
    return {&describe<Pipeline>, operation, diagnostic_id};
}

/// "stage 1 ('target')", for messages and trace names.
inline std::string stage_name(std::size_t stage, std::string_view target) {
    return "stage " + std::to_string(stage) + " ('" + std::string(target) + "')";
}

}  // namespace accy::detail
