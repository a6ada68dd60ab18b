// SPDX-License-Identifier: Apache-2.0
// Defines the `accy::backend` concept, the device layer that allocates, loads, launches and waits,
// and its refinements for the optional hooks a launch uses where a backend has them.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/core/reduction.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>
#include <accy/pipeline/collective.hpp>

#include <concepts>
#include <cstddef>
#include <optional>
#include <span>

namespace accy {

/// A backend allocates buffers (read-write, `buffer_alignment`-aligned), creates an artifact from
/// a kernel entry's payload (compiling it where the format needs that), loads it into a kernel
/// handle, zeroes buffers and launches kernels on a stream (or its default one when none is
/// given), and waits for a stream, or for the whole device when none is given. A launch gets one
/// `kernel_argument` per parameter of the kernel's entry, in order. Failures throw `accy::error`;
/// releasing never fails. Artifacts hold what a kernel was made from and own no device object;
/// kernels and buffers are released through the backend, by whoever created them.
template <class Backend>
concept backend =
    std::default_initializable<typename Backend::artifact> && std::default_initializable<typename Backend::kernel> &&
    std::copyable<typename Backend::stream> &&
    requires(Backend& device, std::size_t byte_size, buffer allocated, const kernel_entry& entry, format fmt,
             const payload& code, const typename Backend::artifact& artifact, const typename Backend::kernel& kernel,
             const launch_config& config, std::span<const kernel_argument> arguments,
             const std::optional<typename Backend::stream>& stream) {
        { device.allocate_buffer(byte_size) } -> std::same_as<buffer>;
        { device.free_buffer(allocated) } noexcept;
        { device.create_artifact(entry, fmt, code) } -> std::same_as<typename Backend::artifact>;
        { device.load_artifact(artifact) } -> std::same_as<typename Backend::kernel>;
        { device.unload_kernel(kernel) } noexcept;
        device.fill_zero(allocated, stream);
        device.launch(kernel, config, arguments, stream);
        device.synchronize(stream);
    };

/// A backend whose calls need a context made current on the calling thread (CUDA's):
/// `enter_context()` makes it current and returns a guard that restores the previous one when it
/// goes. A pipeline launch enters it once for the whole call rather than once per backend call.
template <class Backend>
concept backend_with_context = backend<Backend> && requires(Backend& device) { device.enter_context(); };

/// A backend that can refuse a launch for what only it knows (CUDA: a cooperative grid larger than
/// the blocks the device holds at once): `check_launch(kernel, config)` throws `accy::error` and
/// launches nothing. A pipeline launch with a pool checks every stage this way before any launches.
template <class Backend>
concept backend_checking_launches =
    backend<Backend> && requires(const Backend& device, const typename Backend::kernel& kernel, const launch_config& config) {
        device.check_launch(kernel, config);
    };

/// A backend whose streams can be capturing a graph (CUDA's stream capture): `capturing(stream)`
/// says whether work queued on `stream` (the default one when none) would go into a capture. A
/// launch that would allocate, load or wait, which break a capture, is refused on such a stream
/// before it does anything, so that the caller's capture stays valid.
template <class Backend>
concept backend_with_capture =
    backend<Backend> && requires(const Backend& device, const std::optional<typename Backend::stream>& stream) {
        { device.capturing(stream) } -> std::same_as<bool>;
    };

/// A backend that allocates in stream order (CUDA's memory pools): `allocate_buffer_on(byte_size,
/// stream)` gives a buffer that work queued on `stream` afterwards may use, and
/// `free_buffer_on(buffer, stream)` frees it once the work queued before it is done; neither waits.
/// A launch allocates its own scratch this way, and frees it without waiting for its stages.
template <class Backend>
concept backend_with_stream_memory =
    backend<Backend> && requires(Backend& device, std::size_t byte_size, buffer allocated,
                                 const std::optional<typename Backend::stream>& stream) {
        { device.allocate_buffer_on(byte_size, stream) } -> std::same_as<buffer>;
        { device.free_buffer_on(allocated, stream) } noexcept;
    };

/// A backend that keeps the kernels a launch without a pool loads: `kept_kernel(entry, fmt)` loads
/// the entry's kernel in `fmt` (as `load_artifact(create_artifact(entry, fmt, entry.payload))` does)
/// the first time it is asked for, and returns the same kernel, unloaded only with the backend, after
/// that. `entry` is a pipeline's constant table, alive as long as the program. A launch without a pool
/// takes its kernels from there and unloads none of them.
template <class Backend>
concept backend_keeping_kernels =
    backend<Backend> && requires(Backend& device, const kernel_entry& entry, format fmt) {
        { device.kept_kernel(entry, fmt) } -> std::same_as<typename Backend::kernel>;
    };

/// A backend that keeps one scratch arena for launches without a pool, which wait for their stages
/// before they return: `borrow_kept_scratch(byte_size)` lends its first `byte_size` bytes, unused by
/// any work, or gives an empty buffer where it lends none (the arena is lent to another launch, or
/// the backend keeps none that large); `return_kept_scratch()` takes it back once the launch waited.
/// A launch that borrows it allocates nothing; the others allocate their own scratch.
template <class Backend>
concept backend_keeping_scratch = backend<Backend> && requires(Backend& device, std::size_t byte_size) {
    { device.borrow_kept_scratch(byte_size) } -> std::same_as<buffer>;
    { device.return_kept_scratch() } noexcept;
};

/// A backend that copies a buffer's bytes to the host: `download(to, from, bytes)` copies the first
/// `bytes` of `from` into `to` once the default stream's work is done. A launch of a pipeline with a
/// `repeat_while` or `when` waits for its stream and reads the flag this way.
template <class Backend>
concept backend_with_download =
    backend<Backend> && requires(Backend& device, void* to, const buffer& from, std::size_t bytes) {
        device.download(to, from, bytes);
    };

/// One collective stage of a launch, as a communicator runs it: its kind, the element type, the
/// source and result (a send's source or a receive's result in `from` or `to`), the element count
/// (per rank for `all_gather` and `reduce_scatter`, as NCCL counts), the reduction, and the root
/// (a broadcast's) or peer (a send's or receive's) rank.
struct collective_call {
    collective_kind kind = collective_kind::none;
    dtype type = dtype::f32;
    buffer from{};
    buffer to{};
    std::size_t count = 0;
    reduction op = reduction::sum;
    int rank = 0;

    friend bool operator==(const collective_call&, const collective_call&) = default;
};

/// A backend whose launches run collective stages through a `Communicator`:
/// `run_collectives(device, communicator, calls, stream)`, found by argument-dependent lookup, queues
/// `calls` on `stream` (the default one when none): one collective stage, or a group of consecutive
/// send and receive stages, whose sends and receives the ranks may pair in any order (NCCL's
/// `ncclGroupStart`/`ncclGroupEnd`); `communicator.size()` is the rank count. The host backend runs
/// them through `host::communicator`, the CUDA backend through `nccl::communicator`.
template <class Backend, class Communicator>
concept backend_with_collectives =
    backend<Backend> && requires(Backend& device, Communicator& communicator, std::span<const collective_call> calls,
                                 const std::optional<typename Backend::stream>& stream) {
        run_collectives(device, communicator, calls, stream);
        { communicator.size() } -> std::convertible_to<int>;
    };

}  // namespace accy
