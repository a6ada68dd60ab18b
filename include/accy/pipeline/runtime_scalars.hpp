// SPDX-License-Identifier: Apache-2.0
// Defines the runtime scalars a pipeline declares: `accy::scalar<"n", std::uint64_t, accy::at_most<v>>`,
// listed in `accy::runtime_scalars<...>`, and `accy::value_type`, the type of a scalar or derived value.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/fixed_string.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace accy {

/// The type of a runtime scalar or of a derived value: a number of `type`, or `size` bytes of a
/// trivially copyable struct passed by value.
struct value_type {
    bool bytes = false;
    accy::dtype type = dtype::u8;  ///< a number's
    std::size_t size = 0;

    constexpr bool integer() const noexcept { return !bytes && is_integer(type); }
    constexpr bool floating() const noexcept { return !bytes && is_floating(type); }
    friend constexpr bool operator==(const value_type&, const value_type&) = default;
};

/// The value type of a C++ type: its dtype for numbers, its bytes for any other trivially copyable type.
template <class T>
constexpr value_type value_type_of() noexcept {
    if constexpr (has_dtype<T>) return {false, dtype_of<T>, sizeof(T)};
    else return {true, dtype::u8, sizeof(T)};
}

/// Bounds of an integer runtime scalar, checked before anything is allocated or launched.
template <std::int64_t Min, std::uint64_t Max>
struct within {
    static constexpr bool bounded = true;
    static constexpr wide_int min = Min, max = Max;
};
template <std::uint64_t Max>
using at_most = within<INT64_MIN, Max>;
template <std::int64_t Min>
using at_least = within<Min, UINT64_MAX>;

struct unbounded {
    static constexpr bool bounded = false;
    static constexpr wide_int min = 0, max = 0;
};

/// Runtime scalar `Name` of C++ type `T`: a number (`std::uint64_t`, `float`, ...) or a trivially
/// copyable struct passed to by-value bytes parameters. `Bounds` (`accy::at_most<v>`,
/// `accy::at_least<v>`, `accy::within<lo, hi>`) restrict an integer one.
template <fixed_string Name, class T, class Bounds = unbounded>
struct scalar {
    using type = T;
    using bounds = Bounds;
    static constexpr std::string_view name = Name.view();
    /// Whether accy can pass a `T`; a pipeline declaring one it cannot is a compile error (`scalar_type_not_supported`).
    static constexpr bool supported = std::is_trivially_copyable_v<T> && !std::is_same_v<T, bool> && !std::is_pointer_v<T>;
    /// Whether the bounds are usable: on an integer, min <= max (`scalar_bounds_invalid` otherwise).
    static constexpr bool bounds_valid = !Bounds::bounded || (value_type_of<T>().integer() && Bounds::min <= Bounds::max);
};

namespace detail {

/// What a pipeline knows of one runtime scalar, as a value.
struct scalar_info {
    std::string_view name;
    value_type type;
    bool bounded = false;
    wide_int min = 0, max = 0;
    bool supported = true;
    bool bounds_valid = true;
};

/// What a pipeline knows of runtime scalar `Scalar`; bounds are clipped to its type's range, so
/// that `at_most<v>` on a u32 reads "0 to v".
template <class Scalar>
constexpr scalar_info info_of() noexcept {
    constexpr value_type type = value_type_of<typename Scalar::type>();
    using bounds = typename Scalar::bounds;
    if constexpr (!bounds::bounded || !Scalar::bounds_valid) {
        return {Scalar::name, type, false, 0, 0, Scalar::supported, Scalar::bounds_valid};
    } else {
        const wide_int min = bounds::min < lowest(type.type) ? lowest(type.type) : bounds::min;
        const wide_int max = bounds::max > highest(type.type) ? highest(type.type) : bounds::max;
        return {Scalar::name, type, true, min, max, Scalar::supported, true};
    }
}

}  // namespace detail

/// The runtime scalars of a pipeline, in index order; a launch takes their values as `values`.
template <class... Scalars>
struct runtime_scalars {
    static constexpr std::size_t count = sizeof...(Scalars);
    using values = std::tuple<typename Scalars::type...>;
    static constexpr std::array<detail::scalar_info, count> infos{detail::info_of<Scalars>()...};

    template <std::size_t Index>
    using at = std::tuple_element_t<Index, std::tuple<Scalars...>>;
};

}  // namespace accy
