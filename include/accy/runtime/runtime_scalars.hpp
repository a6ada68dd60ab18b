// Defines the run-time checks of a pipeline's runtime scalars and the byte size of its intermediates.
#pragma once

#include <accy/core/error.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/scratch.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>

namespace accy {

namespace detail {

/// "pipeline 'name' v1" or, with a diagnostic id, "pipeline 'name' v1 [id]": the start of every message.
template <class Pipeline>
std::string describe(std::string_view operation, std::string_view diagnostic_id = {}) {
    std::string text = std::string(operation) + " of pipeline '" + std::string(Pipeline::target) + "' v" +
                       std::to_string(Pipeline::version);
    if (!diagnostic_id.empty()) text += " [" + std::string(diagnostic_id) + "]";
    return text;
}

}  // namespace detail

/// The byte size of an intermediate at the given runtime scalars: its extent times its dtype's
/// size. An extent of 0, or a size that does not fit in `std::size_t`, is `errc::invalid_artifact`.
inline std::size_t intermediate_byte_size(const scratch_spec& spec, std::span<const std::uint32_t> runtime_scalars) {
    const std::uint64_t extent = spec.extent.evaluate(runtime_scalars);
    const std::size_t element_size = size_of(spec.dtype);
    if (extent == 0)
        throw error(errc::invalid_artifact, "an intermediate of " + std::string(to_string(spec.dtype)) +
                                                " derives an extent of 0 elements from its runtime scalars");
    if (extent > std::numeric_limits<std::size_t>::max() / element_size)
        throw error(errc::invalid_artifact, "an intermediate of " + std::to_string(extent) + " " +
                                                std::string(to_string(spec.dtype)) + " elements overflows a byte size");
    return static_cast<std::size_t>(extent) * element_size;
}

namespace detail {

/// Checks the count of runtime scalars and each declared bound; `launch_argument_mismatch` otherwise.
template <class Pipeline>
void check_runtime_scalars(std::span<const std::uint32_t> runtime_scalars, std::string_view operation,
                           std::string_view diagnostic_id = {}) {
    if (runtime_scalars.size() != Pipeline::runtime_scalar_count)
        throw error(errc::launch_argument_mismatch,
                    describe<Pipeline>(operation, diagnostic_id) + ": expects " +
                        std::to_string(Pipeline::runtime_scalar_count) + " runtime scalars, got " +
                        std::to_string(runtime_scalars.size()));
    for (const scalar_bound& bound : Pipeline::bounds)
        if (runtime_scalars[bound.index] > bound.max)
            throw error(errc::launch_argument_mismatch,
                        describe<Pipeline>(operation, diagnostic_id) + ": runtime scalar " + std::to_string(bound.index) +
                            " is " + std::to_string(runtime_scalars[bound.index]) + ", above its bound max_u32<" +
                            std::to_string(bound.index) + ", " + std::to_string(bound.max) + ">");
}

/// The byte size of intermediate `index`, its errors naming the pipeline and the intermediate.
template <class Pipeline>
std::size_t intermediate_byte_size(std::size_t index, std::span<const std::uint32_t> runtime_scalars,
                                   std::string_view operation, std::string_view diagnostic_id = {}) {
    try {
        return accy::intermediate_byte_size(Pipeline::intermediates[index], runtime_scalars);
    } catch (const error& failure) {
        throw failure.in_context(describe<Pipeline>(operation, diagnostic_id) + ", intermediate " + std::to_string(index));
    }
}

}  // namespace detail

}  // namespace accy
