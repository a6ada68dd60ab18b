// SPDX-License-Identifier: Apache-2.0
// Defines `accy::describe<P>()`, a readable text of a pipeline's wiring: its runtime scalars, the
// shapes of its buffers, and each stage's kernel, geometry and arguments, derivations written out.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/scratch_plan.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace accy {

namespace detail {

/// The derivation whose steps start at `next` as an expression over the scalars' `names`; `next`
/// is left past its steps.
inline std::string derivation_text(const derivation_step*& next, std::span<const scalar_info> scalars) {
    const derivation_step& step = *next++;
    using operation = derivation_step::operation;
    const auto binary = [&](std::string_view before, std::string_view between, std::string_view after) {
        std::string text(before);
        text += derivation_text(next, scalars);
        text += between;
        text += derivation_text(next, scalars);
        return text += after;
    };
    switch (step.op) {
    case operation::scalar: return std::string(scalars[static_cast<std::size_t>(step.operand)].name);
    case operation::constant: return to_string(step.operand);
    case operation::ceil_div: {
        std::string text = "ceil_div(" + derivation_text(next, scalars);
        return text.append(", ").append(to_string(step.operand)).append(")");
    }
    case operation::sum: return binary("(", " + ", ")");
    case operation::product: return binary("(", " * ", ")");
    case operation::min: return binary("min(", ", ", ")");
    case operation::max: return binary("max(", ", ", ")");
    case operation::convert: {
        std::string text = step.type.bytes ? std::string("bytes") : std::string(accy::to_string(step.type.type));
        return text.append("(").append(derivation_text(next, scalars)).append(")");
    }
    }
    return {};
}

/// "operand<0>", "workspace<1>" and so on: a buffer as a stage names it.
inline std::string buffer_text(const buffer_ref& ref) {
    return std::string(to_string(ref.kind)).append("<").append(std::to_string(ref.index)).append(">");
}

/// "tensor map of operand<0>, f16, extents [n, m], strides [(n * 2)], box [64, 64]": a tensor map
/// as a stage derives it; strides "packed" where the stage gives none.
inline std::string tensor_map_text(const argument_plan& argument, const derivation_step* steps,
                                   std::span<const scalar_info> scalars) {
    const tensor_map_info& map = *argument.map;
    const derivation_step* next = steps + argument.first_step;
    std::string extents, strides, box;
    for (std::size_t d = 0; d < map.rank; ++d) {
        extents.append(d == 0 ? "" : ", ").append(derivation_text(next, scalars));
        box.append(d == 0 ? "" : ", ").append(std::to_string(map.box[d]));
    }
    for (std::size_t d = 0; d < map.stride_count; ++d) strides.append(d == 0 ? "" : ", ").append(derivation_text(next, scalars));
    return "tensor map of " + buffer_text(argument.ref) + ", " + std::string(to_string(argument.type)) + ", extents [" +
           extents + "], strides " + (map.stride_count == 0 ? std::string("packed") : "[" + strides + "]") + ", box [" + box + "]";
}

/// A grid dimension as the entry derives it from its kernel's parameters.
inline std::string grid_text(const grid_dim& dimension, const parameter_list& parameters) {
    if (dimension.rule == grid_dim::kind::fixed) return std::to_string(dimension.value);
    return std::string("ceil_div(")
        .append(parameters[dimension.parameter_index].name)
        .append(", ")
        .append(std::to_string(dimension.value))
        .append(")");
}

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
    constexpr const auto& plan = detail::launch_plan<P>;
    const std::span<const detail::scalar_info> scalars(P::scalars::infos);
    std::string text = "pipeline " + std::string(P::target) + ", version " + std::to_string(P::version) + "\n";
    for (std::size_t s = 0; s < scalars.size(); ++s) {
        const detail::scalar_info& scalar = scalars[s];
        text += "runtime scalar " + std::to_string(s) + ": " + std::string(scalar.name) + ", ";
        text += scalar.type.bytes ? std::to_string(scalar.type.size) + " bytes" : std::string(to_string(scalar.type.type));
        if (scalar.bounded) text += ", " + detail::to_string(scalar.min) + " to " + detail::to_string(scalar.max);
        text += "\n";
    }
    for (const detail::buffer_plan& buffer : plan.buffers) {
        const detail::derivation_step* next = &plan.steps[buffer.extent_step];
        text += std::string(to_string(buffer.list)) + " " + std::to_string(buffer.index) + ": " +
                std::string(to_string(buffer.type)) + "[" + detail::derivation_text(next, scalars) + "]";
        if (buffer.list == buffer_kind::workspace) text += detail::zeroing_text<P>(buffer.index);
        if (buffer.list == buffer_kind::intermediate || buffer.list == buffer_kind::workspace) {
            const detail::scratch_lifetime& life =
                detail::scratch_lifetimes<P>[buffer.index + (buffer.list == buffer_kind::workspace ? P::intermediate_count : 0)];
            text += ", live in stages " + std::to_string(life.first) + " to " + std::to_string(life.last);
        }
        text += "\n";
    }
    if constexpr (P::scratch_count > 0)
        text += "scratch: one arena, each buffer placed in order of first use at the lowest multiple of 256 bytes "
                "where it shares no byte with a buffer live with it\n";
    for (std::size_t s = 0; s < P::stage_count; ++s) {
        for (const detail::region_plan& region : plan.regions) {
            if (region.first != s) continue;
            text += std::string(to_string(region.kind)) + " " + detail::buffer_text(region.flag);
            if (region.kind == region_kind::repeat_while) {
                const detail::derivation_step* next = &plan.steps[region.bound_step];
                text += ", at most " + detail::derivation_text(next, scalars) + " passes";
            }
            text += ": stages " + std::to_string(region.first) + " to " + std::to_string(region.end - 1) + "\n";
        }
        const detail::stage_plan& stage = plan.stage_plans[s];
        if (stage.collective != collective_kind::none) {
            // "stage 1: accy::all_reduce (sum), intermediate<0> -> intermediate<1>"; a send's or receive's peer
            const detail::argument_plan* arguments = &plan.arguments[stage.first_argument];
            text += "stage " + std::to_string(s) + ": " + std::string(P::stage_infos[s].target);
            if (stage.collective == collective_kind::all_reduce || stage.collective == collective_kind::reduce_scatter)
                text += " (" + std::string(to_string(stage.op)) + ")";
            if (stage.collective == collective_kind::broadcast) text += " from rank " + std::to_string(stage.root);
            if (stage.collective == collective_kind::send || stage.collective == collective_kind::receive) {
                const detail::derivation_step* next = &plan.steps[arguments[1].first_step];
                text += std::string(stage.collective == collective_kind::send ? " " : " into ") + detail::buffer_text(arguments[0].ref) +
                        (stage.collective == collective_kind::send ? ", to rank " : ", from rank ") +
                        detail::derivation_text(next, scalars) + "\n";
            } else {
                text += ", " + detail::buffer_text(arguments[0].ref) + " -> " + detail::buffer_text(arguments[1].ref) + "\n";
            }
            continue;
        }
        const kernel_entry& entry = P::any_entry(s);
        const parameter_list& parameters = entry.parameters;
        const launch_geometry& geometry = entry.geometry;
        text += "stage " + std::to_string(s) + ": " + std::string(P::stage_infos[s].target) + ", version " +
                std::to_string(P::stage_infos[s].version) + ", grid (" + detail::grid_text(geometry.grid[0], parameters) + ", " +
                detail::grid_text(geometry.grid[1], parameters) + ", " + detail::grid_text(geometry.grid[2], parameters) +
                "), block (" + std::to_string(geometry.block.x) + ", " + std::to_string(geometry.block.y) + ", " +
                std::to_string(geometry.block.z) + ")";
        if (geometry.shared.bytes != 0 || geometry.shared.bytes_per_thread != 0)
            text += ", shared memory " + std::to_string(geometry.shared.total(geometry.block)) + " bytes";
        text += "\n";
        for (std::size_t a = 0; a < stage.argument_count; ++a) {
            const detail::argument_plan& argument = plan.arguments[stage.first_argument + a];
            text += "  " + std::string(parameters[a].name) + " <- ";
            if (argument.is_buffer) {
                text += detail::buffer_text(argument.ref);
            } else if (argument.what == parameter::kind::tensor_map) {
                text += detail::tensor_map_text(argument, plan.steps.data(), scalars);
            } else {
                const detail::derivation_step* next = &plan.steps[argument.first_step];
                text += detail::derivation_text(next, scalars) + ", " +
                        (argument.what == parameter::kind::bytes ? std::to_string(argument.size) + " bytes"
                                                                 : std::string(to_string(argument.type)));
            }
            text += "\n";
        }
    }
    return text;
}

}  // namespace accy
