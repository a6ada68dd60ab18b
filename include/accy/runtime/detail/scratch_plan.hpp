// SPDX-License-Identifier: Apache-2.0
// Defines the plan of a pipeline's scratch: when each scratch buffer is live, computed at compile
// time from the stages' buffer references, and `lay_out_scratch`, which places the buffers in one
// arena at run time, once their sizes are known, so that buffers live at the same time never share
// a byte and buffers that never are may.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/detail/stage_entries.hpp>
#include <accy/pipeline/stage.hpp>

#include <array>
#include <cstddef>

namespace accy::detail {

/// Every scratch buffer's offset in the arena is a multiple of this: enough for any element type,
/// and the width of a coalesced access, so that a kernel sees each buffer as if allocated alone.
inline constexpr std::size_t scratch_alignment = 256;

/// The stages from `first` to `last` during which a scratch buffer's memory must be its own.
struct scratch_lifetime {
    std::size_t first = 0;
    std::size_t last = 0;

    constexpr bool overlaps(const scratch_lifetime& other) const noexcept {
        return first <= other.last && other.first <= last;
    }
    constexpr void cover(std::size_t from, std::size_t to) noexcept {
        first = from < first ? from : first;
        last = to > last ? to : last;
    }
};

/// The lifetimes of `Pipeline`'s scratch buffers (the intermediates, then the workspaces): from the
/// first stage that binds one to the last, widened wherever running the stages in order is not all
/// that orders them:
/// - a stage whose kernel waits on its predecessor (programmatic dependent launch, in any format's
///   entry) may run beside the stages before it up to the last one that does not; its buffers are
///   live from there. A chain of such stages from stage 0 may run beside the previous launch's last
///   stages: its buffers are live throughout;
/// - a buffer bound inside a `repeat_while` is live for the whole loop, since a pass may read what
///   the pass before left; a `when`'s flag is live until the `when` starts;
/// - a kept_zero workspace stays zero between launches, and a buffer no stage binds has no stage to
///   be live in: both are live throughout, sharing nothing.
template <class Pipeline>
constexpr auto plan_scratch_lifetimes() noexcept {
    constexpr std::size_t stage_count = Pipeline::stage_count;
    constexpr std::size_t last_stage = stage_count - 1;
    using entries = stage_entries<typename Pipeline::definition>;
    std::array<scratch_lifetime, Pipeline::scratch_count> lives{};
    std::array<bool, Pipeline::scratch_count> bound{};
    const auto scratch_index = [](const buffer_ref& ref) {
        return ref.kind == buffer_kind::intermediate ? ref.index : Pipeline::intermediate_count + ref.index;
    };
    std::size_t runs_beside = 0;  // the first stage that stage `s` may run beside; `stage_count` for the previous launch's
    for (std::size_t s = 0; s < stage_count; ++s) {
        bool waits = false;
        for (const std::ptrdiff_t entry : entries::by_format[s])
            waits = waits || (entry >= 0 && entries::entries[static_cast<std::size_t>(entry)].attributes.waits_on_predecessor);
        if (!waits) runs_beside = s;
        else if (s == 0) runs_beside = stage_count;
        const stage_info& stage = Pipeline::stage_infos[s];
        for (std::size_t p = 0; p < stage.argument_count; ++p) {
            const argument_info& argument = stage.arguments[p];
            if (!argument.binds_buffer() ||
                (argument.ref.kind != buffer_kind::intermediate && argument.ref.kind != buffer_kind::workspace))
                continue;
            const std::size_t k = scratch_index(argument.ref);
            const scratch_lifetime here = runs_beside == stage_count ? scratch_lifetime{0, last_stage}
                                                                    : scratch_lifetime{runs_beside, s};
            if (bound[k]) lives[k].cover(here.first, here.last);
            else lives[k] = here;
            bound[k] = true;
        }
    }
    for (const region_info& region : Pipeline::regions) {
        if (region.kind == region_kind::when) {
            if (region.flag.kind == buffer_kind::intermediate) lives[region.flag.index].cover(region.first, region.first);
            continue;
        }
        const scratch_lifetime loop{region.first, region.end - 1};
        for (scratch_lifetime& life : lives)
            if (life.overlaps(loop)) life.cover(loop.first, loop.last);
    }
    for (std::size_t w = 0; w < Pipeline::workspace_count; ++w)
        if (Pipeline::declared::workspaces::template infos<typename Pipeline::scalars>[w].keep_zero)
            bound[Pipeline::intermediate_count + w] = false;
    for (std::size_t k = 0; k < lives.size(); ++k)
        if (!bound[k]) lives[k] = {0, last_stage};
    return lives;
}

template <class Pipeline>
inline constexpr auto scratch_lifetimes = plan_scratch_lifetimes<Pipeline>();

/// The order in which `lay_out_scratch` places `Pipeline`'s scratch buffers: by the stage each
/// becomes live, then by index (a counting sort, so that it takes time in proportion to the buffers).
template <class Pipeline>
inline constexpr auto scratch_placement = [] {
    constexpr const auto& lives = scratch_lifetimes<Pipeline>;
    std::array<std::size_t, Pipeline::stage_count + 1> starts{};  // then where each stage's buffers go
    for (const scratch_lifetime& life : lives) ++starts[life.first + 1];
    for (std::size_t s = 0; s < Pipeline::stage_count; ++s) starts[s + 1] += starts[s];
    std::array<std::size_t, Pipeline::scratch_count> order{};
    for (std::size_t k = 0; k < lives.size(); ++k) order[starts[lives[k].first]++] = k;
    return order;
}();

/// The size of an arena `lay_out_scratch` laid out, or the buffer that would end past `SIZE_MAX`.
struct scratch_arena {
    static constexpr std::size_t fits = static_cast<std::size_t>(-1);

    std::size_t byte_size = 0;
    std::size_t overflowing = fits;  ///< the index of the buffer that does not fit, where one does not
};

/// Places `count` scratch buffers in one arena: given each one's size in `places[k].byte_size`, sets
/// `places[k].address` to its offset in the arena. In the order `placement` gives, each goes to the
/// lowest multiple of `scratch_alignment` where it shares no byte with a buffer placed before it
/// whose lifetime overlaps its own.
ACCY_DECL scratch_arena lay_out_scratch(const scratch_lifetime* lifetimes, const std::size_t* placement, buffer* places,
                                        std::size_t count) noexcept;

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/scratch_plan.hpp>
#endif
