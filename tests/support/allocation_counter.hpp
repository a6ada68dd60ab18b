// SPDX-License-Identifier: Apache-2.0
// Declares `accy_test::allocations`, the number of calls of the global operator new in this executable so far
// (allocation_counter.cpp, linked into the executable, replaces it), for checking that hot launches allocate nothing.
#pragma once

#include <cstddef>

namespace accy_test {

std::size_t allocations() noexcept;

}  // namespace accy_test
