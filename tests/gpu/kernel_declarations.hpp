// SPDX-License-Identifier: Apache-2.0
// Defines what the GPU tests' kernel declarations share: the library's names they use, the start of a
// pipeline's definition, and blocks of 256 threads.
#pragma once

#include "support/definition.hpp"

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_gpu_test {

using accy::access;
using accy::dtype;
using accy::grid_dim;
using accy::parameter;
using accy_test::definition;

inline constexpr std::uint32_t threads = 256;

/// Blocks of 256 threads covering the count in parameter `n_index`.
constexpr accy::launch_geometry blocks_of_256(std::uint32_t n_index) {
    return {{grid_dim::ceil_div(n_index, threads), grid_dim::fixed(1), grid_dim::fixed(1)}, {threads, 1, 1}};
}

}  // namespace accy_gpu_test
