// Defines the CUDA backend's `artifact` and `kernel`, and how a kernel is loaded: module, function and signature check.
#pragma once

#include <accy/backend/cuda/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/access.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>

#include <cuda.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace accy::cuda {

/// What a kernel is made from: a payload in one CUDA format and what its entry declares. It views
/// the payload's bytes and owns nothing, so the payload outlives the load (registry payloads are static).
struct artifact {
    accy::format format = format::cuda_fatbin;
    std::string_view entry_name;
    std::string_view ptx;                  ///< `cuda_ptx`
    std::span<const unsigned char> image;  ///< `cuda_cubin`, `cuda_fatbin`
    std::uint32_t buffer_count = 0;
    std::uint32_t scalar_count = 0;
    dim3 block{};
};

/// A loaded kernel: its module and function, found at load so that a launch looks nothing up,
/// and the parameter counts a launch must bind.
struct kernel {
    CUmodule module = nullptr;
    CUfunction function = nullptr;
    std::uint32_t buffer_count = 0;
    std::uint32_t scalar_count = 0;
};

namespace detail {

inline bool is_cuda_format(format fmt) noexcept {
    return fmt == format::cuda_ptx || fmt == format::cuda_cubin || fmt == format::cuda_fatbin;
}

/// The artifact of `entry` in `fmt` from `code`, checked for what can be checked without the driver.
inline artifact make_artifact(const kernel_entry& entry, format fmt, const payload& code) {
    const std::string entry_text =
        message("kernel entry '", entry.entry_name, "' (", entry.target, " v", entry.version, ")");
    if (!is_cuda_format(fmt))
        throw error(errc::unsupported_operation, message("the CUDA backend loads cuda_ptx, cuda_cubin and cuda_fatbin, not ",
                                                         to_string(fmt), " (", entry_text, ")"));
    if (entry.scalar_count > max_kernel_parameters)
        throw error(errc::invalid_artifact, message(entry_text, " declares ", entry.scalar_count,
                                                    " scalars, more than max_kernel_parameters (", max_kernel_parameters, ")"));
    artifact made{fmt, entry.entry_name, {}, {}, static_cast<std::uint32_t>(entry.buffers.size()), entry.scalar_count,
                  entry.launch.block};
    if (fmt == format::cuda_ptx) made.ptx = code.text;
    else made.image = code.image;
    if (made.ptx.empty() && made.image.empty())
        throw error(errc::invalid_artifact, message(entry_text, " has no ", to_string(fmt), " payload (",
                                                    fmt == format::cuda_ptx ? "PTX text" : "image bytes", " expected)"));
    return made;
}

/// Loads a module from PTX or an image; a failure carries the JIT's error log.
inline CUmodule load_module(const driver_api& api, const artifact& made) {
    // PTX is read as a C string: copy it when the payload's view does not end in its NUL.
    std::string terminated;
    const void* data = made.image.data();
    if (made.format == format::cuda_ptx) {
        if (made.ptx.back() == '\0') {
            data = made.ptx.data();
        } else {
            terminated = made.ptx;
            data = terminated.c_str();
        }
    }
    std::array<char, 16384> log{};
    std::array<CUjit_option, 2> options{CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    std::array<void*, 2> values{log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(log.size()))};
    CUmodule module = nullptr;
    const CUresult result =
        api.module_load_data_ex(&module, data, static_cast<unsigned>(options.size()), options.data(), values.data());
    if (result != CUDA_SUCCESS) {
        log.back() = '\0';
        const std::string_view jit_log(log.data());
        fail(api, result, "cuModuleLoadDataEx",
             message("the ", to_string(made.format), " of kernel '", made.entry_name, "' did not load",
                     jit_log.empty() ? std::string(" (the JIT log is empty)") : message("; JIT log:\n", jit_log)));
    }
    return module;
}

/// Compares the function's real parameters with the entry's: a device pointer (8 bytes) per buffer,
/// then 4 bytes per scalar. Needs cuFuncGetParamInfo (CUDA 12.4); older drivers skip the check.
inline void check_signature(const driver_api& api, CUfunction function, const artifact& made) {
    if (api.func_get_param_info == nullptr) return;
    const std::size_t expected = made.buffer_count + made.scalar_count;
    std::array<std::size_t, 2 * max_kernel_parameters> sizes{};
    std::size_t count = 0;
    for (;; ++count) {
        std::size_t offset = 0, size = 0;
        const CUresult result = api.func_get_param_info(function, count, &offset, &size);
        if (result == CUDA_ERROR_INVALID_VALUE) break;  // past the last parameter
        check(api, result, "cuFuncGetParamInfo");
        if (count < sizes.size()) sizes[count] = size;
    }
    bool matches = count == expected;
    for (std::size_t i = 0; matches && i < count; ++i) matches = sizes[i] == (i < made.buffer_count ? 8u : 4u);
    if (matches) return;
    const auto list = [](std::span<const std::size_t> values) {
        std::string text;
        for (const std::size_t value : values) text += message(text.empty() ? "" : ", ", value);
        return text.empty() ? std::string("none") : text;
    };
    std::array<std::size_t, 2 * max_kernel_parameters> declared{};
    for (std::size_t i = 0; i < expected; ++i) declared[i] = i < made.buffer_count ? 8 : 4;
    throw error(errc::launch_argument_mismatch,
                message("kernel '", made.entry_name, "' takes ", count, " parameters of sizes (",
                        list(std::span(sizes).first(std::min(count, sizes.size()))), ") bytes, but its entry declares ",
                        made.buffer_count, " buffers and ", made.scalar_count, " scalars: ", expected,
                        " parameters of sizes (", list(std::span(declared).first(expected)), ") bytes"));
}

/// The entry's block must fit the function: cuLaunchKernel would refuse it on every launch.
inline void check_block(const driver_api& api, CUfunction function, const artifact& made) {
    int max_threads = 0;
    check(api, api.func_get_attribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function),
          "cuFuncGetAttribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)");
    const std::uint64_t threads = std::uint64_t{made.block.x} * made.block.y * made.block.z;
    if (threads == 0 || threads > static_cast<std::uint64_t>(max_threads))
        throw error(errc::launch_argument_mismatch,
                    message("kernel '", made.entry_name, "': its entry's block of ", made.block.x, " x ", made.block.y,
                            " x ", made.block.z, " = ", threads, " threads is outside the function's 1 to ", max_threads));
}

/// Loads `made` into a kernel: the module, its function, then the checks; a failure unloads the module.
inline kernel load_kernel(const driver_api& api, const artifact& made) {
    const CUmodule module = load_module(api, made);
    try {
        const std::string name(made.entry_name);
        CUfunction function = nullptr;
        if (const CUresult result = api.module_get_function(&function, module, name.c_str()); result != CUDA_SUCCESS)
            fail(api, result, "cuModuleGetFunction",
                 message("the ", to_string(made.format), " has no kernel named '", name, "'"));
        check_signature(api, function, made);
        check_block(api, function, made);
        return {module, function, made.buffer_count, made.scalar_count};
    } catch (...) {
        api.module_unload(module);
        throw;
    }
}

}  // namespace detail

}  // namespace accy::cuda
