// Defines `accy::dtype`, the element types of intermediate buffers, and their sizes.
#pragma once

#include <cstddef>
#include <string_view>

namespace accy {

enum class dtype { u8, i32, u32, f32, i64, u64, f64 };

constexpr std::size_t size_of(dtype type) noexcept {
    switch (type) {
    case dtype::u8: return 1;
    case dtype::i32:
    case dtype::u32:
    case dtype::f32: return 4;
    case dtype::i64:
    case dtype::u64:
    case dtype::f64: return 8;
    }
    return 0;
}

constexpr std::string_view to_string(dtype type) noexcept {
    switch (type) {
    case dtype::u8: return "u8";
    case dtype::i32: return "i32";
    case dtype::u32: return "u32";
    case dtype::f32: return "f32";
    case dtype::i64: return "i64";
    case dtype::u64: return "u64";
    case dtype::f64: return "f64";
    }
    return "unknown";
}

}  // namespace accy
