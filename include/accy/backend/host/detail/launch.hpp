// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::run_blocks`, which runs every block of one host kernel launch on a thread pool.
#pragma once

#include <accy/backend/host/artifact.hpp>
#include <accy/backend/host/thread_pool.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/check_launch_arguments.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/host_kernel.hpp>
#include <accy/runtime/backend.hpp>

#include <cstdint>
#include <exception>
#include <span>
#include <string_view>
#include <vector>

namespace accy::host::detail {

/// The job of one launch: calls the kernel for every block, even after one has thrown, so that no
/// block waits forever on one that was skipped (a look-back scan's later tile waits on its
/// predecessors); the first block that throws keeps its exception and raises `failed`, which the
/// blocks still running or waiting see as `host_block::cancelled()`.
struct block_job {
    const kernel& loaded;
    const launch_config& config;
    std::span<const kernel_argument> arguments;

    accy::detail::launch_failure_flag failed{};
    dim3 failed_block{};
    std::exception_ptr failure{};

    void operator()(std::uint64_t index) noexcept {
        const dim3 grid = config.grid;
        const std::uint64_t rows = index / grid.x;
        const dim3 block{static_cast<std::uint32_t>(index % grid.x), static_cast<std::uint32_t>(rows % grid.y),
                         static_cast<std::uint32_t>(rows / grid.y)};
        try {
            // Each thread keeps its own block's shared memory, grown once to the largest size asked for.
            thread_local std::vector<std::byte> shared;
            if (shared.size() < config.shared_bytes) shared.resize(config.shared_bytes);
            loaded.function(host_block{block, config.block, grid, arguments, std::span(shared).first(config.shared_bytes),
                                       loaded.entry_name, loaded.parameters, &failed});
        } catch (...) {
            if (failed.raise()) {
                failed_block = block;
                failure = std::current_exception();
            }
        }
    }
};

/// Rethrows a block's exception after `block` ("host backend: launch of 'k': block (0, 0, 0) of grid
/// (1, 1, 1)"): an `accy::error` keeps its code and driver result, its whole message after `block`'s;
/// anything else is `errc::device_error`.
[[noreturn]] inline void rethrow_block_failure(const std::exception_ptr& failure, std::string_view block) {
    try {
        std::rethrow_exception(failure);
    } catch (const error& thrown) {
        throw error(thrown.code(), accy::detail::message({block, ": ", thrown.message()}), thrown.driver_result());
    } catch (const std::exception& thrown) {
        throw error(errc::device_error, accy::detail::message({block, " threw: ", thrown.what()}));
    } catch (...) {
        throw error(errc::device_error,
                    accy::detail::message({block, " threw: an exception not derived from std::exception"}));
    }
}

/// Calls `loaded` once per block of `config.grid` on `pool`, each block with `config.shared_bytes`
/// of its own shared memory (16-byte aligned), and returns when every block is done. Every block
/// runs even when one throws; then the first exception caught is rethrown naming the kernel and
/// the block: an `accy::error` with its own code, anything else as `errc::device_error`. A wrong
/// argument count, a launch outside CUDA's limits and an argument at a null address are
/// `errc::launch_argument_mismatch` (`accy::detail::check_launch_arguments`).
/// A kernel's launch that would wait forever for the launch it is part of gets
/// `errc::unsupported_operation` (see `thread_pool::run`) instead of a deadlock.
inline void run_blocks(thread_pool& pool, const kernel& loaded, const launch_config& config,
                       std::span<const kernel_argument> arguments) {
    if (loaded.function == nullptr)
        throw error(errc::invalid_artifact, "host backend: launch of a kernel that no load_artifact returned");
    const auto named = [&] { return accy::detail::message({"host backend: launch of '", loaded.entry_name, "'"}); };
    if (arguments.size() != loaded.parameters.size())
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({named(), ": the entry declares ", loaded.parameters.size(),
                                           " parameters, the launch passes ", arguments.size()}));
    accy::detail::check_launch_arguments({"host backend: launch of '", loaded.entry_name, "'"}, config, arguments);
    const dim3 grid = config.grid;

    block_job job{loaded, config, arguments};
    pool.run(std::uint64_t{grid.x} * grid.y * grid.z, job);
    if (job.failure)
        rethrow_block_failure(job.failure, accy::detail::message({named(), ": block ", to_string(job.failed_block),
                                                                  " of grid ", to_string(grid)}));
}

}  // namespace accy::host::detail
