// SPDX-License-Identifier: Apache-2.0
// Defines `accy::tensor_map_description`, the fields a tensor map is encoded from (what a host kernel
// and the recording backend receive for a tensor map parameter), and `accy::tensor_map_options`.
#pragma once

#include <accy/core/dtype.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace accy {

namespace limits {
/// The most dimensions a tensor map describes, and the most elements its box takes in one.
inline constexpr std::size_t tensor_map_rank = 5;
inline constexpr std::uint32_t tensor_map_box = 256;
}  // namespace limits

/// How a tile lands in shared memory: as it is, or with 16-byte chunks swizzled within spans of 32, 64 or 128 bytes.
enum class tensor_map_swizzle : std::uint8_t { none, bytes_32, bytes_64, bytes_128 };

/// How far the L2 cache fetches ahead of a tile's rows.
enum class tensor_map_l2_promotion : std::uint8_t { none, bytes_64, bytes_128, bytes_256 };

/// What a tile's elements outside the tensor read as.
enum class tensor_map_fill : std::uint8_t { zero, nan };

/// The choices of a tensor map beyond its tensor and box (`CU_TENSOR_MAP_*` of the same names).
struct tensor_map_options {
    tensor_map_swizzle swizzle = tensor_map_swizzle::none;
    tensor_map_l2_promotion l2_promotion = tensor_map_l2_promotion::none;
    tensor_map_fill fill = tensor_map_fill::zero;
};

/// The bytes of a swizzle's span; 0 for none. A box's innermost dimension takes at most that many bytes.
constexpr std::size_t swizzle_bytes(tensor_map_swizzle swizzle) noexcept {
    switch (swizzle) {
    case tensor_map_swizzle::bytes_32: return 32;
    case tensor_map_swizzle::bytes_64: return 64;
    case tensor_map_swizzle::bytes_128: return 128;
    case tensor_map_swizzle::none: break;
    }
    return 0;
}

/// A tiled tensor map as accy derived it for one launch: a tensor of `rank` dimensions of
/// `element`s at `address`, innermost dimension first, and the box one copy moves. The CUDA backend
/// encodes it into a `CUtensorMap` (cuTensorMapEncodeTiled, element strides 1, no interleave); the
/// host and recording backends pass it as it is, in the parameter's 128 bytes, so that a host
/// kernel reads it with `host_block::tensor_map_as` and a test with `launch_record::tensor_map`.
struct tensor_map_description {
    std::uint64_t address = 0;                          ///< of the tensor's first element, 16-byte aligned
    accy::dtype element = dtype::u8;
    std::uint32_t rank = 0;                             ///< 1 to limits::tensor_map_rank
    std::array<std::uint64_t, limits::tensor_map_rank> extents{};  ///< elements along each dimension
    std::array<std::uint64_t, limits::tensor_map_rank> strides{};  ///< bytes from one index to the next; strides[0] is the element's size
    std::array<std::uint32_t, limits::tensor_map_rank> box{};      ///< elements along each dimension, 1 to limits::tensor_map_box
    tensor_map_options options{};

    /// The bytes from `address` past the tensor's last element: where its region ends.
    constexpr wide_uint end_byte() const noexcept {
        wide_uint end = strides[0] * wide_uint{extents[0]};
        for (std::uint32_t d = 1; d < rank; ++d) end += strides[d] * wide_uint{extents[d] - 1};
        return end;
    }
};

}  // namespace accy
