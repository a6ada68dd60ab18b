// SPDX-License-Identifier: Apache-2.0
// Defines the CUDA backend's `artifact` and `kernel`, and how a kernel is loaded: library, function,
// and the checks of the entry's declaration against them.
#pragma once

#include <accy/backend/cuda/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/library.hpp>
#include <accy/backend/cuda/message.hpp>
#include <accy/backend/cuda/nvrtc.hpp>
#include <accy/backend/cuda/ptx.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/launch_attributes.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/payload.hpp>

#include <cuda.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace accy::cuda {

/// What a kernel is made from: a payload in one CUDA format and what its entry declares. It views
/// the payload's bytes, which outlive the load (registry payloads are static); CUDA source is
/// compiled when the artifact is made, and the artifact shares the cubin it was compiled to.
struct artifact {
    accy::format format = format::cuda_fatbin;
    std::string_view entry_name;  ///< as the entry declares it
    std::string_view symbol;      ///< the name to look up: the entry's, or NVRTC's lowered name of it
    std::string_view ptx;                  ///< `cuda_ptx`
    std::span<const unsigned char> image;  ///< `cuda_cubin`, `cuda_fatbin`, and `cuda_source` once compiled
    std::shared_ptr<const detail::compiled_source> compiled;  ///< `cuda_source`
    parameter_list parameters{};
    dim3 block{};
    std::uint64_t shared_bytes = 0;  ///< the dynamic shared memory the entry's launches take
    launch_attributes attributes{};
};

/// A loaded kernel: the library it comes from and its function in the backend's context, found at
/// load so that a launch looks nothing up; the parameter count a launch must bind; the entry's
/// launch attributes, and for a cooperative kernel the most blocks that can be resident at once.
struct kernel {
    CUlibrary library = nullptr;
    CUfunction function = nullptr;
    std::size_t parameter_count = 0;
    launch_attributes attributes{};
    std::uint64_t resident_block_limit = 0;
};

/// Above this many bytes of dynamic shared memory a kernel must opt in (cuFuncSetAttribute).
inline constexpr std::uint64_t default_shared_memory_limit = 48 * 1024;

namespace detail {

inline bool is_cuda_format(format fmt) noexcept {
    return fmt == format::cuda_ptx || fmt == format::cuda_cubin || fmt == format::cuda_fatbin ||
           fmt == format::cuda_source;
}

/// The artifact of `entry` in `fmt` from `code`, checked for what can be checked without the
/// driver; CUDA source is compiled by NVRTC for compute capability `major.minor`.
inline artifact make_artifact(const kernel_entry& entry, format fmt, const payload& code, int major, int minor) {
    const std::string entry_text =
        message("kernel entry '", entry.entry_name, "' (", entry.target, " v", entry.version, ")");
    if (!is_cuda_format(fmt))
        throw error(errc::unsupported_operation,
                    message("the CUDA backend loads cuda_ptx, cuda_cubin, cuda_fatbin and cuda_source, not ",
                            to_string(fmt), " (", entry_text, ")"));
    artifact made{fmt, entry.entry_name, entry.entry_name, {}, {}, nullptr, entry.parameters, entry.launch.block,
                  entry.launch.shared.total(entry.launch.block), entry.attributes};
    const bool textual = fmt == format::cuda_ptx || fmt == format::cuda_source;
    if (textual ? code.text.empty() : code.image.empty())
        throw error(errc::invalid_artifact, message(entry_text, " has no ", to_string(fmt), " payload (",
                                                    textual ? "text" : "image bytes", " expected)"));
    if (fmt == format::cuda_ptx) {
        made.ptx = code.text;
    } else if (fmt == format::cuda_source) {
        made.compiled = std::make_shared<const compiled_source>(compile_cuda_source(code.text, entry.entry_name, major, minor));
        made.image = made.compiled->cubin;
        made.symbol = made.compiled->lowered_name;
    } else {
        made.image = code.image;
    }
    return made;
}

/// "the cuda_ptx of kernel 'k'", for messages.
inline std::string describe_code(const artifact& made) {
    return message("the ", to_string(made.format), " of kernel '", made.entry_name, "'");
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

/// The `.entry` of `made`'s PTX text, where the parser reads it, after checking that a kernel declared
/// waits_on_predecessor waits (`griddepcontrol.wait`). None where the text has no such `.entry`
/// the parser reads: the driver then has the last word.
inline std::optional<ptx_entry> read_ptx_entry(const artifact& made) {
    std::optional<ptx_entry> found = find_ptx_entry(made.ptx, made.symbol);
    if (found && made.attributes.waits_on_predecessor && !found->waits_on_predecessor)
        throw error(errc::invalid_artifact,
                    message("kernel '", made.entry_name, "' is declared waits_on_predecessor, but its PTX has no "
                            "griddepcontrol.wait (cudaGridDependencySynchronize()): launched early, it would race with "
                            "the stage before it"));
    return found;
}

/// Compares the function's real parameters (offset and size of each, from the driver) with the
/// entry's declaration, and reports both layouts, with the declared names, when they differ.
/// `known_count` is the function's parameter count where PTX told it, else cuFuncGetParamCount's
/// (CUDA 13.2); where neither tells, the driver is asked for one parameter past the declared ones,
/// which it answers with CUDA_ERROR_INVALID_VALUE when there is none (compute-sanitizer reports
/// that answer as an API error). Needs cuFuncGetParamInfo (CUDA 12.4); older drivers skip the check.
inline void check_signature(const driver_api& api, CUfunction function, const artifact& made,
                            std::optional<std::size_t> known_count) {
    if (api.func_get_param_info == nullptr) return;
    if (std::size_t count = 0; !known_count && api.func_get_param_count != nullptr) {
        check(api, api.func_get_param_count(function, &count), "cuFuncGetParamCount");
        known_count = count;
    }
    const parameter_list& declared = made.parameters;
    std::array<std::size_t, max_kernel_parameters + 1> offsets{}, sizes{};
    const std::size_t asked = std::min(known_count.value_or(declared.size() + 1), offsets.size());
    std::size_t count = 0;
    bool matches = true;
    for (; count < asked; ++count) {
        const CUresult result = api.func_get_param_info(function, count, &offsets[count], &sizes[count]);
        if (result == CUDA_ERROR_INVALID_VALUE) break;  // past the function's last parameter
        check(api, result, "cuFuncGetParamInfo");
        if (count >= declared.size() || offsets[count] != declared.offset(count) || sizes[count] != declared[count].size)
            matches = false;
    }
    if (matches && count == declared.size()) return;
    std::array<std::size_t, max_kernel_parameters> declared_offsets{}, declared_sizes{};
    for (std::size_t i = 0; i < declared.size(); ++i) {
        declared_offsets[i] = declared.offset(i);
        declared_sizes[i] = declared[i].size;
    }
    const bool more = !known_count && count > declared.size();  // one past the declared ones answered
    throw error(errc::launch_argument_mismatch,
                message("kernel '", made.entry_name, "' takes ", more ? "at least " : "", count, " parameters: ",
                        describe_layout(std::span(offsets).first(count), std::span(sizes).first(count), nullptr),
                        more ? ", ..." : "", "; its entry declares ", declared.size(), ": ",
                        describe_layout(std::span(declared_offsets).first(declared.size()),
                                        std::span(declared_sizes).first(declared.size()), &declared)));
}

inline int device_attribute(const driver_api& api, CUdevice device, CUdevice_attribute attribute, std::string_view name) {
    int value = 0;
    check(api, api.device_get_attribute(&value, attribute, device), message("cuDeviceGetAttribute(", name, ")"));
    return value;
}

inline int function_attribute(const driver_api& api, CUfunction function, CUfunction_attribute attribute,
                              std::string_view name) {
    int value = 0;
    check(api, api.func_get_attribute(&value, attribute, function), message("cuFuncGetAttribute(", name, ")"));
    return value;
}

/// The entry's block must fit the function, and its shared memory the device beside the function's
/// static shared memory; above 48 KiB the function opts in (cuFuncSetAttribute).
inline void check_block_and_shared_memory(const driver_api& api, CUfunction function, CUdevice device,
                                          const artifact& made) {
    const int max_threads =
        function_attribute(api, function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK");
    const std::uint64_t threads = std::uint64_t{made.block.x} * made.block.y * made.block.z;
    if (threads == 0 || threads > static_cast<std::uint64_t>(max_threads))
        throw error(errc::launch_argument_mismatch,
                    message("kernel '", made.entry_name, "': its entry's block of ", made.block.x, " x ", made.block.y,
                            " x ", made.block.z, " = ", threads, " threads is outside the function's 1 to ", max_threads));
    if (made.shared_bytes <= default_shared_memory_limit) return;
    const auto static_bytes = static_cast<std::uint64_t>(
        function_attribute(api, function, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, "CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES"));
    const auto device_bytes = static_cast<std::uint64_t>(device_attribute(
        api, device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"));
    if (static_bytes + made.shared_bytes > device_bytes)
        throw error(errc::launch_argument_mismatch,
                    message("kernel '", made.entry_name, "' asks for ", made.shared_bytes,
                            " bytes of dynamic shared memory beside its ", static_bytes,
                            " static bytes; a block of this device has at most ", device_bytes));
    if (const CUresult result = api.func_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                       static_cast<int>(made.shared_bytes));
        result != CUDA_SUCCESS)
        fail(api, result, "cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)",
             message("kernel '", made.entry_name, "' asks for ", made.shared_bytes, " bytes of dynamic shared memory"));
}

/// What the device must support for the entry's launch attributes; for a cooperative kernel, the
/// most blocks that can be resident at once (blocks per multiprocessor × multiprocessors).
inline std::uint64_t check_attributes(const driver_api& api, CUfunction function, CUdevice device, const artifact& made) {
    const launch_attributes& declared = made.attributes;
    const auto refuse = [&](std::string_view what) {
        throw error(errc::unsupported_operation, message("kernel '", made.entry_name, "' declares ", what,
                                                         ", which this device does not support"));
    };
    if (declared.clustered() &&
        device_attribute(api, device, CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, "CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH") == 0)
        refuse("a thread-block cluster");
    if (declared.waits_on_predecessor &&
        device_attribute(api, device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "COMPUTE_CAPABILITY_MAJOR") < 9)
        refuse("waits_on_predecessor (programmatic dependent launch needs compute capability 9.0)");
    if (!declared.cooperative) return 0;
    if (device_attribute(api, device, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, "CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH") == 0)
        refuse("a cooperative launch");
    int per_multiprocessor = 0;
    check(api,
          api.occupancy_max_active_blocks(&per_multiprocessor, function,
                                          static_cast<int>(std::uint64_t{made.block.x} * made.block.y * made.block.z),
                                          made.shared_bytes),
          "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    const int multiprocessors =
        device_attribute(api, device, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT");
    return static_cast<std::uint64_t>(per_multiprocessor) * static_cast<std::uint64_t>(multiprocessors);
}

/// A cooperative kernel's grid must be resident at once; checked for every stage before any launches.
inline void check_resident(const kernel& loaded, const dim3& grid) {
    if (!loaded.attributes.cooperative) return;
    const std::uint64_t blocks = std::uint64_t{grid.x} * grid.y * grid.z;
    if (blocks > loaded.resident_block_limit) [[unlikely]]
        throw error(errc::launch_argument_mismatch,
                    message("a cooperative kernel's grid of ", blocks, " blocks, but at most ", loaded.resident_block_limit,
                            " blocks of it can be resident at once on this device"));
}

/// The bytes of `made` the driver loads, named by the payload they come from.
struct loadable_code {
    std::string terminated;  ///< PTX whose view does not end in its NUL, copied with one
    library_code code;
};

inline void prepare(loadable_code& prepared, const artifact& made, const std::string& what) {
    prepared.code.what = what;
    if (made.format != format::cuda_ptx) {
        prepared.code.bytes = made.image;
        prepared.code.data = made.image.data();
        return;
    }
    prepared.code.bytes = {reinterpret_cast<const unsigned char*>(made.ptx.data()), made.ptx.size()};
    if (made.ptx.back() == '\0') {
        prepared.code.data = made.ptx.data();
    } else {
        prepared.terminated = made.ptx;
        prepared.code.data = prepared.terminated.c_str();
    }
}

/// Loads `made` into a kernel of the current context (the backend's, on `device`): the library
/// (shared with every other user of the same payload), the function, then the checks of the
/// declaration; a failure releases the library.
inline kernel load_kernel(const driver_api& api, CUdevice device, const artifact& made) {
    const std::string what = describe_code(made);
    // An artifact made by hand rather than by create_artifact may hold no code at all.
    if (made.format == format::cuda_ptx ? made.ptx.empty() : made.image.empty())
        throw error(errc::invalid_artifact, message(what, " is empty: there is no code to load"));
    loadable_code prepared;
    prepare(prepared, made, what);
    const CUlibrary library = libraries().acquire(api, prepared.code);
    try {
        const std::string name(made.symbol);
        CUkernel found = nullptr;
        if (const CUresult result = api.library_get_kernel(&found, library, name.c_str()); result != CUDA_SUCCESS) {
            if (result == CUDA_ERROR_NOT_FOUND)
                fail(api, result, "cuLibraryGetKernel", message(what, " has no kernel named '", name, "'"));
            // Libraries load lazily: code that does not compile fails here, when its kernel is first asked for.
            fail(api, result, "cuLibraryGetKernel", message(what, " did not load", jit_log_text(api, prepared.code)));
        }
        CUfunction function = nullptr;
        check(api, api.kernel_get_function(&function, found), "cuKernelGetFunction");
        const std::optional<ptx_entry> ptx = made.format == format::cuda_ptx ? read_ptx_entry(made) : std::nullopt;
        check_signature(api, function, made, ptx ? std::optional(ptx->count) : std::nullopt);
        // Layouts agree: what only PTX tells is whether each value is an integer, a float or a pointer.
        if (ptx)
            if (const std::string mismatch = compare_ptx_parameters(*ptx, made.parameters, made.entry_name);
                !mismatch.empty())
                throw error(errc::launch_argument_mismatch, mismatch);
        check_block_and_shared_memory(api, function, device, made);
        const std::uint64_t resident = check_attributes(api, function, device, made);
        return {library, function, made.parameters.size(), made.attributes, resident};
    } catch (...) {
        libraries().release(api, library);
        throw;
    }
}

}  // namespace detail

/// How many distinct payloads the process has loaded now: every kernel, pool and backend that uses
/// one payload shares its library.
inline std::size_t loaded_library_count() { return detail::libraries().size(); }

}  // namespace accy::cuda
