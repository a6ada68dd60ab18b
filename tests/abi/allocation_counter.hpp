// SPDX-License-Identifier: Apache-2.0
// Declares `accy_abi::allocations`, the number of calls of the global operator new in this
// executable so far (allocation_counter.cpp replaces it), for checking that hot launches allocate nothing.
#pragma once

#include <cstddef>

namespace accy_abi {

std::size_t allocations() noexcept;

}  // namespace accy_abi
