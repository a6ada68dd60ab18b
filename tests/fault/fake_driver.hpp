// SPDX-License-Identifier: Apache-2.0
// Defines `accy_fault::fake_driver()`, the fault sweep's handle on the fake CUDA driver that accy loads as
// libcuda.so.1: its control interface (fake_cuda.h), resolved with dlsym.
#pragma once

#include "fault/fake_cuda.h"

#include <dlfcn.h>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace accy_fault {

/// The fake's control functions (fake_cuda.h says what each does).
struct fake_driver_controls {
    decltype(&accy_fake_cuda_fail) fail = nullptr;
    decltype(&accy_fake_cuda_calls) calls = nullptr;
    decltype(&accy_fake_cuda_call_name) call_name = nullptr;
    decltype(&accy_fake_cuda_live) live = nullptr;
    decltype(&accy_fake_cuda_misuses) misuses = nullptr;
    decltype(&accy_fake_cuda_first_misuse) first_misuse = nullptr;
    decltype(&accy_fake_cuda_current_context) current_context = nullptr;
    decltype(&accy_fake_cuda_hide) hide = nullptr;
    decltype(&accy_fake_cuda_symbol_asked) symbol_asked = nullptr;
};

/// The library that dlopen("libcuda.so.1") finds, as accy opens it, and its control functions; throws
/// where that library is not the fake (a real driver first in the search path). Opened in the test
/// process, which never calls an entry point: each child of the sweep inherits it untouched, and accy
/// in the child initializes its driver table, cuInit included, on the child's own copy.
inline const fake_driver_controls& fake_driver() {
    static const fake_driver_controls controls = [] {
        void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);  // never closed, as accy never closes it
        if (library == nullptr) throw std::runtime_error(std::string("dlopen(\"libcuda.so.1\"): ") + dlerror());
        fake_driver_controls resolved;
        const auto resolve = [library](auto& function, const char* name) {
            function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(library, name));
            if (function == nullptr)
                throw std::runtime_error(std::string("the libcuda.so.1 that dlopen finds has no ") + name +
                                         ": it is not the fake driver of tests/fault (ctest puts the fake's folder first "
                                         "in LD_LIBRARY_PATH; run the test through ctest)");
        };
        resolve(resolved.fail, "accy_fake_cuda_fail");
        resolve(resolved.calls, "accy_fake_cuda_calls");
        resolve(resolved.call_name, "accy_fake_cuda_call_name");
        resolve(resolved.live, "accy_fake_cuda_live");
        resolve(resolved.misuses, "accy_fake_cuda_misuses");
        resolve(resolved.first_misuse, "accy_fake_cuda_first_misuse");
        resolve(resolved.current_context, "accy_fake_cuda_current_context");
        resolve(resolved.hide, "accy_fake_cuda_hide");
        resolve(resolved.symbol_asked, "accy_fake_cuda_symbol_asked");
        return resolved;
    }();
    return controls;
}

}  // namespace accy_fault
