// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::room_for<T, N>`, a plain array of N `T`s, where a launch keeps what it
// derives and makes per stage, scalar and buffer.
#pragma once

#include <cstddef>

namespace accy::detail {

/// `N` `T`s in a plain array, of one element where `N` is 0. Not `std::array`: a translation unit
/// compiles its `data()` for each element type and count that it launches with, about 4 M g++
/// instructions each, where an array decays to a pointer for nothing.
template <class T, std::size_t N>
using room_for = T[N == 0 ? 1 : N];

}  // namespace accy::detail
