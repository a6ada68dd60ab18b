// SPDX-License-Identifier: Apache-2.0
// Defines `accy::testing::recording_backend`, a backend that runs nothing, records every call and injects faults.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/device_buffer.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/runtime/backend.hpp>

#include <cstring>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accy::testing {

namespace detail {
struct recording_mutex;  ///< a `std::mutex`, defined where the recording backend's calls are
}  // namespace detail

/// A test double for unit-testing pipelines without a device. Buffers and loaded kernels get ids
/// 1, 2, 3, ... from one counter. Addresses are apart from ids: `allocate_buffer` places each buffer
/// after the one before, `buffer_alignment`-aligned, in the upper half of the 64-bit address space
/// (from 2^63 up), so that no two overlap at any size, and gives `errc::out_of_memory` for one that
/// does not fit in what is left. The lower half holds the buffers a test makes up for itself
/// (`buffer_for`), each in a slot of its own. `id_of` finds the id of either kind from any address
/// inside it. Every call is counted and its arguments kept; a `fault` makes calls of one kind fail
/// once `after` of them have succeeded.
///
/// Thread safety: the backend calls (allocate_buffer ... synchronize) may come from several
/// threads at once; each takes one lock, so counts, ids and records stay exact. The public
/// members (counts, records, faults, `record_arguments`) and `id_of` are read and set by the test
/// without the lock: only while no backend call is running (before the threads start, after they are joined).
class recording_backend {
public:
    using object_id = std::uint64_t;
    using stream = std::uint32_t;
    using kernel = object_id;

    /// Where allocations start, and the bytes from there to the end of the address space.
    static constexpr std::uint64_t allocation_base = std::uint64_t{1} << 63;
    static constexpr std::uint64_t allocation_space = UINT64_MAX - allocation_base + 1;

    /// A made-up slot's bytes: a buffer of the test's own, apart from every other of up to this size.
    static constexpr std::uint64_t made_up_slot = std::uint64_t{1} << 40;
    /// Made-up ids are below this, so that their slots stay below the allocations.
    static constexpr object_id made_up_ids = allocation_base / made_up_slot;

    /// What `create_artifact` made: the entry's description, as a real backend would keep it.
    struct artifact {
        std::string_view entry_name;
        accy::format format{};
        std::size_t parameter_count = 0;
        launch_attributes attributes{};
    };

    struct fault {
        std::optional<std::size_t> after;  ///< fail every call once this many have succeeded
        errc code;
    };

    /// One argument of a launch: the bytes the kernel would receive, and the id of a bound buffer.
    struct recorded_argument {
        std::vector<std::byte> value;
        std::optional<object_id> buffer_id;  ///< for a buffer or tensor map parameter
        bool tensor_map = false;             ///< `value` holds a `tensor_map_description`
    };

    struct launch_record {
        kernel launched = 0;
        launch_config config;
        launch_attributes attributes;  ///< what the launched kernel's entry declares
        std::vector<recorded_argument> arguments;
        std::optional<stream> on;

        /// The id of the buffer bound to parameter `index`; 0 when the parameter is not a buffer.
        object_id buffer_id(std::size_t index) const { return argument(index).buffer_id.value_or(0); }
        /// Scalar or bytes parameter `index` as `T`; `T` must have the parameter's size.
        template <class T>
        T value(std::size_t index) const {
            const std::vector<std::byte>& bytes = argument(index).value;
            if (bytes.size() != sizeof(T))
                throw error(errc::launch_argument_mismatch,
                            accy::detail::message({"recording backend: parameter ", index, " has ", bytes.size(),
                                                   " bytes, not ", sizeof(T)}));
            T typed{};
            std::memcpy(&typed, bytes.data(), sizeof(T));
            return typed;
        }
        /// Tensor map parameter `index`: the description the launch passed in the parameter's bytes.
        ACCY_DECL tensor_map_description tensor_map(std::size_t index) const;

        /// The ids of the buffers bound, in parameter order.
        ACCY_DECL std::vector<object_id> buffer_ids() const;

    private:
        /// Parameter `index`'s record; `errc::launch_argument_mismatch` past the launch's parameters.
        ACCY_DECL const recorded_argument& argument(std::size_t index) const;
    };

    /// When false, calls are counted but their arguments not kept, so that a launch allocates nothing.
    bool record_arguments = true;

    fault allocate_fault{std::nullopt, errc::out_of_memory};
    fault create_fault{std::nullopt, errc::invalid_artifact};
    fault load_fault{std::nullopt, errc::runtime_unavailable};
    fault fill_fault{std::nullopt, errc::device_error};
    fault launch_fault{std::nullopt, errc::device_error};
    fault synchronize_fault{std::nullopt, errc::device_error};
    fault download_fault{std::nullopt, errc::device_error};

    std::size_t allocate_count = 0, create_count = 0, load_count = 0, fill_count = 0, launch_count = 0,
                synchronize_count = 0, download_count = 0, destroy_count = 0;
    std::vector<object_id> allocated_ids;
    std::vector<std::size_t> allocated_byte_sizes;
    std::vector<std::uint64_t> allocated_addresses;  ///< `id_of` searches these: a test that clears one clears all three
    std::vector<object_id> loaded_ids;
    std::vector<launch_attributes> loaded_attributes;  ///< of each loaded kernel, as `loaded_ids` orders them
    std::vector<object_id> zeroed_ids;  ///< the buffers `fill_zero` was called for, in order
    std::vector<launch_record> launches;
    std::vector<std::optional<stream>> synchronized;  ///< the stream of each successful wait; none: the device
    std::vector<object_id> destroyed_ids;
    std::vector<object_id> downloaded_ids;  ///< the buffers `download` copied from, in order
    /// What `download` copies out, one entry per call in order: its bytes, then zeros (and zeros only
    /// for calls past the list). A test scripts a repeat_while's flags this way: {1, 1, 0}, three passes.
    std::vector<std::vector<std::byte>> download_values;
    /// The streams a test marks as capturing a graph (`capturing`); the default stream is `std::nullopt`.
    std::vector<std::optional<stream>> capturing_streams;

    /// A buffer that the backend did not allocate, for a test to pass as an operand, result or
    /// scratch: at `id * made_up_slot`, where `id_of` finds `id` again. Pick ids the backend does not
    /// hand out (1001, 1002, ...). `errc::out_of_memory` for an id of `made_up_ids` or more or more
    /// than `made_up_slot` bytes; `allocate_buffer` places buffers of any size.
    ACCY_DECL static buffer buffer_for(object_id id, std::size_t byte_size);

    /// The id of the buffer that holds `bound.address`: in the upper half, the allocation there,
    /// freed or not (0 where there is none); in the lower half, the made-up id of its slot (0 for null).
    ACCY_DECL object_id id_of(const buffer& bound) const noexcept;

    ACCY_DECL bool destroyed(object_id id) const noexcept;
    std::optional<object_id> last_destroyed_id() const noexcept {
        return destroyed_ids.empty() ? std::nullopt : std::optional(destroyed_ids.back());
    }
    /// Buffers and kernels created and not yet destroyed.
    std::size_t live_objects() const noexcept { return allocated_ids.size() + loaded_ids.size() - destroyed_ids.size(); }

    /// The next `byte_size` bytes of the upper half, from a `buffer_alignment` boundary;
    /// `errc::out_of_memory` when fewer are left. Even an empty buffer takes a step, and so an address of its own.
    ACCY_DECL buffer allocate_buffer(std::size_t byte_size);

    /// Destroys the buffer; a null buffer (address 0) is none, and freeing it does nothing, as `free(nullptr)`.
    ACCY_DECL void free_buffer(buffer allocated) noexcept;

    ACCY_DECL artifact create_artifact(const kernel_entry& entry, accy::format fmt, const payload& code);

    ACCY_DECL kernel load_artifact(const artifact& made);

    ACCY_DECL void unload_kernel(kernel loaded) noexcept;

    ACCY_DECL void fill_zero(const buffer& zeroed, const std::optional<stream>& on);

    /// Records the launch. A grid, block or shared memory outside CUDA's limits, or an argument's
    /// bytes at a null address, is `errc::launch_argument_mismatch`, as on every backend
    /// (`detail::check_launch_arguments`), and is neither counted nor recorded.
    ACCY_DECL void launch(kernel loaded, const launch_config& config, std::span<const kernel_argument> arguments,
                          const std::optional<stream>& on);

    ACCY_DECL void synchronize(const std::optional<stream>& on);
    /// Copies the next of `download_values` into `to`. `errc::launch_argument_mismatch` as on every
    /// backend where `from` holds fewer than `bytes` or, with anything to copy, `from` or `to` is null.
    ACCY_DECL void download(void* to, const buffer& from, std::size_t bytes);
    /// Whether `on` is one of `capturing_streams`, as a CUDA stream capturing a graph would be.
    ACCY_DECL bool capturing(const std::optional<stream>& on) const noexcept;

private:
    /// Counts a successful call, or throws the fault's error once `after` calls have succeeded.
    ACCY_DECL static void trip(const fault& armed, std::size_t& count, std::string_view call);
    /// Throws the error of `armed`, which `call` tripped.
    [[noreturn, gnu::cold]] ACCY_DECL static void fail_injected(const fault& armed, std::string_view call);

    /// The index of `id` in `ids`, or `ids.size()` where it is not there (`std::find` without `<algorithm>`,
    /// which would cost a TU that includes this header a quarter more).
    ACCY_DECL static std::size_t position_of(const std::vector<object_id>& ids, object_id id) noexcept;

    /// Records a destruction; the caller holds the lock.
    ACCY_DECL void destroy(object_id id) noexcept;

    /// A mutex that lets the backend stay copyable and movable: a copy gets a lock of its own. The
    /// mutex lives behind a pointer, so that this header does not include <mutex>, which would cost
    /// a TU that includes it a tenth more (testing/impl/recording_backend.hpp holds it).
    class call_lock {
    public:
        ACCY_DECL call_lock();
        call_lock(const call_lock&) : call_lock() {}
        call_lock& operator=(const call_lock&) noexcept { return *this; }
        ACCY_DECL ~call_lock();

        ACCY_DECL void lock();
        ACCY_DECL void unlock() noexcept;

    private:
        detail::recording_mutex* held_;
    };

    object_id next_id_ = 1;
    std::uint64_t placed_bytes_ = 0;  ///< of the upper half, a whole number of steps
    call_lock mutex_;
};

static_assert(backend_with_capture<recording_backend>);

/// A test double of one rank's communicator for the recording backend: `ranks` ranks, of which
/// this is `rank`; it records each collective stage a launch runs through it, and moves no data.
struct recording_communicator {
    struct record {
        collective_call call{};
        recording_backend::object_id from_id = 0;  ///< `id_of` the call's source, 0 for none
        recording_backend::object_id to_id = 0;    ///< and of its result
        std::optional<recording_backend::stream> on{};
        std::size_t group = 0;  ///< which call of `run_collectives` it came in: a group's calls share it
    };

    int rank = 0;
    int ranks = 1;
    std::vector<record> collectives{};
    std::size_t groups = 0;  ///< the calls of `run_collectives` so far

    int size() const noexcept { return ranks; }
};

/// Records a collective stage of a launch on the recording backend, or a group of send and receive
/// stages, in order, each with the number of its group (`backend_with_collectives`).
ACCY_DECL void run_collectives(recording_backend& device, recording_communicator& communicator,
                               std::span<const collective_call> calls, const std::optional<recording_backend::stream>& on);

}  // namespace accy::testing

#if !defined(ACCY_SEPARATE_COMPILATION)
#include <accy/testing/impl/recording_backend.hpp>
#endif
