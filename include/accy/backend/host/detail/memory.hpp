// SPDX-License-Identifier: Apache-2.0
// Defines the host backend's buffers: `accy::host::detail::allocate`, `deallocate` and `bytes_of`.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <cstddef>
#include <cstdint>
#include <new>
#include <string_view>

namespace accy::host::detail {

/// Host memory of `byte_size` bytes, `buffer_alignment`-aligned; its address is the pointer
/// value. `errc::out_of_memory` when the system has none to give, and for more than PTRDIFF_MAX
/// bytes, which no object can hold: there libstdc++'s aligned operator new rounds the size up past
/// SIZE_MAX and returns a block of a few bytes instead of failing.
inline buffer allocate(std::size_t byte_size) {
    void* memory = byte_size <= static_cast<std::size_t>(PTRDIFF_MAX)
                       ? ::operator new(byte_size, std::align_val_t{buffer_alignment}, std::nothrow)
                       : nullptr;
    if (memory == nullptr)
        throw error(errc::out_of_memory,
                    accy::detail::message({"host backend: cannot allocate a buffer of ", byte_size, " bytes"}));
    return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(memory)), byte_size};
}

/// Frees what `allocate` returned.
inline void deallocate(buffer allocated) noexcept {
    ::operator delete(reinterpret_cast<void*>(static_cast<std::uintptr_t>(allocated.address)),
                      std::align_val_t{buffer_alignment});
}

/// The first byte of a host buffer.
inline std::byte* bytes_of(const buffer& allocated) noexcept {
    return reinterpret_cast<std::byte*>(static_cast<std::uintptr_t>(allocated.address));
}

}  // namespace accy::host::detail
