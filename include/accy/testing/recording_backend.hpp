// SPDX-License-Identifier: Apache-2.0
// Defines `accy::testing::recording_backend`, a backend that runs nothing, records every call and injects faults.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/check_launch_arguments.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/runtime/backend.hpp>

#include <algorithm>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accy::testing {

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
                            accy::detail::message("recording backend: parameter ", index, " has ", bytes.size(),
                                                  " bytes, not ", sizeof(T)));
            T typed{};
            std::memcpy(&typed, bytes.data(), sizeof(T));
            return typed;
        }
        /// Tensor map parameter `index`: the description the launch passed in the parameter's bytes.
        tensor_map_description tensor_map(std::size_t index) const {
            const recorded_argument& passed = argument(index);
            if (!passed.tensor_map || passed.value.size() < sizeof(tensor_map_description))
                throw error(errc::launch_argument_mismatch,
                            accy::detail::message("recording backend: parameter ", index, " is not a tensor map"));
            tensor_map_description described{};
            std::memcpy(&described, passed.value.data(), sizeof(described));
            return described;
        }

        /// The ids of the buffers bound, in parameter order.
        std::vector<object_id> buffer_ids() const {
            std::vector<object_id> ids;
            for (const recorded_argument& argument : arguments)
                if (argument.buffer_id) ids.push_back(*argument.buffer_id);
            return ids;
        }

    private:
        /// Parameter `index`'s record; `errc::launch_argument_mismatch` past the launch's parameters.
        const recorded_argument& argument(std::size_t index) const {
            if (index >= arguments.size())
                throw error(errc::launch_argument_mismatch,
                            accy::detail::message("recording backend: parameter ", index, " of a launch of ",
                                                  arguments.size(), " parameters"));
            return arguments[index];
        }
    };

    /// When false, calls are counted but their arguments not kept, so that a launch allocates nothing.
    bool record_arguments = true;

    fault allocate_fault{std::nullopt, errc::out_of_memory};
    fault create_fault{std::nullopt, errc::invalid_artifact};
    fault load_fault{std::nullopt, errc::runtime_unavailable};
    fault fill_fault{std::nullopt, errc::device_error};
    fault launch_fault{std::nullopt, errc::device_error};
    fault synchronize_fault{std::nullopt, errc::device_error};

    std::size_t allocate_count = 0, create_count = 0, load_count = 0, fill_count = 0, launch_count = 0,
                synchronize_count = 0, destroy_count = 0;
    std::vector<object_id> allocated_ids;
    std::vector<std::size_t> allocated_byte_sizes;
    std::vector<std::uint64_t> allocated_addresses;  ///< `id_of` searches these: a test that clears one clears all three
    std::vector<object_id> loaded_ids;
    std::vector<launch_attributes> loaded_attributes;  ///< of each loaded kernel, as `loaded_ids` orders them
    std::vector<object_id> zeroed_ids;  ///< the buffers `fill_zero` was called for, in order
    std::vector<launch_record> launches;
    std::vector<std::optional<stream>> synchronized;  ///< the stream of each successful wait; none: the device
    std::vector<object_id> destroyed_ids;

    /// A buffer that the backend did not allocate, for a test to pass as an operand, result or
    /// scratch: at `id * made_up_slot`, where `id_of` finds `id` again. Pick ids the backend does not
    /// hand out (1001, 1002, ...). `errc::out_of_memory` for an id of `made_up_ids` or more or more
    /// than `made_up_slot` bytes; `allocate_buffer` places buffers of any size.
    static buffer buffer_for(object_id id, std::size_t byte_size) {
        if (id >= made_up_ids || byte_size > made_up_slot)
            throw error(errc::out_of_memory, accy::detail::message("recording backend: a made-up buffer of id ", id, " and ",
                                                                   byte_size, " bytes does not fit its slot: ids below ",
                                                                   made_up_ids, ", at most ", made_up_slot, " bytes"));
        return {id * made_up_slot, byte_size};
    }

    /// The id of the buffer that holds `bound.address`: in the upper half, the allocation there,
    /// freed or not (0 where there is none); in the lower half, the made-up id of its slot (0 for null).
    object_id id_of(const buffer& bound) const noexcept {
        if (bound.address < allocation_base) return bound.address / made_up_slot;
        if (bound.address - allocation_base >= placed_bytes_) return 0;
        // Placed in order, each up to the next: the last one that starts at or below the address holds it.
        const auto after = std::upper_bound(allocated_addresses.begin(), allocated_addresses.end(), bound.address);
        const auto holder = static_cast<std::size_t>(after - allocated_addresses.begin());
        return holder == 0 || holder > allocated_ids.size() ? 0 : allocated_ids[holder - 1];
    }

    bool destroyed(object_id id) const noexcept {
        return std::find(destroyed_ids.begin(), destroyed_ids.end(), id) != destroyed_ids.end();
    }
    std::optional<object_id> last_destroyed_id() const noexcept {
        return destroyed_ids.empty() ? std::nullopt : std::optional(destroyed_ids.back());
    }
    /// Buffers and kernels created and not yet destroyed.
    std::size_t live_objects() const noexcept { return allocated_ids.size() + loaded_ids.size() - destroyed_ids.size(); }

    /// The next `byte_size` bytes of the upper half, from a `buffer_alignment` boundary;
    /// `errc::out_of_memory` when fewer are left. Even an empty buffer takes a step, and so an address of its own.
    buffer allocate_buffer(std::size_t byte_size) {
        const std::lock_guard lock(mutex_.held);
        // What is left is a whole number of steps, so a size that fits fits rounded up to the next step.
        const std::uint64_t left = allocation_space - placed_bytes_;
        if (std::max<std::uint64_t>(byte_size, 1) > left)
            throw error(errc::out_of_memory, accy::detail::message("recording backend: cannot place a buffer of ", byte_size,
                                                                   " bytes, ", left, " bytes of address space are left"));
        trip(allocate_fault, allocate_count, "allocate_buffer");
        const object_id id = next_id_++;
        const buffer placed{allocation_base + placed_bytes_, byte_size};
        placed_bytes_ += (std::max<std::uint64_t>(byte_size, 1) + buffer_alignment - 1) / buffer_alignment * buffer_alignment;
        allocated_ids.push_back(id);
        allocated_byte_sizes.push_back(byte_size);
        allocated_addresses.push_back(placed.address);
        return placed;
    }

    /// Destroys the buffer; a null buffer (address 0) is none, and freeing it does nothing, as `free(nullptr)`.
    void free_buffer(buffer allocated) noexcept {
        if (allocated.address == 0) return;
        const std::lock_guard lock(mutex_.held);
        destroy(id_of(allocated));
    }

    artifact create_artifact(const kernel_entry& entry, accy::format fmt, const payload&) {
        const std::lock_guard lock(mutex_.held);
        trip(create_fault, create_count, "create_artifact");
        return {entry.entry_name, fmt, entry.parameters.size(), entry.attributes};
    }

    kernel load_artifact(const artifact& made) {
        const std::lock_guard lock(mutex_.held);
        trip(load_fault, load_count, "load_artifact");
        const object_id id = next_id_++;
        loaded_ids.push_back(id);
        loaded_attributes.push_back(made.attributes);
        return id;
    }

    void unload_kernel(kernel loaded) noexcept {
        const std::lock_guard lock(mutex_.held);
        destroy(loaded);
    }

    void fill_zero(const buffer& zeroed, const std::optional<stream>&) {
        const std::lock_guard lock(mutex_.held);
        trip(fill_fault, fill_count, "fill_zero");
        if (record_arguments) zeroed_ids.push_back(id_of(zeroed));
    }

    /// Records the launch. A grid, block or shared memory outside CUDA's limits, or an argument's
    /// bytes at a null address, is `errc::launch_argument_mismatch`, as on every backend
    /// (`detail::check_launch_arguments`), and is neither counted nor recorded.
    void launch(kernel loaded, const launch_config& config, std::span<const kernel_argument> arguments,
                const std::optional<stream>& on) {
        accy::detail::check_launch_arguments(
            [&] { return accy::detail::message("recording backend: launch of kernel ", loaded); }, config, arguments);
        const std::lock_guard lock(mutex_.held);
        trip(launch_fault, launch_count, "launch");
        if (!record_arguments) return;
        const auto position = std::find(loaded_ids.begin(), loaded_ids.end(), loaded);
        launch_record record{loaded, config,
                             position != loaded_ids.end() ? loaded_attributes[position - loaded_ids.begin()] : launch_attributes{},
                             {}, on};
        for (const kernel_argument& argument : arguments) {
            const auto* bytes = static_cast<const std::byte*>(argument.value);
            record.arguments.push_back({{bytes, bytes + argument.size},
                                        argument.buffer.address != 0 ? std::optional(id_of(argument.buffer)) : std::nullopt,
                                        argument.tensor_map});
        }
        launches.push_back(std::move(record));
    }

    void synchronize(const std::optional<stream>& on) {
        const std::lock_guard lock(mutex_.held);
        trip(synchronize_fault, synchronize_count, "synchronize");
        if (record_arguments) synchronized.push_back(on);
    }

private:
    /// Counts a successful call, or throws the fault's error once `after` calls have succeeded.
    static void trip(const fault& armed, std::size_t& count, std::string_view call) {
        if (armed.after && count >= *armed.after)
            throw error(armed.code, accy::detail::message("recording backend: injected failure of ", call, " after ",
                                                          *armed.after, " successful calls"));
        ++count;
    }

    /// Records a destruction; the caller holds the lock.
    void destroy(object_id id) noexcept {
        ++destroy_count;
        destroyed_ids.push_back(id);
    }

    /// A mutex that lets the backend stay copyable and movable: a copy gets a lock of its own.
    struct call_lock {
        std::mutex held;
        call_lock() = default;
        call_lock(const call_lock&) noexcept {}
        call_lock& operator=(const call_lock&) noexcept { return *this; }
    };

    object_id next_id_ = 1;
    std::uint64_t placed_bytes_ = 0;  ///< of the upper half, a whole number of steps
    call_lock mutex_;
};

static_assert(backend<recording_backend>);

}  // namespace accy::testing
