// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host_block`, what a `host`-format kernel receives for each block it runs.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/dtype.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/detail/host_access.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/tensor_map.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

namespace accy {

namespace detail {

/// The flag a host launch raises once one of its blocks has thrown, which every block of it reads.
/// It uses the compiler's atomic builtins, which `std::atomic` is made of in libstdc++ and libc++,
/// because `<atomic>` would add a tenth to the cost of including accy (docs/performance.md).
class launch_failure_flag {
public:
    bool raised() const noexcept { return __atomic_load_n(&raised_, __ATOMIC_ACQUIRE); }
    /// Raises the flag; true for the one call that raised it.
    bool raise() noexcept { return !__atomic_exchange_n(&raised_, true, __ATOMIC_ACQ_REL); }

private:
    bool raised_ = false;
};

}  // namespace detail

/// One block of a launch on the host backend: the kernel is called once per block with the
/// block's index, the launch's dimensions, one argument per kernel parameter (in the entry's
/// order), the block's own dynamic shared memory, and the entry's name and declared parameters.
///
/// The accessors check what they are asked against the declaration: parameter `index` exists and
/// is of the accessor's kind, and `T` is what it declares (below). A misuse throws
/// `errc::launch_argument_mismatch` naming the kernel, the parameter and both types, which the
/// launch rethrows to its caller.
struct host_block {
    dim3 block_index;
    dim3 block_dim;
    dim3 grid_dim;
    std::span<const kernel_argument> arguments;
    std::span<std::byte> shared;             ///< the entry's dynamic shared memory bytes, this block's alone
    std::string_view kernel_name;            ///< the entry's name
    const parameter_list& parameters;        ///< the entry's declaration, one per argument
    const detail::launch_failure_flag* launch_failed = nullptr;  ///< raised once a block of the launch has thrown: see `cancelled`

    /// Whether another block of this launch has thrown, so that the launch fails whatever this
    /// block does. A block that waits for others (a look-back waiting for its predecessors to
    /// publish) checks it while it waits, and returns or throws once it is set: what it waits for may
    /// never come. What a block throws after that is not reported; the launch throws the first failure.
    bool cancelled() const noexcept { return launch_failed != nullptr && launch_failed->raised(); }

    /// Buffer parameter `index` as elements of `T` (host memory on the host backend): `T` of the
    /// declared element dtype's size, and that dtype where `T` has one (`const float` for f32); of
    /// a buffer declared without element type, any `T` whose size divides the bound byte size.
    template <class T>
    std::span<T> buffer_as(std::size_t index) const {
        static constexpr auto asked = detail::host_access::of<T>("buffer_as", parameter::kind::buffer);
        const buffer& bound = argument(index, asked).buffer;
        return {reinterpret_cast<T*>(static_cast<std::uintptr_t>(bound.address)), bound.byte_size / sizeof(T)};
    }

    /// Scalar parameter `index` as `T`: of the declared dtype's size, and that dtype where `T` has one.
    template <class T>
        requires std::is_arithmetic_v<T> || has_dtype<T>
    T scalar_as(std::size_t index) const {
        static constexpr auto asked = detail::host_access::of<T>("scalar_as", parameter::kind::scalar);
        return value_as<T>(argument(index, asked));
    }

    /// By-value bytes parameter `index` as `T`, a trivially copyable type of the declared size.
    template <class T>
        requires std::is_trivially_copyable_v<T>
    T bytes_as(std::size_t index) const {
        static constexpr auto asked = detail::host_access::of<T>("bytes_as", parameter::kind::bytes);
        return value_as<T>(argument(index, asked));
    }

    /// Tensor map parameter `index`: the description the launch derived (a host kernel has no TMA to encode it for).
    tensor_map_description tensor_map_as(std::size_t index) const {
        static constexpr auto asked =
            detail::host_access::of<tensor_map_description>("tensor_map_as", parameter::kind::tensor_map);
        return value_as<tensor_map_description>(argument(index, asked));
    }

    /// The block's dynamic shared memory as elements of `T`. Unchecked: nothing declares its type,
    /// and a kernel may carve it into arrays of several types, as CUDA code does.
    template <class T>
    std::span<T> shared_as() const noexcept {
        return {reinterpret_cast<T*>(shared.data()), shared.size() / sizeof(T)};
    }

private:
    /// The argument of parameter `index` once its declaration takes what `asked` asks, else the error.
    const kernel_argument& argument(std::size_t index, const detail::host_access& asked) const {
        // As many parameters as arguments: the host backend's launch checks it.
        if (index >= parameters.size() || !asked.fits(parameters[index], arguments[index].buffer.byte_size)) [[unlikely]]
            detail::misused(kernel_name, asked, index, parameters, arguments);
        return arguments[index];
    }

    /// The value's bytes; no more than the launch passed, should a caller of the backend pass fewer than declared.
    template <class T>
    static T value_as(const kernel_argument& passed) noexcept {
        T value{};
        std::memcpy(&value, passed.value, sizeof(T) < passed.size ? sizeof(T) : passed.size);
        return value;
    }
};

/// A host kernel: called once per block; blocks of one launch may run concurrently.
using host_kernel = void (*)(const host_block&);

}  // namespace accy
