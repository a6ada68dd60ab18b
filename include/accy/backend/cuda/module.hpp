// SPDX-License-Identifier: Apache-2.0
// Defines the CUDA backend's `artifact` and `kernel`, and how a kernel is loaded: module, function and signature check.
#pragma once

#include <accy/backend/cuda/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/parameter.hpp>
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
    parameter_list parameters{};
    dim3 block{};
    std::uint64_t shared_bytes = 0;  ///< the dynamic shared memory the entry's launches take
};

/// A loaded kernel: its module and function, found at load so that a launch looks nothing up,
/// and the parameter count a launch must bind.
struct kernel {
    CUmodule module = nullptr;
    CUfunction function = nullptr;
    std::size_t parameter_count = 0;
};

/// Above this many bytes of dynamic shared memory a kernel must opt in (cuFuncSetAttribute).
inline constexpr std::uint64_t default_shared_memory_limit = 48 * 1024;

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
    artifact made{fmt, entry.entry_name, {}, {}, entry.parameters, entry.launch.block,
                  entry.launch.shared.total(entry.launch.block)};
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
        if (!made.ptx.empty() && made.ptx.back() == '\0') {
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

/// "0 'x' at 0 (8 bytes), 1 'n' at 8 (4 bytes)": a parameter layout, for messages.
inline std::string describe_layout(std::span<const std::size_t> offsets, std::span<const std::size_t> sizes,
                                   const parameter_list* names) {
    std::string text;
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        text += message(i == 0 ? "" : ", ", i);
        if (names != nullptr) text += message(" '", (*names)[i].name, "'");
        text += message(" at ", offsets[i], " (", sizes[i], " bytes)");
    }
    return text.empty() ? std::string("no parameters") : text;
}

/// Compares the function's real parameters (offset and size of each, from the driver) with the
/// entry's declaration, and reports both layouts, with the declared names, when they differ.
/// Needs cuFuncGetParamInfo (CUDA 12.4); older drivers skip the check.
inline void check_signature(const driver_api& api, CUfunction function, const artifact& made) {
    if (api.func_get_param_info == nullptr) return;
    const parameter_list& declared = made.parameters;
    std::array<std::size_t, max_kernel_parameters + 1> offsets{}, sizes{};
    std::size_t count = 0;
    bool matches = true;
    // One past the declared parameters, to learn whether the function takes more.
    for (; count <= declared.size(); ++count) {
        const CUresult result = api.func_get_param_info(function, count, &offsets[count], &sizes[count]);
        if (result == CUDA_ERROR_INVALID_VALUE) break;  // past the function's last parameter
        check(api, result, "cuFuncGetParamInfo");
        if (count == declared.size() || offsets[count] != declared.offset(count) || sizes[count] != declared[count].size)
            matches = false;
    }
    if (matches && count == declared.size()) return;
    std::array<std::size_t, max_kernel_parameters> declared_offsets{}, declared_sizes{};
    for (std::size_t i = 0; i < declared.size(); ++i) {
        declared_offsets[i] = declared.offset(i);
        declared_sizes[i] = declared[i].size;
    }
    const bool more = count > declared.size();
    throw error(errc::launch_argument_mismatch,
                message("kernel '", made.entry_name, "' takes ", more ? "at least " : "", count, " parameters: ",
                        describe_layout(std::span(offsets).first(count), std::span(sizes).first(count), nullptr),
                        more ? ", ..." : "", "; its entry declares ", declared.size(), ": ",
                        describe_layout(std::span(declared_offsets).first(declared.size()),
                                        std::span(declared_sizes).first(declared.size()), &declared)));
}

/// Opts the function in to the entry's dynamic shared memory where it is above the default 48 KiB;
/// the driver refuses what the device cannot give.
inline void allow_shared_memory(const driver_api& api, CUfunction function, const artifact& made) {
    if (made.shared_bytes <= default_shared_memory_limit) return;
    if (const CUresult result = api.func_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                       static_cast<int>(made.shared_bytes));
        result != CUDA_SUCCESS)
        fail(api, result, "cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)",
             message("kernel '", made.entry_name, "' asks for ", made.shared_bytes, " bytes of dynamic shared memory"));
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
        allow_shared_memory(api, function, made);
        return {module, function, made.parameters.size()};
    } catch (...) {
        api.module_unload(module);
        throw;
    }
}

}  // namespace detail

}  // namespace accy::cuda
