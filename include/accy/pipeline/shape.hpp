// SPDX-License-Identifier: Apache-2.0
// Defines `accy::shape<dtype, extent>`, the element type and count of a buffer a pipeline uses,
// and the lists that declare them: `accy::operands`, `accy::results`, `accy::intermediates` and
// `accy::workspaces`, with `accy::in_place` (a result over an operand, in `results` only), and
// `accy::zero_filled` and `accy::kept_zero` (workspaces that start each launch zeroed, in
// `workspaces` only; in another list each is a compile error).
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/pipeline/derivation.hpp>

#include <array>
#include <cstddef>
#include <tuple>

namespace accy {

/// `Extent` elements of `Type`, the extent derived from the runtime scalars (an integer derivation).
template <dtype Type, derivation Extent>
struct shape {
    static constexpr dtype type = Type;
    using extent = Extent;
    static constexpr std::size_t in_place_of = static_cast<std::size_t>(-1);
    static constexpr bool zero_fill = false;
    static constexpr bool keep_zero = false;
};

/// A result that may share its memory with operand `Operand`: the caller may pass one buffer as
/// both (a kernel that updates in place), or two that start at the same address, and no overlap
/// between the two is reported (a result that starts inside the operand is refused at launch).
/// Its dtype must be the operand's; no stage may read the operand after the first stage that
/// writes the result, nor read the result before (`problem::operand_read_after_in_place_write`,
/// `in_place_result_read_before_write`); one result at most is in place over an operand. In
/// `results` only: in another list it is `problem::in_place_outside_results`.
template <std::size_t Operand, class Shape>
struct in_place : Shape {
    static constexpr std::size_t in_place_of = Operand;
};

/// A workspace that is set to zero before its stage runs, on the launch's stream. In `workspaces`
/// only: in another list it is `problem::zeroing_outside_workspaces`.
template <class Shape>
struct zero_filled : Shape {
    static constexpr bool zero_fill = true;
};

/// A workspace that is set to zero when it is allocated (`allocate_scratch`, or a launch without
/// scratch of its own) and that its stage's kernel leaves zeroed when it finishes, so that no
/// launch or graph replay spends a memset on it. Leaving it zeroed is the kernel's part: a kernel
/// that leaves it dirty, or a launch that fails part way, makes the next launch read stale words.
/// In `workspaces` only: in another list it is `problem::zeroing_outside_workspaces`.
template <class Shape>
struct kept_zero : Shape {
    static constexpr bool keep_zero = true;
};

namespace detail {

/// Whether an extent is a constant of no elements.
template <class Extent>
inline constexpr bool never_positive = false;
template <auto Value>
inline constexpr bool never_positive<constant<Value>> = Value <= 0;

/// A shape as a value, for constexpr checks: its extent's type or fault, given the runtime scalars.
struct shape_info {
    static constexpr std::size_t not_in_place = static_cast<std::size_t>(-1);  ///< the in_place_of of a plain shape

    dtype type = dtype::u8;
    derived extent{};
    std::size_t in_place_of = not_in_place;
    bool zero_fill = false;
    bool keep_zero = false;  ///< a kept_zero workspace, zeroed when allocated
    bool never_positive = false;  ///< a constant extent of 0 or less
};

template <class... Shapes>
struct shape_list {
    static constexpr std::size_t size = sizeof...(Shapes);
    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Shapes...>>;

    template <class Scalars>
    static constexpr std::array<shape_info, size> infos{
        shape_info{Shapes::type, Shapes::extent::template type_in<Scalars>(), Shapes::in_place_of, Shapes::zero_fill,
                   Shapes::keep_zero, never_positive<typename Shapes::extent>}...};
};

}  // namespace detail

/// The buffers a caller passes in for the stages to read, in index order.
template <class... Shapes>
struct operands : detail::shape_list<Shapes...> {};
/// The buffers a caller passes in for the stages to write, in index order.
template <class... Shapes>
struct results : detail::shape_list<Shapes...> {};
/// Scratch buffers between stages, in index order: written by one stage, read by a later one.
template <class... Shapes>
struct intermediates : detail::shape_list<Shapes...> {};
/// Scratch buffers a single stage's kernel owns, in index order, each bound by one stage only.
template <class... Shapes>
struct workspaces : detail::shape_list<Shapes...> {};

}  // namespace accy
