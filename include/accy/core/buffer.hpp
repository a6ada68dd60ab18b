// SPDX-License-Identifier: Apache-2.0
// Defines `accy::buffer`, a non-owning view of one device buffer: its address and byte size.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accy {

/// Every backend names its buffers by address: a `CUdeviceptr`, a host pointer, or the recording
/// backend's made-up addresses. The view owns nothing; whoever allocated the buffer frees it.
struct buffer {
    std::uint64_t address = 0;
    std::size_t byte_size = 0;

    friend constexpr bool operator==(const buffer&, const buffer&) = default;
};

/// Whether a buffer's bytes run past the end of the 64-bit address space.
constexpr bool wraps(const buffer& view) noexcept {
    return view.address != 0 && view.byte_size > UINT64_MAX - view.address + 1;
}

/// Whether two buffers share at least one byte (empty buffers share none). Neither may wrap.
constexpr bool overlap(const buffer& lhs, const buffer& rhs) noexcept {
    if (lhs.byte_size == 0 || rhs.byte_size == 0) return false;
    return lhs.address >= rhs.address ? lhs.address - rhs.address < rhs.byte_size
                                      : rhs.address - lhs.address < lhs.byte_size;
}

/// Backends hand out buffers aligned to this many bytes.
inline constexpr std::size_t buffer_alignment = 256;

}  // namespace accy
