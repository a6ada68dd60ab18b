// SPDX-License-Identifier: Apache-2.0
// Defines the buffer references a stage binds: `accy::operand<i>`, `accy::result<i>`,
// `accy::intermediate<i>` and `accy::workspace<i>`.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>

namespace accy {

enum class buffer_kind { operand, result, intermediate, workspace };

constexpr std::string_view to_string(buffer_kind kind) noexcept {
    switch (kind) {
    case buffer_kind::operand: return "operand";
    case buffer_kind::result: return "result";
    case buffer_kind::intermediate: return "intermediate";
    case buffer_kind::workspace: return "workspace";
    }
    return "unknown";
}

/// A buffer reference as a value: which list, which index.
struct buffer_ref {
    buffer_kind kind = buffer_kind::operand;
    std::size_t index = 0;

    friend constexpr bool operator==(const buffer_ref&, const buffer_ref&) = default;
};

namespace detail {

/// A reference to buffer `Index` of list `Kind`, what the four references below share.
template <buffer_kind Kind, std::size_t Index>
struct buffer_of {
    static constexpr buffer_ref ref{Kind, Index};
};

}  // namespace detail

/// The pipeline's operand `Index`: a buffer the caller passes in and no stage writes.
template <std::size_t Index>
struct operand : detail::buffer_of<buffer_kind::operand, Index> {};

/// The pipeline's result `Index`: a buffer the caller passes in for the stages to write.
template <std::size_t Index>
struct result : detail::buffer_of<buffer_kind::result, Index> {};

/// The pipeline's intermediate `Index`: scratch between stages, allocated by accy or by the caller.
template <std::size_t Index>
struct intermediate : detail::buffer_of<buffer_kind::intermediate, Index> {};

/// The pipeline's workspace `Index`: scratch that one stage's kernel owns, allocated like intermediates.
template <std::size_t Index>
struct workspace : detail::buffer_of<buffer_kind::workspace, Index> {};

template <class T>
concept buffer_reference = requires {
    { T::ref } -> std::convertible_to<buffer_ref>;
};

}  // namespace accy
