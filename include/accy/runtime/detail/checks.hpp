// SPDX-License-Identifier: Apache-2.0
// Declares the run-time checks of a launch's inputs: the format, the runtime scalars' bounds, the
// byte sizes the declared buffers need, and the caller's buffers (null, size, wrap, overlap).
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/runtime_scalars.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace accy::detail {

/// `errc::unsupported_operation` unless `fmt` is one of `accy::format`'s values and every stage
/// of `pipeline` has an entry in it. A value cast from outside the enumeration would index past
/// the pipeline's table of entries, so it is refused first, as no backend runs it either.
ACCY_DECL void check_format(format fmt, const pipeline_table& pipeline, const error_context& context);

/// Checks every bounded runtime scalar; `launch_argument_mismatch` names the scalar, its value and bounds.
ACCY_DECL void check_runtime_scalars(const pipeline_table& pipeline, const derived_value* values,
                                     const error_context& context);

/// The byte size of a declared buffer at the runtime scalars. An extent below 1, or a size that
/// does not fit in `std::size_t`, is `errc::invalid_artifact`.
ACCY_DECL std::size_t byte_size_of(const buffer_plan& declared, const derivation_steps& steps, const derived_value* scalars,
                                   const error_context& context);

/// The places of `pipeline`'s scratch buffers (the intermediates, then the workspaces) in one
/// arena at the runtime scalars: each one's byte size, and as its address its offset in the arena
/// (`lay_out_scratch`). Returns the arena's byte size, 0 where there is no scratch; a buffer that
/// would end past `SIZE_MAX` is `errc::invalid_artifact`.
ACCY_DECL std::size_t plan_scratch(const pipeline_table& pipeline, const derived_value* scalars, buffer* places,
                                   const error_context& context);

/// A call's operands or results: the buffers of the caller's container. Not a `std::span`: making
/// one from a container checks the range concepts of span's constructors, about 40 M g++
/// instructions in every translation unit that launches a pipeline.
struct given_buffers {
    const buffer* first = nullptr;
    std::size_t count = 0;

    std::size_t size() const noexcept { return count; }
    const buffer* data() const noexcept { return first; }
    const buffer& operator[](std::size_t index) const noexcept { return first[index]; }
};

/// The inputs of one call that the checks read besides its pipeline, the same type for every pipeline.
struct call_inputs {
    format fmt{};
    given_buffers operands;
    given_buffers results;
    std::optional<std::span<const buffer>> scratch;  ///< the intermediates, then the workspaces, that the caller passed
    const void* scratch_device = nullptr;  ///< the backend that allocated them, where known
    const void* device = nullptr;          ///< the backend launched on, where known
};

/// The bound of `loop`, a repeat_while of `pipeline`, at the runtime scalars: from 1 to 2^32 - 1
/// passes (a conditional graph node counts them in 32 bits), else `launch_argument_mismatch`.
ACCY_DECL std::uint32_t loop_bound(const pipeline_table& pipeline, const region_plan& loop, const derived_value* scalars,
                                   const error_context& context);

/// The checks of a call before its pool's: the format, the operand and result counts, the runtime
/// scalars' bounds, every loop's bound.
ACCY_DECL void check_call(const pipeline_table& pipeline, const call_inputs& call, const derived_value* scalars,
                          const error_context& context);

/// The checks of a call's pool: not moved from (`loaded`), loaded on the backend the call launches
/// on (`pool_device`), in the call's format (`pool_format`).
ACCY_DECL void check_pool(bool loaded, const void* pool_device, format pool_format, const call_inputs& call,
                          const error_context& context);

/// The checks of a call's buffers: the byte size every declared buffer needs, into `sizes` (one
/// per row of the pipeline's buffer table), then the caller's operands, results and scratch (not
/// null, aligned, not wrapping, large enough, overlapping only where declared in_place).
ACCY_DECL void check_buffers(const pipeline_table& pipeline, const call_inputs& call, const derived_value* scalars,
                             std::size_t* sizes, const error_context& context);

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/checks.hpp>
#endif
