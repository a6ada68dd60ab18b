// Defines the single-pass scan's registry and pipeline, `accy_examples::single_pass::pipeline<T>`:
// init_tile_status -> single_pass_scan (decoupled look-back; signatures in single_pass_config.hpp).
#pragma once

#include "common/registry.hpp"
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


template <class T>
struct targets;

template <>
struct targets<float> {
    static constexpr accy::dtype dtype = accy::dtype::f32;
    static constexpr std::string_view pipeline = "accy.examples.single_pass_scan.f32";
    static constexpr accy::fixed_string scan = "accy.examples.single_pass_scan.scan.f32";
    static constexpr std::string_view cuda_symbol = "accy_single_pass_scan_f32";
};

template <>
struct targets<std::int32_t> {
    static constexpr accy::dtype dtype = accy::dtype::i32;
    static constexpr std::string_view pipeline = "accy.examples.single_pass_scan.i32";
    static constexpr accy::fixed_string scan = "accy.examples.single_pass_scan.scan.i32";
    static constexpr std::string_view cuda_symbol = "accy_single_pass_scan_i32";
};

inline constexpr accy::fixed_string init_target = "accy.examples.single_pass_scan.init_tile_status";

inline constexpr accy::launch_geometry over_status_words{
    {accy::grid_dim::ceil_div(0, init_threads), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)}, {init_threads, 1, 1}};
inline constexpr accy::launch_geometry over_tiles{
    {accy::grid_dim::ceil_div(0, tile), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)}, {block_threads, 1, 1}};

constexpr accy::kernel_entry init_entry(accy::format fmt, std::string_view name, accy::payload code) {
    return {init_target.view(), 1, fmt, name, {accy::access::write}, 1, code, over_status_words};
}

template <class T>
constexpr accy::kernel_entry scan_entry(accy::format fmt, std::string_view name, accy::payload code) {
    using accy::access;
    return {targets<T>::scan.view(), 1, fmt, name, {access::write, access::read, access::read_write}, 1, code, over_tiles};
}

inline constexpr std::array host_entries{
    init_entry(accy::format::host, "init_tile_status", accy::payload::from_host(host::init_tile_status)),
    scan_entry<float>(accy::format::host, "scan_tile<float>", accy::payload::from_host(host::scan_tile<float>)),
    scan_entry<std::int32_t>(accy::format::host, "scan_tile<int32>", accy::payload::from_host(host::scan_tile<std::int32_t>))};

#ifdef ACCY_EXAMPLES_WITH_CUDA
inline constexpr accy::payload cuda_module = accy::payload::from_image(code::single_pass_scan_fatbin);
inline constexpr std::array cuda_entries{
    init_entry(accy::format::cuda_fatbin, "accy_single_pass_init_tile_status", cuda_module),
    scan_entry<float>(accy::format::cuda_fatbin, targets<float>::cuda_symbol, cuda_module),
    scan_entry<std::int32_t>(accy::format::cuda_fatbin, targets<std::int32_t>::cuda_symbol, cuda_module)};
inline constexpr auto kernels = registry_of(host_entries, cuda_entries);
#else
inline constexpr auto kernels = registry_of(host_entries);
#endif

/// Operand 0: the input, n elements. Result 0: its inclusive scan. Runtime scalar 0: n. One
/// intermediate: a status word per tile, cleared by the first stage and used by the second.
template <class T>
struct definition {
    static constexpr std::string_view target = targets<T>::pipeline;
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    static constexpr std::size_t operand_count = 1, result_count = 1, runtime_scalar_count = 1;

    using intermediates = accy::intermediates<accy::scratch<accy::dtype::u64, accy::ceil_div<0, tile>>>;
    using stages = accy::stages<
        accy::stage<init_target, 1, accy::buffers<accy::intermediate<0>>, accy::scalars<accy::ceil_div<0, tile>>>,
        accy::stage<targets<T>::scan, 1, accy::buffers<accy::result<0>, accy::operand<0>, accy::intermediate<0>>,
                    accy::scalars<accy::forward<0>>>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::single_pass
