// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::launches_view`, the launches of one call: each stage's entry, configuration
// and arguments, derived and bound by one loop from the pipeline's tables, and `stage_launches<P>`, their storage.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/pipeline_table_of.hpp>
#include <accy/runtime/detail/room_for.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

namespace accy::detail {

/// Derives stage `stage`'s scalar, bytes and tensor map arguments into `storage` and its launch
/// configuration into `config` (in place: a returned copy, read back wider than it was written,
/// stalls); tensor maps are checked against the pipeline's table of declared buffers.
/// `launch_argument_mismatch` names the stage, the parameter and the value that does not fit; the
/// grid's, the stage and the dimension: each from 1 to its limit and a multiple of the entry's cluster.
ACCY_DECL void derive_stage(const pipeline_table& pipeline, std::size_t stage, const derived_value* scalars,
                            const kernel_entry& chosen, std::byte* storage, launch_config& config,
                            const error_context& context);

/// The call's buffers a stage binds: the operands, the results, then the scratch buffers (the
/// intermediates, then the workspaces).
struct bound_buffers {
    const buffer* operands = nullptr;
    const buffer* results = nullptr;
    const buffer* scratch = nullptr;
    std::size_t intermediate_count = 0;

    const buffer& operator[](const buffer_ref& ref) const noexcept {
        switch (ref.kind) {
        case buffer_kind::operand: return operands[ref.index];
        case buffer_kind::result: return results[ref.index];
        case buffer_kind::intermediate: return scratch[ref.index];
        case buffer_kind::workspace: break;
        }
        return scratch[intermediate_count + ref.index];
    }
};

/// Points each of a stage's `count` arguments at its value: a bound buffer's address, or its bytes
/// in `storage`, where a tensor map's description gets its buffer's address. `launch_argument_mismatch`
/// where a tensor map's buffer is not aligned, naming the parameter of `entry` (the caller names the
/// stage); `entry` is null for a collective stage, which binds buffers and a peer only.
ACCY_DECL void bind_stage(const kernel_entry* entry, const argument_plan* arguments, std::size_t count, std::byte* storage,
                          const bound_buffers& buffers, kernel_argument* bound);

/// The launches of one call, for any pipeline: each stage's entry, configuration and arguments,
/// whose bytes live in one storage at the kernels' parameter offsets, viewed in the arrays of a
/// `stage_launches<P>`.
class launches_view {
public:
    launches_view(const pipeline_table& pipeline, const kernel_entry** entries, launch_config* configs, std::byte* storage,
                  kernel_argument* arguments) noexcept
        : pipeline_(pipeline), entries_(entries), configs_(configs), storage_(storage), arguments_(arguments) {}

    /// Derives every stage's scalar and bytes arguments and configuration for `fmt`; buffers are bound by `bind`.
    ACCY_DECL void derive(format fmt, const derived_value* scalars, const error_context& context) const;

    /// Binds stage `stage`'s buffer and tensor map arguments and points each of its arguments at its
    /// value; throws where a tensor map's buffer is misaligned.
    void bind(std::size_t stage, const bound_buffers& buffers) const {
        const stage_plan& own = pipeline_.stage_plans[stage];
        bind_stage(entries_[stage], pipeline_.arguments + own.first_argument, own.argument_count, storage_, buffers,
                   arguments_ + own.first_argument);
    }

    /// Stage `stage`'s kernel entry; not for a collective stage, which has none (`collective(stage)`).
    const kernel_entry& entry(std::size_t stage) const noexcept { return *entries_[stage]; }
    /// Stage `stage`'s plan, which says whether it is a collective and which.
    const stage_plan& plan(std::size_t stage) const noexcept { return pipeline_.stage_plans[stage]; }
    /// The peer rank of stage `stage`, a send or a receive, as `derive` stored it.
    std::int32_t peer(std::size_t stage) const noexcept {
        std::int32_t rank = 0;
        std::memcpy(&rank, storage_ + pipeline_.arguments[pipeline_.stage_plans[stage].first_argument + 1].offset, sizeof rank);
        return rank;
    }
    const launch_config& config(std::size_t stage) const noexcept { return configs_[stage]; }
    std::span<const kernel_argument> arguments(std::size_t stage) const noexcept {
        return {arguments_ + pipeline_.stage_plans[stage].first_argument, pipeline_.stage_plans[stage].argument_count};
    }

    /// Collective stage `stage` at these runtime scalars, as its communicator runs it, once `bind` bound its buffers.
    collective_call collective(std::size_t stage, const derived_value* scalars) const;

    /// The stage after the collectives that run with collective stage `stage` as one call of the
    /// communicator: a send or receive runs in one group with the send and receive stages that follow
    /// it, up to the next region's first or last stage; any other collective runs alone.
    std::size_t collective_group_end(std::size_t stage) const noexcept;

    /// Checks every collective stage against a communicator of `ranks` ranks, before any stage launches:
    /// the elements of its source and result (an all-gather's result holds the ranks × its source's, a
    /// reduce-scatter's source the ranks × its result's, the others' as many), a root or peer among the
    /// ranks. `launch_argument_mismatch` names the stage and the numbers, in `context`.
    void check_collectives(const derived_value* scalars, int ranks, const error_context& context) const;

    /// Calls `zero` with each zero_filled workspace that stage `stage` binds, after `bind`, to clear it before the stage runs.
    template <class Zero>
    void for_each_zero_filled(std::size_t stage, Zero&& zero) const {
        const stage_plan& own = pipeline_.stage_plans[stage];
        for (std::size_t p = 0; p < own.argument_count; ++p)
            if (pipeline_.arguments[own.first_argument + p].zero_fill) zero(arguments_[own.first_argument + p].buffer);
    }

private:
    const pipeline_table& pipeline_;
    const kernel_entry** entries_;
    launch_config* configs_;
    std::byte* storage_;
    kernel_argument* arguments_;
};

/// The storage of the launches of one call of `Pipeline`, which `view()` reads and writes. No heap allocation.
template <class Pipeline>
class stage_launches {
    static constexpr const auto& plan = launch_plan<Pipeline>;

public:
    launches_view view() noexcept {
        return {pipeline_table_of<Pipeline>, entries_, configs_, storage_, arguments_};
    }
    /// A view of what has been derived and bound, to read only.
    launches_view view() const noexcept { return const_cast<stage_launches&>(*this).view(); }

private:
    room_for<const kernel_entry*, Pipeline::stage_count> entries_{};
    room_for<launch_config, Pipeline::stage_count> configs_{};
    alignas(plan.storage_alignment) room_for<std::byte, plan.storage_bytes> storage_{};
    room_for<kernel_argument, plan.arguments.size()> arguments_{};
};

}  // namespace accy::detail

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/runtime/detail/impl/stage_launches.hpp>
#endif
