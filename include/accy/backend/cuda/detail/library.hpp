// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::libraries()`: each distinct payload loaded once as a context-independent
// `CUlibrary`, shared by every kernel, pool and backend that uses the same bytes, and unloaded with its last user.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/core/detail/immortal.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/format.hpp>

#include <cuda.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accy::cuda::detail {

/// The code a library loads: the payload's bytes, which identify it, and the bytes handed to the
/// driver (PTX without its own NUL is copied into a terminated string first); its format and its
/// kernel's name, for messages (`code_name`).
struct library_code {
    std::span<const unsigned char> bytes;
    const void* data = nullptr;
    format code_format = format::cuda_fatbin;
    std::string_view entry_name;
};

/// "the cuda_ptx of kernel 'k'": code that fails to load, for its error.
inline std::string code_name(format code_format, std::string_view entry_name) {
    return accy::detail::message({"the ", code_format, " of kernel '", entry_name, "'"});
}

/// "; JIT log:\n..." of code that does not load, for its error. A library leaves the JIT's log
/// buffers empty, so the code is loaded once more as a module of the current context, which fills them.
inline std::string jit_log_text(const driver_api& api, const library_code& code) {
    std::array<char, 16384> log{};
    std::array<CUjit_option, 2> options{CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    std::array<void*, 2> values{log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(log.size()))};
    CUmodule module = nullptr;
    if (api.module_load_data_ex(&module, code.data, static_cast<unsigned>(options.size()), options.data(),
                                values.data()) == CUDA_SUCCESS)
        api.module_unload(module);
    log.back() = '\0';
    const std::string_view text(log.data());
    return text.empty() ? std::string(" (the JIT log is empty)") : accy::detail::message({"; JIT log:\n", text});
}

/// The loaded libraries of the process, counted by users and told apart by their bytes, which each
/// keeps a copy of: the same payload at another address shares a library, and other bytes at the
/// address of a freed payload do not. Loading and unloading are cold and rare, so one mutex guards
/// the list; a launch never touches it.
class library_registry {
public:
    /// The library of `code`, loaded now if no user holds it yet; a failure carries the JIT's log.
    CUlibrary acquire(const driver_api& api, const library_code& code) {
        const std::lock_guard lock(mutex_);
        for (loaded& held : loaded_)
            if (std::ranges::equal(held.bytes, code.bytes)) {
                ++held.users;
                return held.library;
            }
        std::vector<unsigned char> bytes(code.bytes.begin(), code.bytes.end());
        loaded_.push_back({std::move(bytes), load(api, code), 1});
        return loaded_.back().library;
    }

    /// Drops one use of `library`, unloading it when that was the last.
    void release(const driver_api& api, CUlibrary library) noexcept {
        const std::lock_guard lock(mutex_);
        for (std::size_t i = 0; i < loaded_.size(); ++i) {
            if (loaded_[i].library != library) continue;
            if (--loaded_[i].users == 0) {
                api.library_unload(library);
                loaded_.erase(loaded_.begin() + static_cast<std::ptrdiff_t>(i));
            }
            return;
        }
    }

    /// How many distinct payloads are loaded now.
    std::size_t size() const {
        const std::lock_guard lock(mutex_);
        return loaded_.size();
    }

private:
    struct loaded {
        std::vector<unsigned char> bytes;
        CUlibrary library;
        std::size_t users;
    };

    static CUlibrary load(const driver_api& api, const library_code& code) {
        CUlibrary library = nullptr;
        if (const CUresult result = api.library_load_data(&library, code.data, nullptr, nullptr, 0, nullptr, nullptr, 0);
            result != CUDA_SUCCESS)
            fail(api, result, "cuLibraryLoadData", code_name(code.code_format, code.entry_name), " did not load",
                 jit_log_text(api, code));
        return library;
    }

    mutable std::mutex mutex_;
    std::vector<loaded> loaded_;
};

/// The process's libraries. Never destroyed, so that a pool or a kernel held in a static releases
/// its library at exit whatever the order of destruction.
inline library_registry& libraries() {
    static accy::detail::immortal<library_registry> instance;
    return instance.get();
}

}  // namespace accy::cuda::detail
