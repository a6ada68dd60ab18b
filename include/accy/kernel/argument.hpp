// SPDX-License-Identifier: Apache-2.0
// Defines `accy::kernel_argument`, the value one kernel parameter gets at a launch.
#pragma once

#include <accy/core/buffer.hpp>

#include <cstddef>

namespace accy {

/// What a backend passes for one parameter: `value` points at the bytes the kernel receives (a
/// buffer's device address, a scalar, by-value bytes), `size` of them; a buffer parameter also
/// carries the view that was bound. A tensor map's `value` holds an `accy::tensor_map_description`
/// of its `buffer`, which a backend of real tensor maps encodes (the CUDA backend: a `CUtensorMap`)
/// and the others pass as it is. Points into the launch's own storage, valid during the launch.
struct kernel_argument {
    const void* value = nullptr;
    std::size_t size = 0;
    accy::buffer buffer{};
    bool tensor_map = false;
};

}  // namespace accy
