// SPDX-License-Identifier: Apache-2.0
// Defines the checks every communicator makes of one rank's call of a collective before it runs it:
// each returns why the call cannot run, or an empty string.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/reduction.hpp>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace accy::detail {

/// Why collectives cannot take elements of `type` (i16, u16).
inline std::string dtype_refusal(dtype type) {
    return collective_dtype(type) ? std::string{} : message({"collectives take no ", to_string(type), " elements"});
}

/// Why `used`, the call's `role` ("source", "result"), cannot hold `count` elements of `type`. The
/// count is wide: an all-gather's result holds the count per rank × the ranks.
inline std::string buffer_refusal(std::string_view role, const buffer& used, wide_uint count, dtype type) {
    const wide_uint bytes = count * size_of(type);
    if (count != 0 && used.address == 0) return message({"its ", role, " is a null buffer"});
    if (bytes > used.byte_size)
        return message({"its ", role, " holds ", used.byte_size, " bytes, and ", count, " ", to_string(type), " elements take ", bytes});
    return {};
}

/// Why `rank`, the call's `role` ("root rank", "peer rank"), is not a rank of a group of `size`.
inline std::string rank_refusal(std::string_view role, int rank, int size) {
    return rank >= 0 && rank < size ? std::string{}
                                    : message({role, " ", rank, " is outside the ", size, " ranks (0 to ", size - 1, ")"});
}

/// The first of several refusals that is not empty, else empty.
inline std::string first_refusal(std::initializer_list<std::string> refusals) {
    for (const std::string& refusal : refusals)
        if (!refusal.empty()) return refusal;
    return {};
}

}  // namespace accy::detail
