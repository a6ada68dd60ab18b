// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::compile_cuda_source`, which compiles CUDA C++ to a cubin through NVRTC, loaded at run time.
#pragma once

#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <dlfcn.h>
#include <nvrtc.h>  // for the types only: nothing links against libnvrtc

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace accy::cuda::detail {

/// The NVRTC entry points accy calls, resolved by name from the library `nvrtc()` opened.
struct nvrtc_api {
    decltype(&::nvrtcVersion) version = nullptr;
    decltype(&::nvrtcGetErrorString) get_error_string = nullptr;
    decltype(&::nvrtcCreateProgram) create_program = nullptr;
    decltype(&::nvrtcDestroyProgram) destroy_program = nullptr;
    decltype(&::nvrtcCompileProgram) compile_program = nullptr;
    decltype(&::nvrtcGetProgramLogSize) get_program_log_size = nullptr;
    decltype(&::nvrtcGetProgramLog) get_program_log = nullptr;
    decltype(&::nvrtcGetCUBINSize) get_cubin_size = nullptr;
    decltype(&::nvrtcGetCUBIN) get_cubin = nullptr;
    decltype(&::nvrtcAddNameExpression) add_name_expression = nullptr;
    decltype(&::nvrtcGetLoweredName) get_lowered_name = nullptr;
    int major = 0;  ///< NVRTC's own version, for messages
    int minor = 0;
};

/// NVRTC's table, or why there is none.
struct loaded_nvrtc {
    nvrtc_api api;
    std::string failure;  ///< empty when NVRTC loaded
};

inline loaded_nvrtc load_nvrtc() {
    loaded_nvrtc loaded;
    // Never closed: NVRTC stays loaded for the life of the process, as if linked. The unversioned
    // name comes last; it exists only where the toolkit's development files are installed.
    void* library = nullptr;
    std::string reasons;
    for (const char* name : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"}) {
        library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (library != nullptr) break;
        const char* reason = dlerror();
        accy::detail::append(reasons, {reasons.empty() ? "" : "; ", reason != nullptr ? reason : name});
    }
    if (library == nullptr) {
        loaded.failure = accy::detail::message({"NVRTC (libnvrtc.so.13/12) was not found; is the CUDA toolkit's "
                                                "runtime compiler installed? (dlopen: ", reasons, ")"});
        return loaded;
    }
    const auto resolve = [&](const char* symbol, auto& function) {
        function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(library, symbol));
        if (function == nullptr && loaded.failure.empty())
            loaded.failure =
                accy::detail::message({"NVRTC (libnvrtc) has no ", symbol, ": a CUDA 12 or later NVRTC is needed"});
    };
    nvrtc_api& api = loaded.api;
    resolve("nvrtcVersion", api.version);
    resolve("nvrtcGetErrorString", api.get_error_string);
    resolve("nvrtcCreateProgram", api.create_program);
    resolve("nvrtcDestroyProgram", api.destroy_program);
    resolve("nvrtcCompileProgram", api.compile_program);
    resolve("nvrtcGetProgramLogSize", api.get_program_log_size);
    resolve("nvrtcGetProgramLog", api.get_program_log);
    resolve("nvrtcGetCUBINSize", api.get_cubin_size);
    resolve("nvrtcGetCUBIN", api.get_cubin);
    resolve("nvrtcAddNameExpression", api.add_name_expression);
    resolve("nvrtcGetLoweredName", api.get_lowered_name);
    if (loaded.failure.empty() && api.version(&api.major, &api.minor) != NVRTC_SUCCESS) api.major = api.minor = 0;
    return loaded;
}

/// NVRTC, loaded on the first call (thread-safe); every later call returns the same table. Throws
/// `errc::runtime_unavailable`, saying why, where there is no usable libnvrtc.
inline const nvrtc_api& nvrtc() {
    static const loaded_nvrtc loaded = load_nvrtc();
    if (!loaded.failure.empty()) throw error(errc::runtime_unavailable, loaded.failure);
    return loaded.api;
}

/// An NVRTC program, destroyed on every path out of a compile, a throw included.
struct nvrtc_program {
    const nvrtc_api& api;
    nvrtcProgram handle = nullptr;
    explicit nvrtc_program(const nvrtc_api& nvrtc) : api(nvrtc) {}
    nvrtc_program(const nvrtc_program&) = delete;
    nvrtc_program& operator=(const nvrtc_program&) = delete;
    ~nvrtc_program() {
        if (handle != nullptr) api.destroy_program(&handle);
    }
};

/// "NVRTC_ERROR_COMPILATION": NVRTC's name of a result.
inline std::string result_text(const nvrtc_api& api, nvrtcResult result) {
    const char* text = api.get_error_string(result);
    return text != nullptr ? std::string(text) : accy::detail::message({"nvrtcResult ", static_cast<int>(result)});
}

/// The compile log of `program`, without its terminating NUL; empty where there is none.
inline std::string compile_log(const nvrtc_program& program) {
    std::size_t size = 0;
    if (program.api.get_program_log_size(program.handle, &size) != NVRTC_SUCCESS || size <= 1) return {};
    std::string log(size, '\0');
    if (program.api.get_program_log(program.handle, log.data()) != NVRTC_SUCCESS) return {};
    log.resize(size - 1);
    return log;
}

[[noreturn, gnu::cold, gnu::noinline]] inline void fail(const nvrtc_api& api, nvrtcResult result, std::string_view call,
                                                         std::string_view entry, std::string_view arch) {
    throw error(errc::invalid_artifact, accy::detail::message({call, " failed with ", result_text(api, result),
                                                               " for the kernel '", entry, "' (", arch, ")"}));
}

/// Compiles `source` for sm_<major><minor> and returns the cubin and the lowered (mangled) name of
/// `entry_name`, a name expression (an extern "C" kernel's name, or e.g. "scale<float>"). Throws
/// `errc::invalid_artifact` (with NVRTC's full log where the compile failed) when the source does not
/// compile or the entry names no kernel in it, and `errc::runtime_unavailable` where there is no NVRTC.
inline compiled_source compile_cuda_source(std::string_view source, std::string_view entry_name, int major,
                                           int minor) {
    const nvrtc_api& api = nvrtc();
    const std::string arch = accy::detail::message({"sm_", major, minor});
    const std::string entry(entry_name);
    // NVRTC reads a NUL-terminated string and the view need not be one. With no name, the log calls
    // the source "default_program".
    const std::string text(source);
    nvrtc_program program(api);
    if (const nvrtcResult result = api.create_program(&program.handle, text.c_str(), nullptr, 0, nullptr, nullptr);
        result != NVRTC_SUCCESS)
        fail(api, result, "nvrtcCreateProgram", entry, arch);
    // Before the compile, which instantiates the expression (a template's arguments) and records its name.
    if (const nvrtcResult result = api.add_name_expression(program.handle, entry.c_str()); result != NVRTC_SUCCESS)
        fail(api, result, "nvrtcAddNameExpression", entry, arch);

    // A real architecture, so that the result is a cubin that loads with no JIT. The dialect is that
    // of the kernels accy_add_kernels builds with nvcc; NVRTC 12.0 and later accept it.
    const std::string arch_option = accy::detail::message({"--gpu-architecture=", arch});
    const char* const options[] = {arch_option.c_str(), "-std=c++20"};
    if (const nvrtcResult result = api.compile_program(program.handle, 2, options); result != NVRTC_SUCCESS) {
        const std::string log = compile_log(program);
        throw error(errc::invalid_artifact,
                    accy::detail::message({"NVRTC ", api.major, ".", api.minor, " could not compile the kernel '", entry,
                                           "' for ", arch, " (", result_text(api, result), "); its log:\n",
                                           log.empty() ? "(empty)" : log}));
    }

    compiled_source compiled;
    const char* lowered = nullptr;
    if (api.get_lowered_name(program.handle, entry.c_str(), &lowered) != NVRTC_SUCCESS || lowered == nullptr)
        throw error(errc::invalid_artifact,
                    accy::detail::message({"NVRTC has no lowered name for the kernel '", entry, "' (", arch,
                                           "): is it the name of a __global__ function in the source?"}));
    compiled.lowered_name = lowered;  // copied: the program owns the string
    std::size_t size = 0;
    if (const nvrtcResult result = api.get_cubin_size(program.handle, &size); result != NVRTC_SUCCESS)
        fail(api, result, "nvrtcGetCUBINSize", entry, arch);
    compiled.cubin.resize(size);
    if (const nvrtcResult result = api.get_cubin(program.handle, reinterpret_cast<char*>(compiled.cubin.data()));
        result != NVRTC_SUCCESS)
        fail(api, result, "nvrtcGetCUBIN", entry, arch);
    return compiled;
}

}  // namespace accy::cuda::detail
