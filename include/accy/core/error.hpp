// SPDX-License-Identifier: Apache-2.0
// Defines `accy::error`, the one exception type of the library, and its codes `accy::errc`.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace accy {

/// What went wrong, independent of the backend that noticed it.
enum class errc {
    invalid_artifact,          ///< a kernel or extent that cannot be used: bad PTX, zero or overflowing size
    unsupported_operation,     ///< the registry has no kernel for the requested format
    launch_argument_mismatch,  ///< a run-time argument disagrees with the pipeline: count, bound, size, alias, pool
    out_of_memory,             ///< the backend could not allocate a buffer
    runtime_unavailable,       ///< the device runtime (the CUDA driver, a device) is not there
    device_error,              ///< any other error the device reported, with the driver's own name and text
};

constexpr std::string_view to_string(errc code) noexcept {
    switch (code) {
    case errc::invalid_artifact: return "invalid_artifact";
    case errc::unsupported_operation: return "unsupported_operation";
    case errc::launch_argument_mismatch: return "launch_argument_mismatch";
    case errc::out_of_memory: return "out_of_memory";
    case errc::runtime_unavailable: return "runtime_unavailable";
    case errc::device_error: return "device_error";
    }
    return "unknown";
}

/// The exception every accy call throws. `what()` reads "<code>: <message>"; the message names
/// the pipeline, the stage and the numbers involved.
class error : public std::runtime_error {
public:
    error(errc code, std::string message)
        : std::runtime_error(std::string(to_string(code)) + ": " + message), code_(code), message_(std::move(message)) {}

    errc code() const noexcept { return code_; }
    const std::string& message() const noexcept { return message_; }

    /// The same error with `context` (a pipeline and stage, say) put in front of its message.
    error in_context(std::string_view context) const { return error(code_, std::string(context) + ": " + message_); }

private:
    errc code_;
    std::string message_;
};

}  // namespace accy
