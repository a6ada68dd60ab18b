// Defines `accy::access`, how a kernel uses one of its buffer parameters, and the list of them.
#pragma once

#include <accy/core/error.hpp>

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace accy {

enum class access { read, write, read_write };

constexpr bool reads(access value) noexcept { return value != access::write; }
constexpr bool writes(access value) noexcept { return value != access::read; }

constexpr std::string_view to_string(access value) noexcept {
    switch (value) {
    case access::read: return "read";
    case access::write: return "write";
    case access::read_write: return "read_write";
    }
    return "unknown";
}

/// The most buffer or scalar parameters one kernel entry may declare; launch arguments are packed
/// into arrays of this size on the stack.
inline constexpr std::size_t max_kernel_parameters = 16;

/// The buffer parameters of a kernel, in order, by access: `{access::write, access::read}`.
class buffer_parameters {
public:
    constexpr buffer_parameters() = default;
    constexpr buffer_parameters(std::initializer_list<access> accesses) {
        // A compile error here means a constexpr kernel entry declares more than max_kernel_parameters buffers.
        if (accesses.size() > max_kernel_parameters)
            throw error(errc::invalid_artifact, "accy::buffer_parameters: more than max_kernel_parameters buffers");
        for (access value : accesses) accesses_[size_++] = value;
    }

    constexpr std::size_t size() const noexcept { return size_; }
    constexpr access operator[](std::size_t index) const noexcept { return accesses_[index]; }
    constexpr const access* begin() const noexcept { return accesses_.data(); }
    constexpr const access* end() const noexcept { return accesses_.data() + size_; }

private:
    std::array<access, max_kernel_parameters> accesses_{};
    std::size_t size_ = 0;
};

}  // namespace accy
