// SPDX-License-Identifier: Apache-2.0
// Defines `accy::tensor_map`, the stage argument that binds a kernel's tensor map parameter: a buffer
// reference, the tensor's extents and strides (derivations of the runtime scalars) and the box.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/kernel/tensor_map.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>

namespace accy {

/// A tensor map's extents: the elements along each dimension, innermost (contiguous) first, as
/// `cuTensorMapEncodeTiled` takes them; a row-major rows x columns matrix is `extents<columns, rows>`.
template <derivation... Extents>
struct extents {};

/// A tensor map's box: the elements one copy moves along each dimension, innermost first.
template <std::uint32_t... Elements>
struct box {};

/// A tensor map's strides: the bytes from one index to the next of dimensions 1, 2, ... (dimension
/// 0's elements are adjacent). `strides<>`, the default, packs the dimensions: each stride is the
/// one before times that dimension's extent.
template <derivation... Bytes>
struct strides {};

namespace detail {

/// What `diagnose` and the launch plan read of a tensor map argument.
struct tensor_map_info {
    buffer_ref buffer{};
    std::size_t rank = 0;                   ///< the extents given
    std::size_t box_rank = 0;               ///< the box's dimensions given
    std::array<std::uint32_t, limits::tensor_map_rank> box{};
    std::size_t stride_count = 0;          ///< 0: packed
    tensor_map_options options{};
    derivation_fault fault = derivation_fault::none;  ///< the first of its extents' and strides' derivations
    bool integers = true;                  ///< every extent and stride is an integer
    bool malformed = false;                ///< not tensor_map<Buffer, extents<...>, box<...>, options, strides<...>>
};

/// Tensor map arguments derive from this tag; `tensor_map_argument` recognises them.
struct tensor_map_tag {};

}  // namespace detail

/// A `tensor_map<...>` argument.
template <class T>
concept tensor_map_argument = std::derived_from<T, detail::tensor_map_tag>;

/// Binds a `parameter::tensor_map`: the tensor of `Buffer` (whose dtype must be the parameter's)
/// with `Extents` and `Strides` derived at each launch, tiled by `Box`. accy checks the box at
/// compile time (1 to 256 elements per dimension, its innermost row a multiple of 16 bytes and
/// within the swizzle's span), and at run time the extents (1 to 2^32), the strides (multiples of
/// 16 below 2^40), the buffer's alignment (16 bytes) and that the tensor lies inside the buffer's
/// declared shape, before any stage launches:
///
///     accy::tensor_map<accy::operand<0>, accy::extents<k, m>, accy::box<64, 64>,
///                      accy::tensor_map_options{.swizzle = accy::tensor_map_swizzle::bytes_128}>
template <buffer_reference Buffer, class Extents, class Box,
          tensor_map_options Options = tensor_map_options(), class Strides = strides<>>
struct tensor_map : detail::tensor_map_tag {
    // Arguments out of order: `diagnose` reports problem::tensor_map_malformed for the stage and parameter.
    static constexpr std::size_t steps = 0;
    template <class Scalars>
    static constexpr detail::tensor_map_info info{Buffer::ref, 0, 0, {}, 0, Options, derivation_fault::none, true, true};
};

template <buffer_reference Buffer, derivation... Extents, std::uint32_t... Box, tensor_map_options Options,
          derivation... Strides>
struct tensor_map<Buffer, extents<Extents...>, box<Box...>, Options, strides<Strides...>> : detail::tensor_map_tag {
    static constexpr std::size_t steps = (std::size_t{0} + ... + Extents::steps) + (std::size_t{0} + ... + Strides::steps);

    template <class Scalars>
    static constexpr detail::tensor_map_info info = [] {
        detail::tensor_map_info made{Buffer::ref, sizeof...(Extents), sizeof...(Box), {}, sizeof...(Strides), Options};
        std::size_t d = 0;
        for (const std::uint32_t elements : {Box..., 0u})
            if (d < limits::tensor_map_rank) made.box[d++] = elements;
        for (const derived& type : {Extents::template type_in<Scalars>()..., Strides::template type_in<Scalars>()...,
                                    derived{derivation_fault::none, {false, dtype::u64, 8}}}) {
            if (made.fault == derivation_fault::none) made.fault = type.fault;
            made.integers = made.integers && (type.fault != derivation_fault::none || type.type.integer());
        }
        return made;
    }();
};

}  // namespace accy
