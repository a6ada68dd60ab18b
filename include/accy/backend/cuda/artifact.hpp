// SPDX-License-Identifier: Apache-2.0
// Defines the CUDA backend's `artifact` (what a kernel is made from), `kernel` (what it is loaded as)
// and `loaded_library_count`. How an artifact is made and loaded: detail/make_artifact.hpp, detail/load_kernel.hpp.
#pragma once

#include <accy/backend/cuda/detail/library.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/launch_attributes.hpp>
#include <accy/kernel/parameter.hpp>

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accy::cuda {

namespace detail {

/// A `cuda_source` payload compiled by NVRTC: what an artifact made from CUDA source shares.
struct compiled_source {
    std::vector<unsigned char> cubin;  ///< the image, loadable with cuModuleLoadDataEx / cuLibraryLoadData
    std::string lowered_name;          ///< the symbol to look up in it
};

/// Above this many bytes of dynamic shared memory a kernel must opt in (cuFuncSetAttribute).
inline constexpr std::uint64_t default_shared_memory_limit = 48 * 1024;

}  // namespace detail

/// What a kernel is made from: a payload in one CUDA format and what its entry declares. It views
/// the payload's bytes, which outlive the load (registry payloads are static); CUDA source is
/// compiled when the artifact is made, and the artifact shares the cubin it was compiled to.
struct artifact {
    accy::format format = format::cuda_fatbin;
    std::string_view entry_name;  ///< as the entry declares it
    std::string_view symbol;      ///< the name to look up: the entry's, or NVRTC's lowered name of it
    std::string_view ptx;                  ///< `cuda_ptx`
    std::span<const unsigned char> image;  ///< `cuda_cubin`, `cuda_fatbin`, and `cuda_source` once compiled
    std::shared_ptr<const detail::compiled_source> compiled;  ///< `cuda_source`
    parameter_list parameters{};
    dim3 block{};
    std::uint64_t shared_bytes = 0;  ///< the dynamic shared memory the entry's launches take
    launch_attributes attributes{};
};

/// A loaded kernel: the library it comes from and its function in the backend's context, found at
/// load so that a launch looks nothing up; the parameter count a launch must bind; the entry's
/// launch attributes, and for a cooperative kernel the most blocks that can be resident at once.
struct kernel {
    CUlibrary library = nullptr;
    CUfunction function = nullptr;
    std::size_t parameter_count = 0;
    launch_attributes attributes{};
    std::uint64_t resident_block_limit = 0;
};

/// How many distinct payloads the process has loaded now: every kernel, pool and backend that uses
/// one payload shares its library.
inline std::size_t loaded_library_count() { return detail::libraries().size(); }

}  // namespace accy::cuda
