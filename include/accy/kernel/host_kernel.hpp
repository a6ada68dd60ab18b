// Defines `accy::host_block`, what a `host`-format kernel receives for each block it runs.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/kernel/geometry.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace accy {

/// One block of a launch on the host backend: the kernel is called once per block with the
/// block's index, the launch's dimensions, the bound buffers and the stage's scalars.
struct host_block {
    dim3 block_index;
    dim3 block_dim;
    dim3 grid_dim;
    std::span<const buffer> buffers;
    std::span<const std::uint32_t> scalars;

    /// The buffer parameter `index` as elements of `T` (host memory on the host backend).
    template <class T>
    std::span<T> buffer_as(std::size_t index) const noexcept {
        const buffer& bound = buffers[index];
        return {reinterpret_cast<T*>(static_cast<std::uintptr_t>(bound.address)), bound.byte_size / sizeof(T)};
    }
};

/// A host kernel: called once per block; blocks of one launch may run concurrently.
using host_kernel = void (*)(const host_block&);

}  // namespace accy
