// Defines `accy::cuda::detail::kernel_parameters`, a launch's `void**` parameter array, packed on the stack.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/kernel/access.hpp>

#include <cuda.h>

#include <array>
#include <cstdint>
#include <span>

namespace accy::cuda::detail {

/// Pointers to each buffer's address, then to each scalar, as cuLaunchKernel and kernel graph
/// nodes take them. Points into `buffers` and `scalars`, which must outlive its use.
class kernel_parameters {
public:
    kernel_parameters(std::span<const buffer> buffers, std::span<const std::uint32_t> scalars) noexcept {
        static_assert(sizeof(buffer::address) == sizeof(CUdeviceptr), "a buffer's address is passed as a CUdeviceptr");
        // The driver only reads through these pointers.
        for (const buffer& bound : buffers) pointers_[count_++] = const_cast<std::uint64_t*>(&bound.address);
        for (const std::uint32_t& scalar : scalars) pointers_[count_++] = const_cast<std::uint32_t*>(&scalar);
    }

    void** data() noexcept { return pointers_.data(); }

private:
    std::array<void*, 2 * max_kernel_parameters> pointers_;
    std::size_t count_ = 0;
};

}  // namespace accy::cuda::detail
