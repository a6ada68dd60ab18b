// SPDX-License-Identifier: Apache-2.0
// Defines `accy::error`, the one exception type of the library, its codes `accy::errc` and their
// `std::error_category`.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace accy {

/// What went wrong, independent of the backend that noticed it.
enum class errc {
    invalid_artifact = 1,      ///< a kernel or extent that cannot be used: bad PTX, zero or overflowing size
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

/// The category of `errc` values as `std::error_code`s, named "accy".
inline const std::error_category& error_category() noexcept {
    struct category final : std::error_category {
        const char* name() const noexcept override { return "accy"; }
        std::string message(int value) const override { return std::string(to_string(static_cast<errc>(value))); }
    };
    static const category instance;
    return instance;
}

inline std::error_code make_error_code(errc code) noexcept { return {static_cast<int>(code), error_category()}; }

/// The exception every accy call throws. `what()` reads "<code>: <message>"; the message names
/// the pipeline, the stage and the numbers involved. An error the CUDA driver reported also
/// carries the driver's own result (`CUresult`, as an int; 0 when the error is not the driver's).
class error : public std::runtime_error {
public:
    error(errc code, std::string message, int driver_result = 0)
        : std::runtime_error(std::string(to_string(code)) + ": " + message), code_(code), driver_result_(driver_result),
          message_(std::move(message)) {}

    errc code() const noexcept { return code_; }
    std::error_code error_code() const noexcept { return make_error_code(code_); }
    /// The driver's `CUresult` behind this error (`static_cast<CUresult>(e.driver_result())`), or 0.
    int driver_result() const noexcept { return driver_result_; }
    const std::string& message() const noexcept { return message_; }

    /// The same error with `context` (a pipeline and stage, say) put in front of its message.
    error in_context(std::string_view context) const {
        return error(code_, std::string(context) + ": " + message_, driver_result_);
    }

private:
    errc code_;
    int driver_result_;
    std::string message_;
};

}  // namespace accy

template <>
struct std::is_error_code_enum<accy::errc> : std::true_type {};
