// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::detail::make_artifact`, which checks a kernel entry and its payload for the host backend.
#pragma once

#include <accy/backend/host/artifact.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>

namespace accy::host::detail {

/// The artifact of `entry` running `code`: `errc::unsupported_operation` for a format other than
/// `host` (as the CUDA backend says for a non-CUDA format), `errc::invalid_artifact` for a payload
/// without a host function.
inline artifact make_artifact(const kernel_entry& entry, format fmt, const payload& code) {
    const auto fail = [&](errc code, const auto&... why) {
        throw error(code, accy::detail::message({"host backend: kernel entry '", entry.entry_name, "' (target '", entry.target,
                                                 "' v", entry.version, ") ", why...}));
    };
    if (fmt != format::host)
        fail(errc::unsupported_operation, "is asked for as ", fmt, "; the host backend runs only host entries");
    if (code.host == nullptr) fail(errc::invalid_artifact, "carries no host function");
    return {code.host, entry.entry_name, entry.parameters};
}

}  // namespace accy::host::detail
