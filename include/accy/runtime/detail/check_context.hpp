// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::check_context`, the start of every message of a run-time check
// ("launch_pipeline of pipeline 'name' v1 [label]"), made only when a check fails.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace accy::detail {

/// "operation of pipeline 'name' v1" or, with a label, "... [label]": the start of every message.
template <class Pipeline>
std::string message_prefix(std::string_view operation, std::string_view label = {}) {
    std::string text = std::string(operation) + " of pipeline '" + std::string(Pipeline::target) + "' v" +
                       std::to_string(Pipeline::version);
    if (!label.empty()) text += " [" + std::string(label) + "]";
    return text;
}

/// The start of a check's messages, `message_prefix<Pipeline>(operation, label)`, made only when
/// a check fails (`std::string(context)`): checks that pass build no string, so that hot launches
/// allocate nothing.
struct check_context {
    std::string (*prefix)(std::string_view operation, std::string_view label) = nullptr;
    std::string_view operation;
    std::string_view label;

    explicit operator std::string() const { return prefix(operation, label); }
};

template <class Pipeline>
check_context context_of(std::string_view operation, std::string_view label = {}) noexcept {
    return {&message_prefix<Pipeline>, operation, label};
}

/// "stage 1 ('target')", for messages and trace names.
inline std::string stage_name(std::size_t stage, std::string_view target) {
    return "stage " + std::to_string(stage) + " ('" + std::string(target) + "')";
}

}  // namespace accy::detail
