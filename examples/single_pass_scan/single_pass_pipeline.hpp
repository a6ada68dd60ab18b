// SPDX-License-Identifier: Apache-2.0
// Defines the single-pass scan's registry and pipeline, `accy_examples::single_pass::pipeline<T>`:
// one stage, a scan with decoupled look-back over status words in a zero_filled workspace
// (signature in single_pass_config.hpp).
#pragma once

#include "common/registry.hpp"
#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "single_pass_scan/host_kernels.hpp"
#include "single_pass_scan/single_pass_config.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include <accy_examples/single_pass_cuda_kernels.hpp>
#endif

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace accy_examples::single_pass {

/// The single-pass scan's names for element type `T`: the pipeline's and the stage's
/// targets, and the CUDA kernel's symbol.
template <class T>
struct targets {
    static constexpr std::string_view pipeline = typed_name<"accy.examples.single_pass_scan", T>.view();
    static constexpr auto scan = typed_name<"accy.examples.single_pass_scan.scan", T>;
    static constexpr std::string_view cuda_symbol = typed_name<"accy_single_pass_scan", T, '_'>.view();
};

/// The scan's entry for `T` in `fmt`: its parameters in the kernel's order (single_pass_config.hpp).
template <class T>
constexpr accy::kernel_entry scan_entry(accy::format fmt, std::string_view name, accy::payload code) {
    using accy::access;
    using accy::parameter;
    return {targets<T>::scan.view(),
            1,
            fmt,
            name,
            {parameter::buffer("result", access::write, accy::dtype_of<T>),
             parameter::buffer("input", access::read, accy::dtype_of<T>),
             parameter::buffer("status", access::read_write, accy::dtype::u64), parameter::scalar("n", accy::dtype::u32)},
            code,
            over_tiles<tile>(3)};
}

inline constexpr std::array host_entries{
    scan_entry<float>(accy::format::host, "scan_tile<float>", accy::payload::from_host(host::scan_tile<float>)),
    scan_entry<std::int32_t>(accy::format::host, "scan_tile<int32>", accy::payload::from_host(host::scan_tile<std::int32_t>))};

#ifdef ACCY_EXAMPLES_WITH_CUDA
inline constexpr accy::payload cuda_module = accy::payload::from_image(code::single_pass_scan_fatbin);
inline constexpr std::array cuda_entries{
    scan_entry<float>(accy::format::cuda_fatbin, targets<float>::cuda_symbol, cuda_module),
    scan_entry<std::int32_t>(accy::format::cuda_fatbin, targets<std::int32_t>::cuda_symbol, cuda_module)};
inline constexpr auto kernels = registry_of(host_entries, cuda_entries);
#else
inline constexpr auto kernels = registry_of(host_entries);
#endif

/// Runtime scalar n (u32, as the kernel takes it). Operand 0: the input, n elements. Result 0: its
/// inclusive scan. Workspace 0: the scan kernel's status words, one per tile, zeroed before it runs.
template <class T>
struct definition {
    static constexpr std::string_view target = targets<T>::pipeline;
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;

    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype_of<T>, n>>;
    using results = accy::results<accy::shape<accy::dtype_of<T>, n>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<accy::dtype::u64, accy::ceil_div<n, tile::elements>>>>;
    using stages = accy::stages<
        accy::stage<targets<T>::scan, 1, accy::result<0>, accy::operand<0>, accy::workspace<0>, n>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::single_pass
