// SPDX-License-Identifier: Apache-2.0
// Defines `accy::format`, the kind of payload a kernel entry carries, and `accy::static_format`.
#pragma once

#include <cstddef>
#include <string_view>

namespace accy {

enum class format {
    cuda_ptx,     ///< PTX text, JIT-compiled by the driver at load
    cuda_cubin,   ///< a cubin image for one architecture
    cuda_fatbin,  ///< a fatbin: cubins for several architectures and PTX
    cuda_source,  ///< CUDA C++ source, compiled at load by NVRTC for the device (CUDA backend)
    host,         ///< a C++ callable run once per block by the host backend
    metal_msl,    ///< Metal shading language, named by accy's specification; no backend runs it yet
};

namespace detail {
/// The number of `format` values: the size of the tables of entries by format.
inline constexpr std::size_t format_count = 6;
}  // namespace detail

constexpr std::string_view to_string(format value) noexcept {
    switch (value) {
    case format::cuda_ptx: return "cuda_ptx";
    case format::cuda_cubin: return "cuda_cubin";
    case format::cuda_fatbin: return "cuda_fatbin";
    case format::cuda_source: return "cuda_source";
    case format::host: return "host";
    case format::metal_msl: return "metal_msl";
    }
    return "unknown";
}

// A format added to the enum is a -Wswitch warning in to_string until it is named there, and then
// fails here until format_count, which sizes the tables of entries by format, grows with it: the
// value format_count must be the first that to_string names as it names a value outside the enum.
static_assert(to_string(static_cast<format>(detail::format_count - 1)) != to_string(static_cast<format>(-1)) &&
                  to_string(static_cast<format>(detail::format_count)) == to_string(static_cast<format>(-1)),
              "accy::detail::format_count: must be the number of accy::format's enumerators");

/// A format known at compile time. Passing one where accy takes a format lets the pipeline check
/// at compile time that every stage has a kernel entry in that format.
template <format Format>
struct static_format {
    static constexpr format value = Format;
    constexpr operator format() const noexcept { return Format; }
};

namespace formats {
inline constexpr static_format<format::cuda_ptx> cuda_ptx{};
inline constexpr static_format<format::cuda_cubin> cuda_cubin{};
inline constexpr static_format<format::cuda_fatbin> cuda_fatbin{};
inline constexpr static_format<format::cuda_source> cuda_source{};
inline constexpr static_format<format::host> host{};
inline constexpr static_format<format::metal_msl> metal_msl{};
}  // namespace formats

}  // namespace accy
