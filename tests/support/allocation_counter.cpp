// SPDX-License-Identifier: Apache-2.0
// Replaces the global operator new of the executable it is linked into with one that counts its calls.
#include "support/allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::size_t> counted{0};

}  // namespace

std::size_t accy_test::allocations() noexcept { return counted.load(std::memory_order_relaxed); }

void* operator new(std::size_t size) {
    counted.fetch_add(1, std::memory_order_relaxed);
    if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }
