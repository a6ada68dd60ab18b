// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::run`, the body of one `launch_pipeline` call: its checks, the scratch and
// kernels it makes for itself, the stages' launches in order, and the wait before it destroys them.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/checked_launch.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/launch_request.hpp>
#include <accy/runtime/detail/stage_launches.hpp>
#include <accy/runtime/detail/trace.hpp>
#include <accy/runtime/scratch_buffers.hpp>

#include <array>
#include <cstddef>
#include <optional>

namespace accy::detail {

/// Kernels a cold launch loaded for itself, unloaded in order when the call ends.
template <backend Backend, std::size_t Capacity>
class owned_kernels {
public:
    explicit owned_kernels(Backend& device) noexcept : device_(device) {}
    owned_kernels(const owned_kernels&) = delete;
    owned_kernels& operator=(const owned_kernels&) = delete;
    ~owned_kernels() {
        for (std::size_t s = 0; s < count_; ++s) device_.unload_kernel(kernels_[s]);
    }

    const typename Backend::kernel& load(const kernel_entry& entry, format fmt) {
        const typename Backend::artifact artifact = device_.create_artifact(entry, fmt, entry.payload);
        kernels_[count_] = device_.load_artifact(artifact);
        return kernels_[count_++];
    }

private:
    Backend& device_;
    std::array<typename Backend::kernel, Capacity> kernels_{};
    std::size_t count_ = 0;
};

/// The backend's context made current for a whole call, where the backend has one.
template <backend Backend>
auto enter_context(Backend& device) {
    if constexpr (backend_with_context<Backend>) return device.enter_context();
    else return 0;
}

/// After a failure part way through a call that owns buffers or kernels: waits for what was
/// launched before they are destroyed, as best it can; the failure is the error to report.
template <backend Backend>
void wait_after_failure(Backend& device, const std::optional<typename Backend::stream>& stream, bool owns_anything) noexcept {
    if (!owns_anything) return;
    try {
        device.synchronize(stream);
    } catch (...) {
        // Best effort: the owned objects go regardless.
    }
}

template <class Pipeline, backend Backend>
void run(Backend& device, const launch_request<Pipeline, Backend>& request) {
    const trace_range traced_launch(traced([] { return context_text(context_of<Pipeline>(launch_operation)); }));
    stage_launches<Pipeline> launches = checked_launches(request);

    std::optional<scratch_buffers<Pipeline, Backend>> allocated;
    if (!request.scratch) {
        try {
            allocated.emplace(scratch_buffers<Pipeline, Backend>::allocate(device, request.values, request.label));
        } catch (const error& failure) {
            // allocate names its own operation, allocate_scratch; the call that failed is this launch.
            error_context context = failure.context();
            context.operation = launch_operation;
            throw error(failure.code(), context, failure.reason(), failure.driver_result());
        }
    }
    const bound_buffers buffers{request.operands, request.results,
                                request.scratch ? *request.scratch : allocated->buffers(),
                                Pipeline::intermediate_count};
    owned_kernels<Backend, Pipeline::stage_count> loaded(device);  // declared last: unloaded before the buffers go
    [[maybe_unused]] const auto in_context = enter_context(device);

    // What this call allocated or loaded itself, it waits for before destroying it.
    const bool owns_anything = request.pool == nullptr || !request.scratch;
    std::size_t stage = 0;
    try {
        // With a pool, what only the backend can check of each stage's launch, before any stage launches.
        if constexpr (backend_checking_launches<Backend>) {
            if (request.pool != nullptr)
                for (; stage < Pipeline::stage_count; ++stage)
                    device.check_launch((*request.pool)[stage].kernel, launches.config(stage));
        }
        // Binding checks tensor maps' buffers: every stage before any launches.
        for (stage = 0; stage < Pipeline::stage_count; ++stage) launches.bind(stage, buffers);
        for (stage = 0; stage < Pipeline::stage_count; ++stage) {
            const trace_range traced_stage(traced<Pipeline::stage_count>(stage, [](std::size_t s) {
                return context_text({.stage = s, .stage_target = Pipeline::stage_infos[s].target});
            }));
            const typename Backend::kernel& kernel =
                request.pool != nullptr ? (*request.pool)[stage].kernel : loaded.load(launches.entry(stage), request.fmt);
            if constexpr (backend_checking_launches<Backend>)
                if (request.pool == nullptr) device.check_launch(kernel, launches.config(stage));
            launches.for_each_zero_filled(stage, [&](const buffer& zeroed) { device.fill_zero(zeroed, request.stream); });
            device.launch(kernel, launches.config(stage), launches.arguments(stage), request.stream);
        }
    } catch (const error& failure) {
        wait_after_failure(device, request.stream, owns_anything);
        throw failure.in_context(request.stage_context(stage));
    } catch (...) {
        wait_after_failure(device, request.stream, owns_anything);
        throw;
    }
    if (!owns_anything) return;
    try {
        device.synchronize(request.stream);
    } catch (const error& failure) {
        throw failure.in_context(merged({.step = "waiting for the stages"}, request.context()));
    }
}

}  // namespace accy::detail
