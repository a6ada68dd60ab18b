// SPDX-License-Identifier: Apache-2.0
// Defines `accy::launch_pipeline`: every run-time check, then one launch per stage, in order.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/report.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/launch_request.hpp>
#include <accy/runtime/detail/run.hpp>
#include <accy/runtime/launch_options.hpp>

#include <concepts>
#include <span>

namespace accy {

/// Runs `Pipeline` once. Before anything is allocated or launched it checks the chain for `fmt`,
/// the operand and result counts, every runtime scalar's bounds, the sizes every declared buffer
/// needs, the caller's operands and results (not null, large enough, results disjoint from each
/// other and from the operands but the one each is declared in_place over), the pool, the caller's
/// intermediates and workspaces (count, size, disjoint from each other and from every operand and
/// result), and every stage's arguments and grid; then it launches the stages in order on the
/// stream (the backend's default stream when none is given), zeroing zero_filled workspaces first.
///
/// Options: `use_pool(pool)` launches from loaded kernels, `use_scratch(buffers)` from the
/// caller's scratch, `on_stream(s)` on a stream, `label("...")` names the call in errors.
/// What the call allocates or loads itself, it waits for (the stream, or the device without one)
/// and then destroys; with both a pool and intermediates it returns without waiting. An error
/// after a launch starts a best-effort wait, and owned objects are destroyed even if it fails.
///
/// `operands` and `results` are contiguous containers of `accy::buffer`; a fixed-size one of the
/// wrong count does not compile. `runtime_scalars` is a tuple of the declared types
/// (`P::scalar_values`); another count or type does not compile. A `static_format`
/// (`accy::formats::host`) checks at compile time that every stage has an entry in it.
template <class Pipeline, backend Backend, class Format, class Operands, class Results, class Scalars, class... Options>
    requires std::convertible_to<Format, format>
void launch_pipeline(Backend& device, Format fmt, const Operands& operands, const Results& results,
                     const Scalars& runtime_scalars, const Options&... options) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::detail::always_false<Pipeline>, "accy::launch_pipeline<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (!detail::holds_buffers<Operands> || !detail::holds_buffers<Results>) {
        static_assert(detail::holds_buffers<Operands>,
                      "accy::launch_pipeline: the operands are a contiguous container of accy::buffer (std::array, std::vector, std::span, ...)");
        static_assert(!detail::holds_buffers<Operands> || detail::holds_buffers<Results>,
                      "accy::launch_pipeline: the results are a contiguous container of accy::buffer (std::array, std::vector, std::span, ...)");
    } else if constexpr (Pipeline::well_formed) {
        static_assert(detail::holds_count<Operands>(Pipeline::operand_count),
                      "accy::launch_pipeline<P>: the operands container has a fixed size that differs from P's operand_count");
        static_assert(detail::holds_count<Results>(Pipeline::result_count),
                      "accy::launch_pipeline<P>: the results container has a fixed size that differs from P's result_count");
        if constexpr (requires { Format::value; }) static_assert(sizeof(detail::missing_format<Pipeline, Format::value>) != 0);
        static_assert(Pipeline::collective_count == 0 || (detail::is_communicator_option<Options> || ...),
                      "accy::launch_pipeline<P>: P has collective stages, which run through this rank's communicator: "
                      "pass accy::use_communicator(communicator)");

        detail::launch_request<Pipeline, Backend> request;
        request.fmt = fmt;
        request.device = &device;
        request.operands = {std::data(operands), std::size(operands)};
        request.results = {std::data(results), std::size(results)};
        request.values = detail::scalar_values_of<typename Pipeline::scalars>(runtime_scalars);
        (detail::apply_option(request, options), ...);
        detail::run(device, request);
    }
}

}  // namespace accy
