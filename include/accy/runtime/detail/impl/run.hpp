// SPDX-License-Identifier: Apache-2.0
// Defines what runtime/detail/run.hpp declares: a launch's scratch allocation, its stages' launches
// and the waits, for any pipeline and backend.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/linkage.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/backend_calls.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/evaluate.hpp>
#include <accy/runtime/detail/launch_plan.hpp>
#include <accy/runtime/detail/run.hpp>
#include <accy/runtime/detail/stage_launches.hpp>
#include <accy/runtime/detail/trace.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace accy::detail {

/// The scratch arena of one call, given back when it ends, whatever happens: to the backend that
/// lent it (`backend_keeping_scratch`), else freed, in the order of `stream_order` where it was
/// allocated in it.
class owned_arena {
public:
    /// `stream_order`: the stream (as `backend_calls` takes one) whose work uses the arena, or null.
    owned_arena(const backend_calls& calls, void* device, const void* stream_order) noexcept
        : calls_(calls), device_(device), stream_order_(stream_order),
          in_stream_order_(stream_order != nullptr && calls.allocate_on != nullptr && calls.free_on != nullptr) {}
    owned_arena(const owned_arena&) = delete;
    owned_arena& operator=(const owned_arena&) = delete;
    ~owned_arena() {
        if (arena_.byte_size == 0) return;
        if (borrowed_) calls_.return_scratch(device_);
        else if (in_stream_order_) calls_.free_on(device_, arena_, stream_order_);
        else calls_.free_buffer(device_, arena_);
    }

    /// `byte_size` bytes: the backend's kept arena where `borrow_kept` and it lends it, else an
    /// allocation in stream order where there is one, else a plain allocation.
    buffer allocate(std::size_t byte_size, bool borrow_kept) {
        if (borrow_kept && calls_.borrow_scratch != nullptr && stream_order_ != nullptr) {
            arena_ = calls_.borrow_scratch(device_, byte_size);
            borrowed_ = arena_.byte_size != 0;
            if (borrowed_) return arena_;
        }
        arena_ = in_stream_order_ ? calls_.allocate_on(device_, byte_size, stream_order_) : calls_.allocate_buffer(device_, byte_size);
        return arena_;
    }

    /// The stream on which work finds the arena ready without a wait (borrowed, its last user done,
    /// or allocated in stream order); null for a plain allocation, which the default stream zeroes.
    const void* ready_on() const noexcept { return borrowed_ || in_stream_order_ ? stream_order_ : nullptr; }

    /// Keeps an arena it allocated (not borrowed): the caller owns it from now on.
    buffer release() noexcept {
        const buffer kept = arena_;
        arena_ = {};
        return kept;
    }

private:
    const backend_calls& calls_;
    void* device_;
    const void* stream_order_;
    bool in_stream_order_;
    bool borrowed_ = false;
    buffer arena_{};
};

/// Kernels a cold launch loaded for itself, unloaded in order when the call ends.
class owned_kernels {
public:
    owned_kernels(const backend_calls& calls, void* device, const launches_view& launches, void* slots,
                  std::size_t slot_size) noexcept
        : calls_(calls), device_(device), launches_(launches), slots_(static_cast<std::byte*>(slots)), slot_size_(slot_size) {}
    owned_kernels(const owned_kernels&) = delete;
    owned_kernels& operator=(const owned_kernels&) = delete;
    ~owned_kernels() {
        for (std::size_t k = 0; k < count_; ++k)
            if (runs_kernel(k)) calls_.unload(device_, slots_ + k * slot_size_);
    }

    /// The kernel of `stage`, loaded the first time it is asked for, with every kernel's stage
    /// before it: slot k holds stage k's kernel, whichever stages a `when` skipped.
    const void* kernel(std::size_t stage, format fmt) {
        for (; count_ <= stage; ++count_)
            if (runs_kernel(count_)) calls_.load(device_, launches_.entry(count_), fmt, slots_ + count_ * slot_size_);
        return slots_ + stage * slot_size_;
    }

private:
    bool runs_kernel(std::size_t stage) const noexcept { return launches_.plan(stage).collective == collective_kind::none; }

    const backend_calls& calls_;
    void* device_;
    const launches_view& launches_;
    std::byte* slots_;
    std::size_t slot_size_;
    std::size_t count_ = 0;
};

/// The stages of one call, launched with the backend's context current (`backend_calls::in_context`).
struct stage_run {
    const launch_call& call;
    const bound_buffers& buffers;
    owned_kernels& loaded;
    bool waits;  ///< whether the call destroys something the stages use that only a wait keeps in order

    /// After a failure part way through a call that waits: waits for what was launched before what
    /// it made is destroyed, as best it can; the failure is the error to report.
    void wait_after_failure() const noexcept {
        if (!waits) return;
        try {
            call.calls.synchronize(call.device, call.stream);
        } catch (...) {
            // Best effort: the owned objects go regardless.
        }
    }

    const void* kernel(std::size_t stage) {
        return call.pool_kernels != nullptr ? call.pool_kernels[stage] : loaded.kernel(stage, call.inputs.fmt);
    }

    /// Launches stage `stage`, or runs the group of collective stages it begins; returns the stage after.
    std::size_t launch_stage(std::size_t stage) {
        const backend_calls& calls = call.calls;
        const trace_range traced_stage(call.stage_trace(stage));
        if (call.launches.plan(stage).collective != collective_kind::none) return call.launch_collectives(*this, stage);
        const void* launched = kernel(stage);
        if (calls.check_launch != nullptr && call.pool_kernels == nullptr)
            calls.check_launch(call.device, launched, call.launches.config(stage));
        call.launches.for_each_zero_filled(stage, [&](const buffer& zeroed) { calls.fill_zero(call.device, zeroed, call.stream); });
        calls.launch(call.device, launched, call.launches.config(stage), call.launches.arguments(stage), call.stream);
        return stage + 1;
    }

    /// Launches every stage in order (`launch_with_regions` where the pipeline has regions).
    void launch_in_order(std::size_t& stage) {
        if (call.launch_regions != nullptr) return call.launch_regions(*this, stage);
        for (stage = 0; stage < call.pipeline.stage_count;) stage = launch_stage(stage);  // not in the call: a failure names the stage it failed in
    }

    void launch_all() {
        const pipeline_table& pipeline = call.pipeline;
        const backend_calls& calls = call.calls;
        std::size_t stage = 0;
        try {
            // With a pool, what only the backend can check of each stage's launch, before any stage launches.
            if (calls.check_launch != nullptr && call.pool_kernels != nullptr)
                for (; stage < pipeline.stage_count; ++stage)
                    if (call.launches.plan(stage).collective == collective_kind::none)
                        calls.check_launch(call.device, call.pool_kernels[stage], call.launches.config(stage));
            // Binding checks tensor maps' buffers: every stage before any launches.
            for (stage = 0; stage < pipeline.stage_count; ++stage) call.launches.bind(stage, buffers);
            launch_in_order(stage);
        } catch (const error& failure) {
            wait_after_failure();
            throw failure.in_context(
                merged({.stage = stage, .stage_target = pipeline.stages[stage].target}, call.context));
        } catch (...) {
            wait_after_failure();
            throw;
        }
        if (!waits) return;
        try {
            calls.synchronize(call.device, call.stream);
        } catch (const error& failure) {
            throw failure.in_context(merged({.step = "waiting for the stages"}, call.context));
        }
    }
};

/// Plans the scratch of `pipeline` into `arena` (borrowing the backend's kept one where
/// `borrow_kept`), puts each buffer's place into `buffers` and zeroes the kept_zero workspaces.
inline void fill_arena(const pipeline_table& pipeline, const backend_calls& calls, void* device, const derived_value* scalars,
                       buffer* buffers, const error_context& context, owned_arena& arena, bool borrow_kept) {
    check_runtime_scalars(pipeline, scalars, context);
    const std::size_t byte_size = plan_scratch(pipeline, scalars, buffers, context);
    if (byte_size == 0) return;
    buffer allocated{};
    try {
        allocated = arena.allocate(byte_size, borrow_kept);
    } catch (const error& failure) {
        const std::string step = message({"allocating the scratch arena of ", byte_size, " bytes"});
        throw failure.in_context(merged({.step = step}, context));
    }
    bool keeps_zero = false;
    for (std::size_t k = 0; k < pipeline.scratch_count(); ++k) {
        buffers[k].address += allocated.address;
        keeps_zero = keeps_zero || pipeline.scratch()[k].keep_zero;
    }
    if (!keeps_zero) return;
    try {
        const void* zero_on = arena.ready_on();
        for (std::size_t k = 0; k < pipeline.scratch_count(); ++k)
            if (pipeline.scratch()[k].keep_zero) calls.fill_zero(device, buffers[k], zero_on);
        if (zero_on == nullptr) calls.synchronize(device, nullptr);
    } catch (const error& failure) {
        throw failure.in_context(merged({.step = "zeroing its kept_zero workspaces"}, context));
    }
}

/// A region's flag: waits for the stream, then reads it.
inline std::uint32_t read_flag(const stage_run& run, const region_plan& region) {
    const launch_call& call = run.call;
    std::uint32_t value = 0;
    try {
        call.calls.synchronize(call.device, call.stream);
        call.download(call.device, &value, run.buffers[region.flag], sizeof value);
    } catch (const error& failure) {
        const std::string step = message({"reading the flag of the ", region.kind, " of stages ", region.first, " to ", region.end - 1});
        throw failure.in_context(merged({.step = step}, call.context));
    }
    return value;
}

ACCY_DECL void launch_with_regions(stage_run& run, std::size_t& stage) {
    const pipeline_table& pipeline = run.call.pipeline;
    std::size_t next_region = 0;
    for (stage = 0; stage < pipeline.stage_count;) {
        if (next_region == pipeline.region_count || pipeline.regions[next_region].first != stage) {
            stage = run.launch_stage(stage);
            continue;
        }
        const region_plan& region = pipeline.regions[next_region++];
        if (region.kind == region_kind::when) {
            const bool runs = read_flag(run, region) != 0;
            for (stage = runs ? region.first : region.end; stage < region.end;) stage = run.launch_stage(stage);
            continue;
        }
        const std::uint32_t bound = loop_bound(pipeline, region, run.call.scalars, run.call.context);  // checked before
        for (std::uint32_t pass = 1;; ++pass) {
            for (stage = region.first; stage < region.end;) stage = run.launch_stage(stage);
            stage = region.end - 1;  // a failure to read the flag is the last stage's
            if (pass == bound || read_flag(run, region) == 0) break;
        }
        stage = region.end;
    }
}

ACCY_DECL std::size_t launch_collective_group(stage_run& run, std::size_t stage) {
    const launch_call& call = run.call;
    const std::size_t end = call.launches.collective_group_end(stage);
    for (std::size_t s = stage; s < end; ++s) call.collective_calls[s - stage] = call.launches.collective(s, call.scalars);
    call.collectives.run(call.device, call.collectives.communicator, call.collective_calls, end - stage, call.stream);
    return end;
}

ACCY_DECL buffer allocate_scratch_arena(const pipeline_table& pipeline, const backend_calls& calls, void* device,
                                        const derived_value* scalars, buffer* buffers,
                                        const error_context& context, const void* stream_order) {
    owned_arena arena(calls, device, stream_order);
    fill_arena(pipeline, calls, device, scalars, buffers, context, arena, false);
    return arena.release();
}

ACCY_DECL void run_launches(const launch_call& call) {
    // What the call makes itself it destroys when it ends: kernels it loaded (unless the backend
    // keeps them), and scratch that it cannot free in stream order, once it has waited for the
    // stages; scratch in stream order, on the stream after them. A launch without a pool always
    // waits, so that a cold launch returns with its work done; a call that waits may borrow the
    // backend's kept arena instead of allocating, and gives it back after the wait. A region waits
    // to read its flag. A stream capture allows no wait, and would turn stream-ordered memory into
    // memory nodes of the caller's graph.
    const bool allocates = !call.inputs.scratch && call.pipeline.scratch_count() > 0;
    const bool in_stream_order = call.calls.allocate_on != nullptr;
    const bool waits = call.pool_kernels == nullptr || (allocates && !in_stream_order);
    if ((allocates || waits || call.pipeline.region_count != 0) && call.calls.capturing != nullptr &&
        call.calls.capturing(call.device, call.stream)) {
        if (call.pipeline.region_count != 0)
            fail(errc::unsupported_operation, call.context,
                 {"the stream is capturing a graph, and this launch would wait for it to read the flag of its ",
                  call.pipeline.regions[0].kind, " on the host, which a capture does not allow (the capture would be "
                  "invalidated): launch it outside the capture"});
        if (!waits)
            fail(errc::unsupported_operation, call.context,
                 {"the stream is capturing a graph, and this launch would allocate its scratch and free it in stream "
                  "order, which would put memory nodes into the captured graph: launch with accy::scratch_buffers"});
        fail(errc::unsupported_operation, call.context,
             {"the stream is capturing a graph, and this launch would ",
              allocates ? "allocate its scratch, " : "", call.pool_kernels == nullptr ? "load its kernels, " : "",
              "then wait and free them, which a capture does not allow (the capture would be invalidated): launch "
              "from an accy::artifact_pool with accy::scratch_buffers"});
    }
    if (call.collectives.check != nullptr)  // none without a communicator
        (call.launches.*call.collectives.check)(call.scalars, call.collectives.ranks, call.context);
    owned_arena arena(call.calls, call.device, call.stream);
    if (!call.inputs.scratch)
        fill_arena(call.pipeline, call.calls, call.device, call.scalars, call.allocated, call.context, arena, waits);
    const bound_buffers buffers{call.inputs.operands.data(), call.inputs.results.data(),
                                call.inputs.scratch ? call.inputs.scratch->data() : call.allocated,
                                call.pipeline.intermediate_count};
    owned_kernels loaded(call.calls, call.device, call.launches, call.kernels, call.kernel_size);  // declared last: unloaded before the buffers go
    stage_run stages{call, buffers, loaded, waits};
    call.calls.in_context(call.device, [](void* state) { static_cast<stage_run*>(state)->launch_all(); }, &stages);
}

}  // namespace accy::detail
