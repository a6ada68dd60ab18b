// SPDX-License-Identifier: Apache-2.0
// Defines `accy::artifact_pool`, the loaded kernels of one pipeline, and `accy::load_artifacts`.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/check_context.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/pipeline_table_of.hpp>
#include <accy/runtime/detail/trace.hpp>

#include <array>
#include <cstddef>
#include <span>

namespace accy {

/// One loaded kernel per stage of `Pipeline`, in `format()`, owned by the caller, who launches the
/// pipeline with it many times. The pool's type names its pipeline, so a pool of another pipeline
/// does not compile in a launch; a launch on another backend instance than the pool's, or with a
/// moved-from pool, is `errc::launch_argument_mismatch`. Destruction unloads every kernel and
/// waits for nothing: the caller first makes sure no queued launch still uses them.
template <class Pipeline, backend Backend>
class artifact_pool {
public:
    using pipeline_type = Pipeline;
    using backend_type = Backend;
    static constexpr std::size_t size = Pipeline::stage_count;

    /// What the pool holds for one stage: the artifact its kernel was made from, and the kernel.
    struct loaded_stage {
        typename Backend::artifact artifact;
        typename Backend::kernel kernel;
    };

    accy::format format() const noexcept { return state_->format; }
    /// False for a moved-from pool, whose kernels now belong to another pool (or were unloaded).
    bool loaded() const noexcept { return state_->device != nullptr; }
    /// The backend instance the kernels were loaded on, which alone may launch them; null when moved from.
    const Backend* device() const noexcept { return state_->device; }
    std::span<const loaded_stage, size> loaded_stages() const noexcept { return state_->loaded_stages; }
    const loaded_stage& operator[](std::size_t stage) const noexcept { return state_->loaded_stages[stage]; }

    /// Checks that `fmt` is one of `accy::format`'s values and that every stage has an entry in it
    /// (`unsupported_operation` otherwise), then creates and loads each stage's kernel in order.
    /// `payloads`, when given, holds one payload per stage that replaces the entry's own (code
    /// produced or read while the program runs); an empty one keeps the entry's. A failure part
    /// way unloads the stages already loaded.
    static artifact_pool load(Backend& device, accy::format fmt, std::span<const payload> payloads = {}) {
        const error_context context = detail::context_of<Pipeline>("load_artifacts");
        const detail::trace_range traced(
            detail::traced([] { return detail::context_text(detail::context_of<Pipeline>("load_artifacts")); }));
        detail::check_format(fmt, detail::pipeline_table_of<Pipeline>, context);
        if (!payloads.empty() && payloads.size() != size)
            throw error(errc::launch_argument_mismatch, context,
                        detail::message({"expects ", size, " payloads, one per stage, got ", payloads.size()}));
        artifact_pool pool(device, fmt);
        for (std::size_t s = 0; s < size; ++s) {
            if (Pipeline::stage_infos[s].collective != collective_kind::none) {  // runs no kernel
                pool.state_->loaded = s + 1;
                continue;
            }
            const kernel_entry& stage_entry = *Pipeline::entry(s, fmt);
            const payload& code = payloads.empty() || payloads[s].empty() ? stage_entry.payload : payloads[s];
            try {
                loaded_stage& loading = pool.state_->loaded_stages[s];
                loading.artifact = device.create_artifact(stage_entry, fmt, code);
                loading.kernel = device.load_artifact(loading.artifact);
            } catch (const error& failure) {
                throw failure.in_context(detail::merged({.stage = s, .stage_target = stage_entry.target}, context));
            }
            pool.state_->loaded = s + 1;
        }
        return pool;
    }

private:
    struct state {
        Backend* device = nullptr;
        accy::format format{};
        std::array<loaded_stage, size> loaded_stages{};
        std::size_t loaded = 0;  // below `size` only while `load` is part way

        void release() noexcept {
            if (device == nullptr) return;
            for (std::size_t s = 0; s < loaded; ++s)
                if (Pipeline::stage_infos[s].collective == collective_kind::none) device->unload_kernel(loaded_stages[s].kernel);
        }
    };

    artifact_pool(Backend& device, accy::format fmt) noexcept : state_({&device, fmt}) {}

    detail::owner<state> state_;
};

/// Loads the kernels of `Pipeline` into a pool. A `static_format` (`accy::formats::cuda_ptx`)
/// checks at compile time that every stage has an entry in it; a plain `accy::format` checks at
/// run time and gives `errc::unsupported_operation`.
template <class Pipeline, backend Backend, class Format>
    requires std::convertible_to<Format, format>
auto load_artifacts(Backend& device, Format fmt, std::span<const payload> payloads = {}) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::detail::always_false<Pipeline>, "accy::load_artifacts<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (Pipeline::well_formed) {
        if constexpr (requires { Format::value; }) static_assert(sizeof(detail::missing_format<Pipeline, Format::value>) != 0);
        return artifact_pool<Pipeline, Backend>::load(device, fmt, payloads);
    }
}

}  // namespace accy
