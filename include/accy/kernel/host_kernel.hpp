// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host_block`, what a `host`-format kernel receives for each block it runs.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

namespace accy {

/// One block of a launch on the host backend: the kernel is called once per block with the
/// block's index, the launch's dimensions, one argument per kernel parameter (in the entry's
/// order) and the block's own dynamic shared memory.
struct host_block {
    dim3 block_index;
    dim3 block_dim;
    dim3 grid_dim;
    std::span<const kernel_argument> arguments;
    std::span<std::byte> shared;  ///< the entry's dynamic shared memory bytes, this block's alone

    /// Buffer parameter `index` as elements of `T` (host memory on the host backend).
    template <class T>
    std::span<T> buffer_as(std::size_t index) const noexcept {
        const buffer& bound = arguments[index].buffer;
        return {reinterpret_cast<T*>(static_cast<std::uintptr_t>(bound.address)), bound.byte_size / sizeof(T)};
    }

    /// Scalar parameter `index` as `T`, a type of the parameter's size.
    template <class T>
        requires std::is_arithmetic_v<T>
    T scalar_as(std::size_t index) const noexcept {
        return value_as<T>(index);
    }

    /// By-value bytes parameter `index` as `T`, a trivially copyable type of the parameter's size.
    template <class T>
        requires std::is_trivially_copyable_v<T>
    T bytes_as(std::size_t index) const noexcept {
        return value_as<T>(index);
    }

    /// The block's dynamic shared memory as elements of `T`.
    template <class T>
    std::span<T> shared_as() const noexcept {
        return {reinterpret_cast<T*>(shared.data()), shared.size() / sizeof(T)};
    }

private:
    template <class T>
    T value_as(std::size_t index) const noexcept {
        T value{};
        std::memcpy(&value, arguments[index].value, sizeof(T) < arguments[index].size ? sizeof(T) : arguments[index].size);
        return value;
    }
};

/// A host kernel: called once per block; blocks of one launch may run concurrently.
using host_kernel = void (*)(const host_block&);

}  // namespace accy
