// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::immortal`, process-wide state that is made on first use and never destroyed.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace accy::detail {

/// A `T` made in place and never destroyed: the function-local static behind a process-wide
/// registry, which objects with static storage of their own may still use while they are destroyed
/// at exit. A static is destroyed before those made ahead of it, so a pool a program keeps in a
/// global would otherwise release its kernels into a registry that is already gone. What `T` holds
/// stays reachable from here until the process ends, so leak checkers do not report it.
template <class T>
class immortal {
public:
    template <class... Arguments>
    explicit immortal(Arguments&&... arguments) {
        std::construct_at(reinterpret_cast<T*>(storage_), std::forward<Arguments>(arguments)...);
    }
    immortal(const immortal&) = delete;
    immortal& operator=(const immortal&) = delete;

    T& get() noexcept { return *std::launder(reinterpret_cast<T*>(storage_)); }
    const T& get() const noexcept { return *std::launder(reinterpret_cast<const T*>(storage_)); }

private:
    alignas(T) std::byte storage_[sizeof(T)];
};

}  // namespace accy::detail
