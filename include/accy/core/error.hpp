// SPDX-License-Identifier: Apache-2.0
// Defines `accy::error`, the one exception type of the library, its codes `accy::errc` and their
// `std::error_category`, and `accy::error_context`, where an error happened.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/linkage.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
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
ACCY_DECL const std::error_category& error_category() noexcept;

inline std::error_code make_error_code(errc code) noexcept { return {static_cast<int>(code), error_category()}; }

/// Where an error happened, as far as the code that throws it knows; a field left empty (or without
/// a value) is not known there. An `accy::error` keeps its own copy of each.
struct error_context {
    // Each member has an initializer, so that g++ 12 does not warn of those a designated initializer leaves out.
    std::string_view operation{};            ///< the library call: "launch_pipeline", "allocate_scratch", "load_artifacts"
    std::string_view pipeline{};             ///< the pipeline's target name
    std::uint32_t pipeline_version = 0;      ///< its version, where `pipeline` is set
    std::string_view label{};                ///< the call's `accy::label`
    std::optional<std::size_t> stage{};      ///< the stage's index
    std::string_view stage_target{};         ///< the target name of the stage's kernel entry
    std::optional<std::size_t> parameter{};  ///< the index of a parameter of that entry
    std::string_view parameter_name{};       ///< its declared name
    std::string_view step{};                 ///< what the call was doing besides a stage: "allocating workspace 0 of 64 bytes"
};

namespace detail {

/// `inner`, each field it leaves unknown taken from `outer`: where a failure happened (a stage, a
/// parameter) within the call it is part of.
constexpr error_context merged(const error_context& inner, const error_context& outer) noexcept {
    const auto nearest = [](std::string_view near, std::string_view far) { return near.empty() ? far : near; };
    const bool pipeline = !inner.pipeline.empty();
    return {nearest(inner.operation, outer.operation),
            pipeline ? inner.pipeline : outer.pipeline,
            pipeline ? inner.pipeline_version : outer.pipeline_version,
            nearest(inner.label, outer.label),
            inner.stage ? inner.stage : outer.stage,
            inner.stage ? inner.stage_target : outer.stage_target,
            inner.parameter ? inner.parameter : outer.parameter,
            inner.parameter ? inner.parameter_name : outer.parameter_name,
            nearest(inner.step, outer.step)};
}

/// Appends `context` as the start of a message, its known fields in this order: "launch_pipeline of
/// pipeline 'name' v1 [label], stage 1 ('target'), parameter 2 ('n'), <step>"; nothing for an empty one.
[[gnu::cold]] ACCY_DECL void append_context(std::string& text, const error_context& context);

/// Throws the `accy::error` of `code` in `context` whose reason is `reason`'s parts in order. The
/// failed checks of a launch call it: out of line and cold, so that a check's failure path is a few
/// stores and one call, and its success path carries no string.
[[noreturn, gnu::cold]] ACCY_DECL void fail(errc code, const error_context& context,
                                            std::initializer_list<message_part> reason);

/// The text of `context` alone (`append_context`): the names of profiler ranges.
ACCY_DECL std::string context_text(const error_context& context);

}  // namespace detail

/// The exception every accy call throws. Its message is its context (the operation, the pipeline,
/// the stage, the parameter, where known) then its reason, what went wrong: "launch_pipeline of
/// pipeline 'name' v1, stage 1 ('target'): <reason>"; `what()` reads "<code>: <message>". An error
/// the CUDA driver reported also carries the driver's own result (`CUresult`, as an int; 0 when the
/// error is not the driver's). What builds one is cold: only a failure runs it, so compilers
/// optimize it for size, which also spares each translation unit that launches much of its compile time.
class error : public std::runtime_error {
public:
    /// An error with no context: its message is `reason`.
    [[gnu::cold]] error(errc code, std::string_view reason, int driver_result = 0) : error(code, error_context{}, reason, driver_result) {}

    /// An error in `context`: its message is the context's text, ": ", then `reason`.
    [[gnu::cold]] error(errc code, const error_context& context, std::string_view reason, int driver_result = 0);

    errc code() const noexcept { return code_; }
    std::error_code error_code() const noexcept { return make_error_code(code_); }
    /// The driver's `CUresult` behind this error (`static_cast<CUresult>(e.driver_result())`), or 0.
    int driver_result() const noexcept { return driver_result_; }
    /// The context's text, then the reason: `what()` without the code.
    const std::string& message() const noexcept { return message_; }
    /// What went wrong, without the context: "operand 0 (f32) is a null buffer".
    std::string_view reason() const noexcept {
        return message_.size() < reason_size_ ? std::string_view() : std::string_view(message_).substr(message_.size() - reason_size_);
    }

    /// The library call that failed ("launch_pipeline"); empty where the error names none.
    std::string_view operation() const noexcept { return field(operation_field); }
    /// The target name of the pipeline; empty where the error names none.
    std::string_view pipeline() const noexcept { return field(pipeline_field); }
    std::uint32_t pipeline_version() const noexcept { return pipeline_version_; }
    /// The call's `accy::label`; empty where it had none.
    std::string_view label() const noexcept { return field(label_field); }
    /// The stage that failed, and the target name of its kernel entry.
    std::optional<std::size_t> stage() const noexcept { return stage_; }
    std::string_view stage_target() const noexcept { return field(stage_target_field); }
    /// The parameter of the stage's kernel entry that failed, and its declared name.
    std::optional<std::size_t> parameter() const noexcept { return parameter_; }
    std::string_view parameter_name() const noexcept { return field(parameter_name_field); }
    /// What the call was doing besides a stage ("allocating workspace 0 of 64 bytes"); empty where nothing else.
    std::string_view step() const noexcept { return field(step_field); }
    /// All of the above, as views of this error's own copies.
    error_context context() const noexcept {
        return {operation(), pipeline(), pipeline_version_, label(), stage_, stage_target(), parameter_, parameter_name(), step()};
    }

    /// The same error seen from the call that made the failed one. Where this error names no
    /// operation, `outer` gives the fields it leaves unknown (its own, nearer the failure, stay).
    /// Where both name one, it failed in a call nested in `outer`'s (a host kernel's launch): its
    /// whole message becomes the reason, and `outer` the context.
    [[gnu::cold]] error in_context(const error_context& outer) const;

private:
    /// The context's text fields, in the order `fields_` holds them.
    enum text_field : std::size_t {
        operation_field,
        pipeline_field,
        label_field,
        stage_target_field,
        parameter_name_field,
        step_field,
        text_field_count
    };

    [[gnu::cold]] static std::string composed(const error_context& context, std::string_view reason);

    [[gnu::cold]] error(errc code, std::string message, std::size_t reason_size, const error_context& context, int driver_result);

    /// Empty in an error moved from, whose `fields_` is empty.
    std::string_view field(text_field which) const noexcept {
        const std::size_t start = which == 0 ? 0 : field_ends_[which - 1];
        return start >= fields_.size() ? std::string_view() : std::string_view(fields_).substr(start, field_ends_[which] - start);
    }

    errc code_;
    int driver_result_;
    std::string message_;
    std::size_t reason_size_;
    // The context's six text fields one after another in one string, each ending at its
    // `field_ends_`: every TU that throws compiles the error's copy and destruction, which for one
    // string is a fraction of the code six would take.
    std::string fields_;
    std::size_t field_ends_[text_field_count];
    std::uint32_t pipeline_version_;
    std::optional<std::size_t> stage_;
    std::optional<std::size_t> parameter_;
};

}  // namespace accy

template <>
struct std::is_error_code_enum<accy::errc> : std::true_type {};

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/core/impl/error.hpp>
#endif
