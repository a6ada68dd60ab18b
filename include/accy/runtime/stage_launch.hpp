// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::stage_launch`: one stage's launch derived from the runtime scalars, its
// arguments packed at the kernel's parameter offsets without heap allocation.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/runtime/checks.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <utility>

namespace accy::detail {

/// Writes `value` into `at` as a number of `type`; the pipeline's checks made sure it fits.
template <class Value>
void store_number(std::byte* at, dtype type, Value value) noexcept {
    const auto write = [at](auto typed) { std::memcpy(at, &typed, sizeof(typed)); };
    switch (type) {
    case dtype::u8: write(static_cast<std::uint8_t>(value)); break;
    case dtype::i32: write(static_cast<std::int32_t>(value)); break;
    case dtype::u32: write(static_cast<std::uint32_t>(value)); break;
    case dtype::i64: write(static_cast<std::int64_t>(value)); break;
    case dtype::u64: write(static_cast<std::uint64_t>(value)); break;
    case dtype::f32: write(static_cast<float>(value)); break;
    case dtype::f64: write(static_cast<double>(value)); break;
    }
}

/// Reads back the integer of `type` that `store_number` wrote at `at`.
inline wide_int load_integer(const std::byte* at, dtype type) noexcept {
    const auto read = [at](auto typed) {
        std::memcpy(&typed, at, sizeof(typed));
        return static_cast<wide_int>(typed);
    };
    switch (type) {
    case dtype::u8: return read(std::uint8_t{});
    case dtype::i32: return read(std::int32_t{});
    case dtype::u32: return read(std::uint32_t{});
    case dtype::i64: return read(std::int64_t{});
    default: return read(std::uint64_t{});
    }
}

/// The grid of `entry` from its integer parameters in `storage`: each dimension from 1 to its limit
/// and a multiple of the entry's cluster, or `launch_argument_mismatch` naming the stage and the dimension.
inline dim3 derive_grid(const kernel_entry& entry, const std::byte* storage, const std::size_t* offsets,
                        const std::string& (*stage_name)(), const check_context& context) {
    std::array<std::uint32_t, 3> counts{};
    for (std::size_t d = 0; d < 3; ++d) {
        const grid_dim& dim = entry.launch.grid[d];
        wide_int count = static_cast<wide_int>(dim.value);
        if (dim.rule == grid_dim::kind::ceil_div) {
            const parameter& declared = entry.parameters[dim.parameter_index];
            const wide_int value = load_integer(storage + offsets[dim.parameter_index], declared.type);
            // In 64 bits: a positive value of an integer dtype fits, and (value - 1) / divisor + 1 cannot overflow.
            count = value > 0 ? static_cast<wide_int>((static_cast<std::uint64_t>(value) - 1) / dim.value + 1) : 0;
        }
        if (count < 1 || count > static_cast<wide_int>(launch_geometry::grid_limit(d))) [[unlikely]]
            throw error(errc::launch_argument_mismatch,
                        std::string(context) + ", " + stage_name() + ": grid dimension " + "xyz"[d] + " derives " +
                            to_string(count) + " blocks, outside 1 to " + std::to_string(launch_geometry::grid_limit(d)));
        counts[d] = static_cast<std::uint32_t>(count);
        const dim3& cluster = entry.attributes.cluster;
        const std::uint32_t per_cluster = d == 0 ? cluster.x : d == 1 ? cluster.y : cluster.z;
        if (counts[d] % per_cluster != 0) [[unlikely]]
            throw error(errc::launch_argument_mismatch,
                        std::string(context) + ", " + stage_name() + ": grid dimension " + "xyz"[d] + " derives " +
                            std::to_string(counts[d]) + " blocks, not a multiple of the entry's cluster of " +
                            std::to_string(per_cluster));
    }
    return {counts[0], counts[1], counts[2]};
}

/// Whether a stage argument is a workspace declared zero_filled, to be zeroed before its stage.
template <class Pipeline, class Argument>
constexpr bool is_zero_filled_workspace() noexcept {
    if constexpr (!buffer_reference<Argument>) return false;
    else if constexpr (Argument::ref.kind != buffer_kind::workspace) return false;
    else return Pipeline::declared::workspaces::template at<Argument::ref.index>::zero_fill;
}

/// Stage `Stage` of `Pipeline` at one launch: its entry, launch configuration and arguments. The
/// scalars and bytes live in `storage` at the kernel's own parameter offsets; `arguments` point into it.
template <class Pipeline, std::size_t Stage>
struct stage_launch {
    using stage = typename Pipeline::stage_list::template at<Stage>;
    using scalars = typename Pipeline::scalars;
    static constexpr std::size_t index = Stage;
    // A copy, not a reference: nvcc's front end takes a constexpr reference member for initialized twice.
    static constexpr parameter_list parameters = Pipeline::parameters(Stage);
    static constexpr std::size_t parameter_count = parameters.size();
    /// Where each parameter starts in `storage`: the same in every format's entry, whose layouts the pipeline checked equal.
    static constexpr auto offsets = [] {
        std::array<std::size_t, parameter_count == 0 ? 1 : parameter_count> at{};
        for (std::size_t p = 0; p < parameter_count; ++p) at[p] = parameters.offset(p);
        return at;
    }();

    const kernel_entry* entry = nullptr;
    launch_config config{};
    alignas(parameters.alignment()) std::array<std::byte, parameters.byte_size() == 0 ? 1 : parameters.byte_size()> storage{};
    std::array<kernel_argument, parameter_count> arguments{};

    /// "stage 1 ('target')", for messages.
    static const std::string& name() {
        static const std::string text = "stage " + std::to_string(Stage) + " ('" + std::string(stage::target) + "')";
        return text;
    }

    /// Derives every scalar and bytes argument and the grid; buffers are bound later by `bind`.
    /// `launch_argument_mismatch` names the stage, the parameter and the value that does not fit.
    void derive(const kernel_entry& chosen, const typename scalars::values& values, const check_context& context) {
        entry = &chosen;
        std::size_t current = 0;
        try {
            [&]<std::size_t... P>(std::index_sequence<P...>) {
                ((current = P, derive_argument<P>(values)), ...);
            }(std::make_index_sequence<parameter_count>{});
        } catch (const error& failure) {
            throw failure.in_context(std::string(context) + ", " + name() + ", parameter " + std::to_string(current) +
                                     " ('" + std::string(parameters[current].name) + "')");
        }
        config.grid = derive_grid(chosen, storage.data(), offsets.data(), &name, context);
        config.block = chosen.launch.block;
        config.shared_bytes = static_cast<std::uint32_t>(chosen.launch.shared.total(config.block));
    }

    /// Binds the buffer arguments and points every argument at its value.
    void bind(std::span<const buffer> operands, std::span<const buffer> results, std::span<const buffer> scratch) noexcept {
        [&]<std::size_t... P>(std::index_sequence<P...>) {
            (bind_argument<P>(operands, results, scratch), ...);
        }(std::make_index_sequence<parameter_count>{});
    }

private:
    template <std::size_t P>
    void derive_argument(const typename scalars::values& values) {
        using argument = typename stage::template argument<P>;
        if constexpr (derivation<argument>) {
            constexpr parameter declared = parameters[P];
            const auto value = argument::template evaluate<scalars>(values);
            std::byte* at = storage.data() + parameters.offset(P);
            if constexpr (declared.what == parameter::kind::bytes) std::memcpy(at, value, declared.size);
            else store_number(at, declared.type, value);
        }
    }

    template <std::size_t P>
    void bind_argument(std::span<const buffer> operands, std::span<const buffer> results,
                       std::span<const buffer> scratch) noexcept {
        using argument = typename stage::template argument<P>;
        kernel_argument& bound = arguments[P];
        if constexpr (buffer_reference<argument>) {
            constexpr buffer_ref ref = argument::ref;
            bound.buffer = ref.kind == buffer_kind::operand        ? operands[ref.index]
                           : ref.kind == buffer_kind::result       ? results[ref.index]
                           : ref.kind == buffer_kind::intermediate ? scratch[ref.index]
                                                                   : scratch[Pipeline::intermediate_count + ref.index];
            bound.value = &bound.buffer.address;
            bound.size = sizeof(bound.buffer.address);
        } else {
            bound.value = storage.data() + parameters.offset(P);
            bound.size = parameters[P].size;
        }
    }
};

}  // namespace accy::detail
