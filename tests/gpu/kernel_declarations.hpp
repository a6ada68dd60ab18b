// SPDX-License-Identifier: Apache-2.0
// Defines what the GPU tests' kernel declarations share: the library's names they use and their
// blocks of 256 threads.
#pragma once

#include <accy/accy.hpp>

#include <cstdint>

namespace accy_gpu_test {

using accy::access;
using accy::dtype;
using accy::grid_dim;
using accy::parameter;

inline constexpr std::uint32_t threads = 256;

}  // namespace accy_gpu_test
