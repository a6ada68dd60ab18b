// SPDX-License-Identifier: Apache-2.0
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

/// Runtime scalars: n (u32, 1 to 2^31 - 1, as positions are i32) and the threshold, a T.
/// Operand 0: the input, n elements. Result 0: the kept elements, in order (room for n). Result 1:
/// their count, one u32. Intermediates: the flags and their inclusive scan (the positions), n i32
/// each, and the scan's tile sums and their scan, one i32 per tile.
template <class T>
struct definition {
    static constexpr std::string_view target = targets<T>::pipeline;
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;

    using runtime_scalars =
        accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::within<1, std::numeric_limits<std::int32_t>::max()>>,
                              accy::scalar<"threshold", T>>;
    using n = accy::forward<0>;
    using threshold = accy::forward<1>;
    using tiles = accy::ceil_div<n, compact_tile>;
    using operands = accy::operands<accy::shape<targets<T>::dtype, n>>;
    using results = accy::results<accy::shape<targets<T>::dtype, n>, accy::shape<accy::dtype::u32, accy::constant<1u>>>;
    using per_element = accy::shape<accy::dtype::i32, n>;
    using per_tile = accy::shape<accy::dtype::i32, tiles>;
    // flags, positions (their inclusive scan), tile sums of flags, scanned tile sums
    using intermediates = accy::intermediates<per_element, per_element, per_tile, per_tile>;
    using i32_scan = scan::targets<std::int32_t>;
    using stages = accy::stages<
        accy::stage<targets<T>::flag, 1, accy::intermediate<0>, accy::operand<0>, n, threshold>,
        accy::stage<i32_scan::block_scan, 1, accy::intermediate<1>, accy::intermediate<0>, accy::intermediate<2>, n>,
        accy::stage<i32_scan::sums_scan, 1, accy::intermediate<3>, accy::intermediate<2>, tiles>,
        accy::stage<i32_scan::add_base, 1, accy::intermediate<1>, accy::intermediate<3>, n>,
        accy::stage<targets<T>::scatter, 1, accy::result<0>, accy::result<1>, accy::operand<0>, accy::intermediate<1>, n>>;
};

template <class T>
using pipeline = accy::pipeline<definition<T>>;

}  // namespace accy_examples::compact
