// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::look_back_tile`, the tile of the compaction's kernel, which holds it in
// registers while it finds what the tiles before its own keep by decoupled look-back: the shape for
// which common/cuda/look_back.cuh's blocks per multiprocessor were measured (the single-pass scan has
// its own tiles, single_pass_scan/single_pass_config.hpp). Only <cstdint> here: CUDA kernels include it.
#pragma once

#include "common/tile_shape.hpp"

#include <cstdint>

namespace accy_examples {

/// 256 threads of 32 elements: 8192 elements.
using look_back_tile = tile_shape<256, 32>;

}  // namespace accy_examples
