// SPDX-License-Identifier: Apache-2.0
// Defines `accy::describe<P>()`, a readable text of a pipeline's wiring: its runtime scalars, the
// shapes of its buffers, and each stage's kernel, geometry and arguments, derivations written out.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/scratch_plan.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace accy {

namespace detail {

// The text of `describe<P>()`'s parts. Cold, like a message's: describe is for reading and tests,
// so compilers optimize it for size.

/// Appends the derivation whose steps start at `next` as an expression over the runtime scalars'
/// names (`scalars`); leaves `next` past its steps.
[[gnu::cold]] ACCY_DECL void append_derivation(std::string& text, const derivation_step*& next, const scalar_info* scalars);

/// Appends "operand<0>", "workspace<1>" and so on: a buffer as a stage names it.
[[gnu::cold]] ACCY_DECL void append_buffer(std::string& text, const buffer_ref& ref);

/// Appends "tensor map of operand<0>, f16, extents [n, m], strides [(n * 2)], box [64, 64]": a
/// tensor map as a stage derives it; strides "packed" where the stage gives none.
[[gnu::cold]] ACCY_DECL void append_tensor_map(std::string& text, const argument_plan& argument,
                                               const derivation_step* steps, const scalar_info* scalars);

/// Appends a grid dimension as the entry derives it from its kernel's parameters.
[[gnu::cold]] ACCY_DECL void append_grid(std::string& text, const grid_dim& dimension, const parameter_list& parameters);

/// ", zero_filled" or ", kept_zero" for workspace `index` of `Pipeline`, where it is one; a pipeline
/// without workspaces has no table to index (g++ warns of the empty array even where the call cannot happen).
template <class Pipeline>
std::string_view zeroing_text(std::size_t index) noexcept {
    if constexpr (Pipeline::workspace_count == 0) {
        return {};
    } else {
        const shape_info& info = Pipeline::declared::workspaces::template infos<typename Pipeline::scalars>[index];
        return info.zero_fill ? ", zero_filled" : info.keep_zero ? ", kept_zero" : "";
    }
}

}  // namespace detail

/// The wiring of pipeline `P`, one line per declaration, for reading and for golden tests:
///
///     pipeline accy.examples.scan.f32, version 1
///     runtime scalar 0: n, u32
///     operand 0: f32[n]
///     ...
///     stage 0: accy.examples.scan.reduce_tiles.f32, version 1, grid (ceil_div(n, 8192), 1, 1), block (256, 1, 1)
///       tile_sums <- intermediate<0>
///       n <- n, u32
///
/// A scalar with bounds shows them ("n, u32, 1 to 4294967295"); a zero_filled or kept_zero workspace says so;
/// each intermediate and workspace, the stages it is live in (`scratch_layout`);
/// a stage's dynamic shared memory is shown where its entry asks for some; a region is a line before its
/// first stage ("repeat_while intermediate<0>, at most passes passes: stages 1 to 2").
template <class P>
    requires is_pipeline<P> && P::well_formed
std::string describe() {
    using detail::append;
    constexpr const auto& plan = detail::launch_plan<P>;
    const detail::scalar_info* scalars = P::scalars::infos.data();
    std::string text;
    append(text, {"pipeline ", P::target, ", version ", P::version, "\n"});
    for (std::size_t s = 0; s < P::scalars::infos.size(); ++s) {
        const detail::scalar_info& scalar = scalars[s];
        append(text, {"runtime scalar ", s, ": ", scalar.name, ", "});
        if (scalar.type.bytes) append(text, {scalar.type.size, " bytes"});
        else append(text, {scalar.type.type});
        if (scalar.bounded) append(text, {", ", scalar.min, " to ", scalar.max});
        text += '\n';
    }
    for (const detail::buffer_plan& buffer : plan.buffers) {
        const detail::derivation_step* next = &plan.steps[buffer.extent_step];
        append(text, {buffer.list, " ", buffer.index, ": ", buffer.type, "["});
        detail::append_derivation(text, next, scalars);
        text += ']';
        if (buffer.list == buffer_kind::workspace) text += detail::zeroing_text<P>(buffer.index);
        if (buffer.list == buffer_kind::intermediate || buffer.list == buffer_kind::workspace) {
            const detail::scratch_lifetime& life =
                detail::scratch_lifetimes<P>[buffer.index + (buffer.list == buffer_kind::workspace ? P::intermediate_count : 0)];
            append(text, {", live in stages ", life.first, " to ", life.last});
        }
        text += '\n';
    }
    if constexpr (P::scratch_count > 0)
        text += "scratch: one arena, each buffer placed in order of first use at the lowest multiple of 256 bytes "
                "where it shares no byte with a buffer live with it\n";
    for (std::size_t s = 0; s < P::stage_count; ++s) {
        for (const detail::region_plan& region : plan.regions) {
            if (region.first != s) continue;
            append(text, {region.kind, " "});
            detail::append_buffer(text, region.flag);
            if (region.kind == region_kind::repeat_while) {
                const detail::derivation_step* next = &plan.steps[region.bound_step];
                text += ", at most ";
                detail::append_derivation(text, next, scalars);
                text += " passes";
            }
            append(text, {": stages ", region.first, " to ", region.end - 1, "\n"});
        }
        const detail::stage_plan& stage = plan.stage_plans[s];
        if (stage.collective != collective_kind::none) {
            // "stage 1: accy::all_reduce (sum), intermediate<0> -> intermediate<1>"; a send's or receive's peer
            const detail::argument_plan* arguments = &plan.arguments[stage.first_argument];
            append(text, {"stage ", s, ": ", P::stage_infos[s].target});
            if (stage.collective == collective_kind::all_reduce || stage.collective == collective_kind::reduce_scatter)
                append(text, {" (", stage.op, ")"});
            if (stage.collective == collective_kind::broadcast) append(text, {" from rank ", stage.root});
            const bool send = stage.collective == collective_kind::send;
            if (send || stage.collective == collective_kind::receive) {
                const detail::derivation_step* next = &plan.steps[arguments[1].first_step];
                text += send ? " " : " into ";
                detail::append_buffer(text, arguments[0].ref);
                text += send ? ", to rank " : ", from rank ";
                detail::append_derivation(text, next, scalars);
            } else {
                text += ", ";
                detail::append_buffer(text, arguments[0].ref);
                text += " -> ";
                detail::append_buffer(text, arguments[1].ref);
            }
            text += '\n';
            continue;
        }
        const kernel_entry& entry = P::any_entry(s);
        const parameter_list& parameters = entry.parameters;
        const launch_geometry& geometry = entry.geometry;
        append(text, {"stage ", s, ": ", P::stage_infos[s].target, ", version ", P::stage_infos[s].version, ", grid ("});
        for (std::size_t d = 0; d < 3; ++d) {
            if (d != 0) text += ", ";
            detail::append_grid(text, geometry.grid[d], parameters);
        }
        append(text, {"), block (", geometry.block.x, ", ", geometry.block.y, ", ", geometry.block.z, ")"});
        if (geometry.shared.bytes != 0 || geometry.shared.bytes_per_thread != 0)
            append(text, {", shared memory ", geometry.shared.total(geometry.block), " bytes"});
        text += '\n';
        for (std::size_t a = 0; a < stage.argument_count; ++a) {
            const detail::argument_plan& argument = plan.arguments[stage.first_argument + a];
            append(text, {"  ", parameters[a].name, " <- "});
            if (argument.is_buffer) {
                detail::append_buffer(text, argument.ref);
            } else if (argument.what == parameter::kind::tensor_map) {
                detail::append_tensor_map(text, argument, plan.steps.data(), scalars);
            } else {
                const detail::derivation_step* next = &plan.steps[argument.first_step];
                detail::append_derivation(text, next, scalars);
                if (argument.what == parameter::kind::bytes) append(text, {", ", argument.size, " bytes"});
                else append(text, {", ", argument.type});
            }
            text += '\n';
        }
    }
    return text;
}

}  // namespace accy

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/describe.hpp>
#endif
