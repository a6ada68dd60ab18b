// SPDX-License-Identifier: Apache-2.0
// Defines `accy::artifact_pool`, the loaded kernels of one pipeline, and `accy::load_artifacts`.
#pragma once

#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/detail/checks.hpp>
#include <accy/runtime/detail/trace.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <utility>

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

    struct entry {
        typename Backend::artifact artifact;
        typename Backend::kernel kernel;
    };

    artifact_pool(artifact_pool&& other) noexcept
        : device_(std::exchange(other.device_, nullptr)), format_(other.format_), entries_(std::move(other.entries_)),
          loaded_(other.loaded_) {}
    artifact_pool& operator=(artifact_pool&& other) noexcept {
        if (this != &other) {
            release();
            device_ = std::exchange(other.device_, nullptr);
            format_ = other.format_;
            entries_ = std::move(other.entries_);
            loaded_ = other.loaded_;
        }
        return *this;
    }
    artifact_pool(const artifact_pool&) = delete;
    artifact_pool& operator=(const artifact_pool&) = delete;
    ~artifact_pool() { release(); }

    accy::format format() const noexcept { return format_; }
    /// False for a moved-from pool, whose kernels now belong to another pool (or were unloaded).
    bool loaded() const noexcept { return device_ != nullptr; }
    /// The backend instance the kernels were loaded on, which alone may launch them; null when moved from.
    const Backend* device() const noexcept { return device_; }
    std::span<const entry, size> entries() const noexcept { return entries_; }
    const entry& operator[](std::size_t stage) const noexcept { return entries_[stage]; }

    /// Checks that every stage has an entry in `fmt` (`unsupported_operation` otherwise), then
    /// creates and loads each stage's kernel in order. `payloads`, when given, holds one payload
    /// per stage that replaces the entry's own (code produced or read while the program runs); an
    /// empty one keeps the entry's. A failure part way unloads the stages already loaded.
    static artifact_pool load(Backend& device, accy::format fmt, std::span<const payload> payloads = {}) {
        constexpr std::string_view operation = "load_artifacts";
        const detail::trace_range traced(detail::traced([] { return detail::describe<Pipeline>("load_artifacts"); }));
        if (const std::size_t missing = Pipeline::first_stage_without(fmt); missing != size)
            throw error(errc::unsupported_operation,
                        detail::describe<Pipeline>(operation) + ": stage " + std::to_string(missing) + " ('" +
                            std::string(Pipeline::stages[missing].target) + "') has no " +
                            std::string(to_string(fmt)) + " entry in the registry");
        if (!payloads.empty() && payloads.size() != size)
            throw error(errc::launch_argument_mismatch, detail::describe<Pipeline>(operation) + ": expects " +
                                                            std::to_string(size) + " payloads, one per stage, got " +
                                                            std::to_string(payloads.size()));
        artifact_pool pool(device, fmt);
        for (std::size_t s = 0; s < size; ++s) {
            const kernel_entry& stage_entry = *Pipeline::entry(s, fmt);
            const payload& code = payloads.empty() || payloads[s].empty() ? stage_entry.payload : payloads[s];
            try {
                pool.entries_[s].artifact = device.create_artifact(stage_entry, fmt, code);
                pool.entries_[s].kernel = device.load_artifact(pool.entries_[s].artifact);
            } catch (const error& failure) {
                throw failure.in_context(detail::describe<Pipeline>(operation) + ", stage " + std::to_string(s) + " ('" +
                                         std::string(stage_entry.target) + "')");
            }
            pool.loaded_ = s + 1;
        }
        return pool;
    }

private:
    artifact_pool(Backend& device, accy::format fmt) noexcept : device_(&device), format_(fmt) {}

    void release() noexcept {
        if (device_ == nullptr) return;
        for (std::size_t s = 0; s < loaded_; ++s) device_->unload_artifact(entries_[s].kernel);
        device_ = nullptr;
    }

    Backend* device_ = nullptr;
    accy::format format_{};
    std::array<entry, size> entries_{};
    std::size_t loaded_ = 0;  // below `size` only while `load` is part way
};

/// Loads the kernels of `Pipeline` into a pool. A `static_format` (`accy::formats::cuda_ptx`)
/// checks at compile time that every stage has an entry in it; a plain `accy::format` checks at
/// run time and gives `errc::unsupported_operation`.
template <class Pipeline, backend Backend, class Format>
    requires std::convertible_to<Format, format>
auto load_artifacts(Backend& device, Format fmt, std::span<const payload> payloads = {}) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::always_false<Pipeline>, "accy::load_artifacts<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (Pipeline::well_formed) {
        if constexpr (requires { Format::value; }) static_assert(sizeof(detail::missing_format<Pipeline, Format::value>) != 0);
        return artifact_pool<Pipeline, Backend>::load(device, fmt, payloads);
    }
}

}  // namespace accy
