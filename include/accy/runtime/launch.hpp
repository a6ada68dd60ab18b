// Defines `accy::launch_pipeline`: every run-time check, then one launch per stage, in order.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/intermediate_buffers.hpp>
#include <accy/runtime/launch_options.hpp>
#include <accy/runtime/runtime_scalars.hpp>

#include <boost/hana/for_each.hpp>
#include <boost/hana/range.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace accy {

namespace detail {

inline constexpr std::string_view launch_operation = "launch_pipeline";

/// The number of elements a container holds if its type says so (arrays, fixed-extent spans).
template <class Container>
constexpr std::size_t static_extent() {
    using type = std::remove_cvref_t<Container>;
    if constexpr (std::is_array_v<type>) return std::extent_v<type>;
    else if constexpr (requires { std::tuple_size<type>::value; }) return std::tuple_size_v<type>;
    else if constexpr (requires { type::extent; }) return type::extent;
    else return std::dynamic_extent;
}

template <class Container>
constexpr bool holds_count(std::size_t count) {
    return static_extent<Container>() == std::dynamic_extent || static_extent<Container>() == count;
}

/// Everything one call was given, gathered from its arguments and options.
template <class Pipeline, class Backend>
struct launch_request {
    format fmt{};
    std::span<const buffer> operands;
    std::span<const buffer> results;
    std::span<const std::uint32_t> runtime_scalars;
    const artifact_pool<Pipeline, Backend>* pool = nullptr;
    std::optional<std::span<const buffer>> intermediates;
    std::optional<typename Backend::stream> stream;
    std::string_view diagnostic_id;

    std::string describe() const { return detail::describe<Pipeline>(launch_operation, diagnostic_id); }
    error mismatch(const std::string& what) const { return error(errc::launch_argument_mismatch, describe() + ": " + what); }
};

template <class>
inline constexpr bool is_artifact_pool = false;
template <class Pipeline, class Backend>
inline constexpr bool is_artifact_pool<artifact_pool<Pipeline, Backend>> = true;

template <class Pipeline, class Backend, class Option>
void apply_option(launch_request<Pipeline, Backend>& request, const Option& option) {
    if constexpr (requires { option.pool; }) {
        using pool_type = std::remove_cvref_t<decltype(*option.pool)>;
        if constexpr (!is_artifact_pool<pool_type>) {
            static_assert(diagnostic::always_false<Option>, "accy::use_pool(pool): pool must be an accy::artifact_pool");
        } else if constexpr (!std::is_same_v<typename pool_type::pipeline_type, Pipeline>) {
            static_assert(diagnostic::always_false<Option>,
                          "accy::launch_pipeline<P>: the artifact pool was loaded for another pipeline; pools are typed on "
                          "their pipeline: load one with accy::load_artifacts<P>");
        } else if constexpr (!std::is_same_v<typename pool_type::backend_type, Backend>) {
            static_assert(diagnostic::always_false<Option>,
                          "accy::launch_pipeline: the artifact pool was loaded on another backend type");
        } else {
            request.pool = option.pool;
        }
    } else if constexpr (requires { option.buffers; }) {
        static_assert(decltype(option.buffers)::extent == std::dynamic_extent ||
                          decltype(option.buffers)::extent == Pipeline::intermediate_count,
                      "accy::launch_pipeline<P>: use_intermediates got a fixed-size container whose count differs from "
                      "P's number of intermediates");
        request.intermediates = option.buffers;
    } else if constexpr (requires { option.stream; }) {
        if constexpr (!std::is_convertible_v<decltype(option.stream), typename Backend::stream>)
            static_assert(diagnostic::always_false<Option>,
                          "accy::launch_pipeline: on_stream(s) takes a stream of the backend's stream type");
        else
            request.stream = option.stream;
    } else if constexpr (std::is_same_v<Option, diagnostic_id_option>) {
        request.diagnostic_id = option.id;
    } else {
        static_assert(diagnostic::always_false<Option>,
                      "accy::launch_pipeline: an option is use_pool(...), use_intermediates(...), on_stream(...) or "
                      "diagnostic_id(...)");
    }
}

/// Checks what only exists at run time, before anything is allocated or launched.
template <class Pipeline, class Backend>
void check_request(const launch_request<Pipeline, Backend>& request) {
    if (const std::size_t missing = Pipeline::first_stage_without(request.fmt); missing != Pipeline::stage_count)
        throw error(errc::unsupported_operation, request.describe() + ": stage " + std::to_string(missing) + " ('" +
                                                     std::string(Pipeline::stages[missing].target) + "') has no " +
                                                     std::string(to_string(request.fmt)) + " entry in the registry");
    if (request.operands.size() != Pipeline::operand_count)
        throw request.mismatch("expects " + std::to_string(Pipeline::operand_count) + " operands, got " +
                               std::to_string(request.operands.size()));
    if (request.results.size() != Pipeline::result_count)
        throw request.mismatch("expects " + std::to_string(Pipeline::result_count) + " results, got " +
                               std::to_string(request.results.size()));
    check_runtime_scalars<Pipeline>(request.runtime_scalars, launch_operation, request.diagnostic_id);
    if (request.pool != nullptr && request.pool->format() != request.fmt)
        throw request.mismatch("the artifact pool was loaded as " + std::string(to_string(request.pool->format())) +
                               ", the launch asks for " + std::string(to_string(request.fmt)));
    if (!request.intermediates) return;
    const std::span<const buffer> provided = *request.intermediates;
    if (provided.size() != Pipeline::intermediate_count)
        throw request.mismatch("expects " + std::to_string(Pipeline::intermediate_count) + " intermediates, got " +
                               std::to_string(provided.size()));
    for (std::size_t k = 0; k < provided.size(); ++k) {
        const std::size_t needed = intermediate_byte_size<Pipeline>(k, request.runtime_scalars, launch_operation,
                                                                    request.diagnostic_id);
        if (provided[k].byte_size < needed)
            throw request.mismatch("intermediate " + std::to_string(k) + " holds " +
                                   std::to_string(provided[k].byte_size) + " bytes, the runtime scalars need " +
                                   std::to_string(needed));
        for (std::size_t earlier = 0; earlier < k; ++earlier)
            if (overlap(provided[k], provided[earlier]))
                throw request.mismatch("intermediate " + std::to_string(k) + " overlaps intermediate " +
                                       std::to_string(earlier));
        for (std::size_t i = 0; i < request.operands.size(); ++i)
            if (overlap(provided[k], request.operands[i]))
                throw request.mismatch("intermediate " + std::to_string(k) + " overlaps operand " + std::to_string(i));
        for (std::size_t i = 0; i < request.results.size(); ++i)
            if (overlap(provided[k], request.results[i]))
                throw request.mismatch("intermediate " + std::to_string(k) + " overlaps result " + std::to_string(i));
    }
}

/// One stage's launch, derived from the runtime scalars: its scalars, its entry's grid and block.
template <class Pipeline, std::size_t Stage>
struct stage_launch {
    using stage = typename Pipeline::stage_list::template at<Stage>;
    static constexpr std::size_t index = Stage;

    const kernel_entry* entry = nullptr;
    std::array<std::uint32_t, stage::scalar_derivations.size()> scalars{};
    std::array<buffer, stage::buffer_refs.size()> buffers{};
    launch_dims dims{};

    template <class Backend>
    static stage_launch derive(const launch_request<Pipeline, Backend>& request) {
        stage_launch launch;
        launch.entry = Pipeline::entry(Stage, request.fmt);
        for (std::size_t i = 0; i < launch.scalars.size(); ++i)
            launch.scalars[i] = static_cast<std::uint32_t>(stage::scalar_derivations[i].evaluate(request.runtime_scalars));
        launch.dims = {derive_grid(launch.entry->launch, launch.scalars), launch.entry->launch.block};
        const dim3 grid = launch.dims.grid;
        if (grid.x == 0 || grid.y == 0 || grid.z == 0)
            throw request.mismatch("stage " + std::to_string(Stage) + " ('" + std::string(stage::target) +
                                   "') derives an empty grid (" + std::to_string(grid.x) + ", " +
                                   std::to_string(grid.y) + ", " + std::to_string(grid.z) +
                                   ") from its runtime scalars");
        return launch;
    }

    void bind(std::span<const buffer> operands, std::span<const buffer> results, std::span<const buffer> intermediates) {
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            const buffer_ref ref = stage::buffer_refs[b];
            const std::span<const buffer> list = ref.kind == buffer_kind::operand  ? operands
                                                 : ref.kind == buffer_kind::result ? results
                                                                                   : intermediates;
            buffers[b] = list[ref.index];
        }
    }
};

/// Kernels a cold launch loaded for itself, unloaded in order when the call ends.
template <backend Backend, std::size_t Capacity>
class owned_kernels {
public:
    explicit owned_kernels(Backend& device) noexcept : device_(device) {}
    owned_kernels(const owned_kernels&) = delete;
    owned_kernels& operator=(const owned_kernels&) = delete;
    ~owned_kernels() {
        for (std::size_t s = 0; s < count_; ++s) device_.unload_artifact(kernels_[s]);
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

/// Checks a request, then derives every stage's launch (scalars, grid, block; buffers unbound):
/// a tuple of `stage_launch<Pipeline, 0>`, `<1>`, ... Nothing has been allocated or launched yet.
template <class Pipeline, class Backend>
auto checked_launches(const launch_request<Pipeline, Backend>& request) {
    namespace hana = boost::hana;
    check_request(request);
    return hana::unpack(hana::make_range(hana::size_c<0>, hana::size_c<Pipeline::stage_count>), [&](auto... s) {
        return hana::make_tuple(stage_launch<Pipeline, decltype(s)::value>::derive(request)...);
    });
}

template <class Pipeline, backend Backend>
void run(Backend& device, const launch_request<Pipeline, Backend>& request) {
    namespace hana = boost::hana;
    auto launches = checked_launches(request);

    std::optional<intermediate_buffers<Pipeline, Backend>> allocated;
    if (!request.intermediates)
        allocated.emplace(intermediate_buffers<Pipeline, Backend>::allocate(device, request.runtime_scalars,
                                                                            request.diagnostic_id));
    const std::span<const buffer> intermediates = request.intermediates ? *request.intermediates : allocated->buffers();
    owned_kernels<Backend, Pipeline::stage_count> loaded(device);  // declared last: unloaded before the buffers go

    // What this call allocated or loaded itself, it waits for before destroying it.
    const bool owns_anything = request.pool == nullptr || !request.intermediates;
    try {
        hana::for_each(launches, [&](auto& launch) {
            constexpr std::size_t stage = std::remove_cvref_t<decltype(launch)>::index;
            try {
                launch.bind(request.operands, request.results, intermediates);
                const typename Backend::kernel& kernel =
                    request.pool != nullptr ? (*request.pool)[stage].kernel : loaded.load(*launch.entry, request.fmt);
                device.launch(kernel, launch.dims, launch.buffers, launch.scalars, request.stream);
            } catch (const error& failure) {
                throw failure.in_context(request.describe() + ", stage " + std::to_string(stage) + " ('" +
                                         std::string(launch.entry->target) + "')");
            }
        });
    } catch (...) {
        if (owns_anything) {
            try {
                device.synchronize(request.stream);
            } catch (...) {
                // Best effort: the launch error is the one to report, and the owned objects go regardless.
            }
        }
        throw;
    }
    if (!owns_anything) return;
    try {
        device.synchronize(request.stream);
    } catch (const error& failure) {
        throw failure.in_context(request.describe() + ", waiting for the stages");
    }
}

}  // namespace detail

/// Runs `Pipeline` once: checks the chain for `fmt`, the operand and result counts, every runtime
/// scalar (count, bounds), the pool and the caller's intermediates (count, size, disjoint from each
/// other and from every operand and result) before launching any stage; then launches the stages
/// in order on the stream (the backend's default stream when none is given).
///
/// Options: `use_pool(pool)` launches from loaded kernels, `use_intermediates(buffers)` from the
/// caller's scratch, `on_stream(s)` on a stream, `diagnostic_id("...")` names the call in errors.
/// What the call allocates or loads itself, it waits for (the stream, or the device without one)
/// and then destroys; with both a pool and intermediates it returns without waiting. An error
/// after a launch starts a best-effort wait, and owned objects are destroyed even if it fails.
///
/// `operands`, `results` and `runtime_scalars` are contiguous containers (of `accy::buffer`, and
/// of `std::uint32_t`); a fixed-size one of the wrong count does not compile. A `static_format`
/// (`accy::formats::host`) checks at compile time that every stage has an entry in it.
template <class Pipeline, backend Backend, class Format, class Operands, class Results, class Scalars, class... Options>
    requires std::convertible_to<Format, format>
void launch_pipeline(Backend& device, Format fmt, const Operands& operands, const Results& results,
                     const Scalars& runtime_scalars, const Options&... options) {
    if constexpr (!is_pipeline<Pipeline>) {
        static_assert(diagnostic::always_false<Pipeline>, "accy::launch_pipeline<P>: P must be an accy::pipeline<Definition>");
    } else if constexpr (Pipeline::well_formed) {
        static_assert(detail::holds_count<Operands>(Pipeline::operand_count),
                      "accy::launch_pipeline<P>: the operands container has a fixed size that differs from P's operand_count");
        static_assert(detail::holds_count<Results>(Pipeline::result_count),
                      "accy::launch_pipeline<P>: the results container has a fixed size that differs from P's result_count");
        static_assert(detail::holds_count<Scalars>(Pipeline::runtime_scalar_count),
                      "accy::launch_pipeline<P>: the runtime scalars container has a fixed size that differs from P's "
                      "runtime_scalar_count");
        if constexpr (requires { Format::value; }) static_assert(detail::require_format<Pipeline, Format::value>());

        detail::launch_request<Pipeline, Backend> request;
        request.fmt = fmt;
        request.operands = std::span<const buffer>(operands);
        request.results = std::span<const buffer>(results);
        request.runtime_scalars = std::span<const std::uint32_t>(runtime_scalars);
        (detail::apply_option(request, options), ...);
        detail::run(device, request);
    }
}

}  // namespace accy
