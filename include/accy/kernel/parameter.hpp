// SPDX-License-Identifier: Apache-2.0
// Defines `accy::parameter`, one parameter of a kernel as its binary takes it (a buffer, a typed
// scalar, by-value bytes or a tensor map), `accy::parameter_list`, a kernel's parameters in order,
// and their layout.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <type_traits>

namespace accy {

/// How a kernel uses one of its buffer parameters.
enum class access { read, write, read_write };

constexpr bool reads(access value) noexcept { return value != access::write; }
constexpr bool writes(access value) noexcept { return value != access::read; }

namespace limits {
/// The most parameters one kernel entry may declare; a launch packs them into arrays of this size.
inline constexpr std::size_t kernel_parameters = 32;
/// The most bytes of parameters a kernel takes: the driver's limit since CUDA 12.1 on Volta and later.
inline constexpr std::size_t parameter_bytes = 32764;
}  // namespace limits

/// The bytes of a `CUtensorMap`, the by-value descriptor a kernel reads or writes a tensor through with TMA.
inline constexpr std::size_t tensor_map_size = 128;

/// One kernel parameter, named for messages:
///
///     accy::parameter::buffer("x", accy::access::read, accy::dtype::f32)   // const float* x
///     accy::parameter::buffer_of<float>("x", accy::access::read)           // the same
///     accy::parameter::scalar("n", accy::dtype::u64)                       // unsigned long long n
///     accy::parameter::bytes("params", 24, 8)                              // struct params p (by value)
///     accy::parameter::tensor_map("a", accy::access::read, accy::dtype::f16, 2)  // const __grid_constant__ CUtensorMap a
struct parameter {
    enum class kind { buffer, scalar, bytes, tensor_map };

    kind what = kind::scalar;
    std::string_view name;
    accy::access use = access::read;        ///< a buffer's or tensor map's
    std::optional<accy::dtype> element{};   ///< a buffer's element type, if declared; a tensor map's
    accy::dtype type = dtype::u32;          ///< a scalar's type
    std::size_t size = 0;                   ///< bytes in the parameter space
    std::size_t alignment = 1;
    std::size_t rank = 0;                   ///< a tensor map's dimensions, 1 to 5

    /// A device pointer: 8 bytes. `element`, when given, is checked against the shape of what the stage binds.
    static constexpr parameter buffer(std::string_view name, accy::access use,
                                      std::optional<accy::dtype> element = std::nullopt) noexcept {
        return {kind::buffer, name, use, element, dtype::u64, 8, 8};
    }
    static constexpr parameter scalar(std::string_view name, accy::dtype type) noexcept {
        return {kind::scalar, name, access::read, std::nullopt, type, size_of(type), size_of(type)};
    }
    /// `T* name` (or `const T* name`), which the kernel uses as `use`.
    template <class T>
    static constexpr parameter buffer_of(std::string_view name, accy::access use) noexcept {
        return buffer(name, use, dtype_of<T>);
    }
    /// `T name`.
    template <class T>
    static constexpr parameter scalar_of(std::string_view name) noexcept {
        return scalar(name, dtype_of<T>);
    }
    /// `size` bytes passed by value, aligned to `alignment`: a struct, with sizeof and alignof.
    static constexpr parameter bytes(std::string_view name, std::size_t size, std::size_t alignment) noexcept {
        return {kind::bytes, name, access::read, std::nullopt, dtype::u8, size, alignment};
    }
    /// A `CUtensorMap` by value (`const __grid_constant__ CUtensorMap name`) that the kernel uses, as
    /// `use` says, to read or write a tensor of `rank` dimensions of `element`s: accy encodes it from
    /// the buffer the stage binds (`accy::tensor_map<...>`). CUDA 13's `cuda.h` aligns it to 128
    /// bytes, CUDA 12's to 64: `alignment` is the one the kernel was compiled with.
    static constexpr parameter tensor_map(std::string_view name, accy::access use, accy::dtype element, std::size_t rank,
                                          std::size_t alignment = 128) noexcept {
        return {kind::tensor_map, name, use, element, dtype::u8, tensor_map_size, alignment, rank};
    }
};

constexpr std::string_view to_string(parameter::kind value) noexcept {
    switch (value) {
    case parameter::kind::buffer: return "buffer";
    case parameter::kind::scalar: return "scalar";
    case parameter::kind::bytes: return "bytes";
    case parameter::kind::tensor_map: return "tensor map";
    }
    return "unknown";
}

/// A kernel's parameters in the order its binary takes them.
class parameter_list {
public:
    constexpr parameter_list() = default;
    /// More than limits::kernel_parameters parameters throw `errc::invalid_artifact` at run time; a
    /// constant list keeps the first ones and `over_limit()`, which a pipeline's checks report as
    /// one compile error naming the entry (a throw there would fail the registry's initializer, and
    /// with it everything that reads the registry).
    constexpr parameter_list(std::initializer_list<parameter> parameters) {
        if (parameters.size() > limits::kernel_parameters) {
            if (!std::is_constant_evaluated())
                throw error(errc::invalid_artifact, "accy::parameter_list: more than limits::kernel_parameters parameters");
            over_limit_ = true;
        }
        for (const parameter& declared : parameters) {
            if (size_ == limits::kernel_parameters) break;
            kinds_[size_] = declared.what;
            names_[size_] = declared.name.data();
            name_sizes_[size_] = declared.name.size();
            uses_[size_] = declared.use;
            has_element_[size_] = declared.element.has_value();
            elements_[size_] = declared.element.value_or(dtype{});
            types_[size_] = declared.type;
            sizes_[size_] = declared.size;
            alignments_[size_] = declared.alignment;
            ranks_[size_] = declared.rank;
            ++size_;
        }
    }

    /// Reads the parameters in order, each by value (a `std::forward_iterator`):
    /// `for (const accy::parameter& p : list)`.
    class iterator {
    public:
        using value_type = parameter;
        using difference_type = std::ptrdiff_t;

        constexpr iterator() noexcept = default;
        constexpr parameter operator*() const noexcept { return (*list_)[index_]; }
        constexpr iterator& operator++() noexcept {
            ++index_;
            return *this;
        }
        constexpr iterator operator++(int) noexcept {
            iterator before = *this;
            ++index_;
            return before;
        }
        constexpr bool operator==(const iterator&) const noexcept = default;

    private:
        friend parameter_list;
        constexpr iterator(const parameter_list& list, std::size_t index) noexcept : list_(&list), index_(index) {}
        const parameter_list* list_ = nullptr;
        std::size_t index_ = 0;
    };

    constexpr std::size_t size() const noexcept { return size_; }
    /// Whether the list was given more than limits::kernel_parameters parameters (a constant list only).
    constexpr bool over_limit() const noexcept { return over_limit_; }
    constexpr parameter operator[](std::size_t index) const noexcept {
        return {kinds_[index],
                std::string_view(names_[index], name_sizes_[index]),
                uses_[index],
                has_element_[index] ? std::optional<dtype>(elements_[index]) : std::nullopt,
                types_[index],
                sizes_[index],
                alignments_[index],
                ranks_[index]};
    }
    constexpr iterator begin() const noexcept { return {*this, 0}; }
    constexpr iterator end() const noexcept { return {*this, size_}; }

    /// Where parameter `index` starts in the parameter space: after the one before, at the first
    /// offset whose address is aligned when the space starts at an address `base` bytes past a
    /// multiple of every alignment. With `base` 0 that is the C++ layout of a struct of the
    /// parameters; the CUDA driver places parameters with the base of its constant bank (see
    /// cuda/detail/signature.hpp), which moves only parameters aligned to more than 16 bytes.
    constexpr std::size_t offset(std::size_t index, std::size_t base = 0) const noexcept {
        std::size_t next = base;
        for (std::size_t i = 0;; ++i) {
            const std::size_t alignment = alignments_[i] == 0 ? 1 : alignments_[i];
            next = (next + alignment - 1) / alignment * alignment;
            if (i == index) return next - base;
            next += sizes_[i];
        }
    }

    /// The bytes all parameters take, the last one's end.
    constexpr std::size_t byte_size() const noexcept { return size_ == 0 ? 0 : offset(size_ - 1) + sizes_[size_ - 1]; }

    /// The largest alignment of any parameter, at least 8.
    constexpr std::size_t alignment() const noexcept {
        std::size_t largest = 8;
        for (std::size_t i = 0; i < size_; ++i) largest = alignments_[i] > largest ? alignments_[i] : largest;
        return largest;
    }

    /// Whether both lists take the same kinds, types, sizes and alignments in the same order (names
    /// and accesses aside), and tensor maps of the same element type and rank.
    constexpr bool same_layout(const parameter_list& other) const noexcept {
        if (size_ != other.size_) return false;
        for (std::size_t i = 0; i < size_; ++i) {
            if (kinds_[i] != other.kinds_[i] || sizes_[i] != other.sizes_[i] || alignments_[i] != other.alignments_[i] ||
                (kinds_[i] == parameter::kind::scalar && types_[i] != other.types_[i]) ||
                (kinds_[i] == parameter::kind::tensor_map &&
                 (has_element_[i] != other.has_element_[i] || elements_[i] != other.elements_[i] || ranks_[i] != other.ranks_[i])))
                return false;
        }
        return true;
    }

private:
    // Field by field, in arrays of numbers and pointers, not one array of `parameter`s: clang holds a
    // constant array of a class type element by element, all limits::kernel_parameters of them in
    // every copy of every registry entry (about 50 KB each), but an array of numbers as the elements
    // set and one filler value for the rest. Plain arrays, as ten `std::array` types would cost every
    // translation unit that includes this header 25 M compiler instructions (g++ 12).
    parameter::kind kinds_[limits::kernel_parameters]{};
    const char* names_[limits::kernel_parameters]{};
    std::size_t name_sizes_[limits::kernel_parameters]{};
    accy::access uses_[limits::kernel_parameters]{};
    bool has_element_[limits::kernel_parameters]{};
    dtype elements_[limits::kernel_parameters]{};
    dtype types_[limits::kernel_parameters]{};
    std::size_t sizes_[limits::kernel_parameters]{};
    std::size_t alignments_[limits::kernel_parameters]{};
    std::size_t ranks_[limits::kernel_parameters]{};
    std::size_t size_ = 0;
    bool over_limit_ = false;
};

}  // namespace accy
