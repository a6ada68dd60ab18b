// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::block_elements`, the elements that one block of a host kernel covers in a
// launch of one thread per element.
#pragma once

#include <accy/kernel/host_kernel.hpp>

#include <algorithm>
#include <cstdint>

namespace accy_examples {

/// The elements [begin, end) of `block` in a launch of one thread per element over n.
struct block_elements {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;

    block_elements(const accy::host_block& block, std::uint32_t n)
        : begin(block.block_index.x * block.block_dim.x), end(std::min(n, begin + block.block_dim.x)) {}
};

}  // namespace accy_examples
