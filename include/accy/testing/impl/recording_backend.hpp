// SPDX-License-Identifier: Apache-2.0
// Defines what testing/recording_backend.hpp declares: the recording backend's calls.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/check_transfer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/core/linkage.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/check_launch_arguments.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace accy::testing {

namespace detail {
struct recording_mutex {
    std::mutex held;
};
}  // namespace detail

ACCY_DECL recording_backend::call_lock::call_lock() : held_(new detail::recording_mutex) {}
ACCY_DECL recording_backend::call_lock::~call_lock() { delete held_; }
ACCY_DECL void recording_backend::call_lock::lock() { held_->held.lock(); }
ACCY_DECL void recording_backend::call_lock::unlock() noexcept { held_->held.unlock(); }

ACCY_DECL tensor_map_description recording_backend::launch_record::tensor_map(std::size_t index) const {
    const recorded_argument& passed = argument(index);
    if (!passed.tensor_map || passed.value.size() < sizeof(tensor_map_description))
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({"recording backend: parameter ", index, " is not a tensor map"}));
    tensor_map_description described{};
    std::memcpy(&described, passed.value.data(), sizeof(described));
    return described;
}

ACCY_DECL std::vector<recording_backend::object_id> recording_backend::launch_record::buffer_ids() const {
    std::vector<object_id> ids;
    for (const recorded_argument& argument : arguments)
        if (argument.buffer_id) ids.push_back(*argument.buffer_id);
    return ids;
}

ACCY_DECL const recording_backend::recorded_argument& recording_backend::launch_record::argument(std::size_t index) const {
    if (index >= arguments.size())
        throw error(errc::launch_argument_mismatch,
                    accy::detail::message({"recording backend: parameter ", index, " of a launch of ", arguments.size(),
                                           " parameters"}));
    return arguments[index];
}

ACCY_DECL buffer recording_backend::buffer_for(object_id id, std::size_t byte_size) {
    if (id >= made_up_ids || byte_size > made_up_slot)
        throw error(errc::out_of_memory, accy::detail::message({"recording backend: a made-up buffer of id ", id, " and ",
                                                                byte_size, " bytes does not fit its slot: ids below ",
                                                                made_up_ids, ", at most ", made_up_slot, " bytes"}));
    return {id * made_up_slot, byte_size};
}

ACCY_DECL recording_backend::object_id recording_backend::id_of(const buffer& bound) const noexcept {
    if (bound.address < allocation_base) return bound.address / made_up_slot;
    if (bound.address - allocation_base >= placed_bytes_) return 0;
    // Placed in order, each up to the next: the last one that starts at or below the address holds
    // it. A binary search for the first one above it (std::upper_bound, without <algorithm>).
    std::size_t holder = 0, above = allocated_addresses.size();
    while (holder < above) {
        const std::size_t middle = holder + (above - holder) / 2;
        if (allocated_addresses[middle] <= bound.address) holder = middle + 1;
        else above = middle;
    }
    return holder == 0 || holder > allocated_ids.size() ? 0 : allocated_ids[holder - 1];
}

ACCY_DECL bool recording_backend::destroyed(object_id id) const noexcept {
    return position_of(destroyed_ids, id) != destroyed_ids.size();
}

ACCY_DECL buffer recording_backend::allocate_buffer(std::size_t byte_size) {
    const std::lock_guard lock(mutex_);
    // What is left is a whole number of steps, so a size that fits fits rounded up to the next step.
    const std::uint64_t left = allocation_space - placed_bytes_;
    const std::uint64_t taken = byte_size == 0 ? 1 : byte_size;
    if (taken > left)
        throw error(errc::out_of_memory, accy::detail::message({"recording backend: cannot place a buffer of ", byte_size,
                                                                " bytes, ", left, " bytes of address space are left"}));
    trip(allocate_fault, allocate_count, "allocate_buffer");
    const object_id id = next_id_++;
    const buffer placed{allocation_base + placed_bytes_, byte_size};
    placed_bytes_ += (taken + buffer_alignment - 1) / buffer_alignment * buffer_alignment;
    allocated_ids.push_back(id);
    allocated_byte_sizes.push_back(byte_size);
    allocated_addresses.push_back(placed.address);
    return placed;
}

ACCY_DECL void recording_backend::free_buffer(buffer allocated) noexcept {
    if (allocated.address == 0) return;
    const std::lock_guard lock(mutex_);
    destroy(id_of(allocated));
}

ACCY_DECL recording_backend::artifact recording_backend::create_artifact(const kernel_entry& entry, accy::format fmt,
                                                                     const payload&) {
    const std::lock_guard lock(mutex_);
    trip(create_fault, create_count, "create_artifact");
    return {entry.entry_name, fmt, entry.parameters.size(), entry.attributes};
}

ACCY_DECL recording_backend::kernel recording_backend::load_artifact(const artifact& made) {
    const std::lock_guard lock(mutex_);
    trip(load_fault, load_count, "load_artifact");
    const object_id id = next_id_++;
    loaded_ids.push_back(id);
    loaded_attributes.push_back(made.attributes);
    return id;
}

ACCY_DECL void recording_backend::unload_kernel(kernel loaded) noexcept {
    const std::lock_guard lock(mutex_);
    destroy(loaded);
}

ACCY_DECL void recording_backend::fill_zero(const buffer& zeroed, const std::optional<stream>&) {
    const std::lock_guard lock(mutex_);
    trip(fill_fault, fill_count, "fill_zero");
    if (record_arguments) zeroed_ids.push_back(id_of(zeroed));
}

ACCY_DECL void recording_backend::download(void* to, const buffer& from, std::size_t bytes) {
    accy::detail::check_transfer("recording backend: ", "download", bytes, from, to);
    const std::lock_guard lock(mutex_);
    const std::size_t call = download_count;
    trip(download_fault, download_count, "download");
    if (record_arguments) downloaded_ids.push_back(id_of(from));
    if (bytes == 0) return;
    std::memset(to, 0, bytes);
    if (call < download_values.size())
        std::memcpy(to, download_values[call].data(), download_values[call].size() < bytes ? download_values[call].size() : bytes);
}

ACCY_DECL void recording_backend::launch(kernel loaded, const launch_config& config,
                                        std::span<const kernel_argument> arguments, const std::optional<stream>& on) {
    accy::detail::check_launch_arguments({"recording backend: launch of kernel ", loaded}, config, arguments);
    const std::lock_guard lock(mutex_);
    trip(launch_fault, launch_count, "launch");
    if (!record_arguments) return;
    const std::size_t position = position_of(loaded_ids, loaded);
    std::vector<recorded_argument> kept(arguments.size());
    for (std::size_t index = 0; index < arguments.size(); ++index) {
        const kernel_argument& argument = arguments[index];
        const auto* bytes = static_cast<const std::byte*>(argument.value);
        kept[index].value.assign(bytes, bytes + argument.size);
        if (argument.buffer.address != 0) kept[index].buffer_id = id_of(argument.buffer);
        kept[index].tensor_map = argument.tensor_map;
    }
    launches.push_back({loaded, config, position != loaded_ids.size() ? loaded_attributes[position] : launch_attributes{},
                        std::move(kept), on});
}

ACCY_DECL void recording_backend::synchronize(const std::optional<stream>& on) {
    const std::lock_guard lock(mutex_);
    trip(synchronize_fault, synchronize_count, "synchronize");
    if (record_arguments) synchronized.push_back(on);
}

ACCY_DECL bool recording_backend::capturing(const std::optional<stream>& on) const noexcept {
    for (const std::optional<stream>& marked : capturing_streams)
        if (marked == on) return true;
    return false;
}

ACCY_DECL void recording_backend::trip(const fault& armed, std::size_t& count, std::string_view call) {
    if (armed.after && count >= *armed.after) [[unlikely]] fail_injected(armed, call);
    ++count;
}

ACCY_DECL void recording_backend::fail_injected(const fault& armed, std::string_view call) {
    throw error(armed.code, accy::detail::message({"recording backend: injected failure of ", call, " after ",
                                                   *armed.after, " successful calls"}));
}

ACCY_DECL std::size_t recording_backend::position_of(const std::vector<object_id>& ids, object_id id) noexcept {
    std::size_t position = 0;
    while (position != ids.size() && ids[position] != id) ++position;
    return position;
}

ACCY_DECL void recording_backend::destroy(object_id id) noexcept {
    ++destroy_count;
    destroyed_ids.push_back(id);
}

ACCY_DECL void run_collectives(recording_backend& device, recording_communicator& communicator,
                               std::span<const collective_call> calls, const std::optional<recording_backend::stream>& on) {
    for (const collective_call& call : calls)
        communicator.collectives.push_back({call, device.id_of(call.from), device.id_of(call.to), on, communicator.groups});
    ++communicator.groups;
}

}  // namespace accy::testing
