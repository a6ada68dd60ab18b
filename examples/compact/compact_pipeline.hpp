// Defines the compact example's registry and pipeline, `accy_examples::compact::pipeline<T>`: stream
// compaction in five stages, flag -> the scan's three -> scatter (signatures in compact_config.hpp).
#pragma once

#include "common/registry.hpp"
#include "compact/compact_config.hpp"
#include "compact/compact_entries.hpp"
#include "compact/host_kernels.hpp"
#include "scan/host_kernels.hpp"
#include "scan/scan_entries.hpp"
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include "compact/cuda/compact_cuda.hpp"
#include "scan/cuda/scan_cuda.hpp"
#endif

#include <accy/accy.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

namespace accy_examples::compact {

/// Every kernel the compaction knows: the scan's i32 kernels and its own, the host's, and CUDA's
/// where the examples are built with it.
#ifdef ACCY_EXAMPLES_WITH_CUDA
inline constexpr auto kernels =
    registry_of(scan::host::entries<std::int32_t>(), host::entries<float>(), host::entries<std::int32_t>(),
                scan::cuda::entries<std::int32_t>(), cuda::entries<float>(), cuda::entries<std::int32_t>());
#else
inline constexpr auto kernels =
    registry_of(scan::host::entries<std::int32_t>(), host::entries<float>(), host::entries<std::int32_t>());
#endif

/// Operand 0: the input, n elements. Result 0: the kept elements, in order (room for n). Result 1:
/// their count, one u32. Runtime scalars: n, and the threshold's bits (std::bit_cast to u32).
template <class T>
struct definition {
    static constexpr std::string_view target = targets<T>::pipeline;
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    static constexpr std::size_t operand_count = 1, result_count = 2, runtime_scalar_count = 2;

    using per_element = accy::scratch<accy::dtype::i32, accy::forward<0>>;
    using per_tile = accy::scratch<accy::dtype::i32, accy::ceil_div<0, compact_tile>>;
    // flags, positions (their inclusive scan), tile sums of flags, scanned tile sums
    using intermediates = accy::intermediates<per_element, per_element, per_tile, per_tile>;
    using i32_scan = scan::targets<std::int32_t>;
    using stages = accy::stages<
        accy::stage<targets<T>::flag, 1, accy::buffers<accy::intermediate<0>, accy::operand<0>>,
                    accy::scalars<accy::forward<0>, accy::forward<1>>>,
        accy::stage<i32_scan::block_scan, 1, accy::buffers<accy::intermediate<1>, accy::intermediate<0>, accy::intermediate<2>>,
                    accy::scalars<accy::forward<0>>>,
        accy::stage<i32_scan::sums_scan, 1, accy::buffers<accy::intermediate<3>, accy::intermediate<2>>,
                    accy::scalars<accy::ceil_div<0, compact_tile>>>,
        accy::stage<i32_scan::add_base, 1, accy::buffers<accy::intermediate<1>, accy::intermediate<3>>,
                    accy::scalars<accy::forward<0>>>,
        accy::stage<targets<T>::scatter, 1,
                    accy::buffers<accy::result<0>, accy::result<1>, accy::operand<0>, accy::intermediate<1>>,
                    accy::scalars<accy::forward<0>>>>;
    // Positions are i32.
    using bounds = accy::bounds<accy::max_u32<0, std::numeric_limits<std::int32_t>::max()>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::compact
