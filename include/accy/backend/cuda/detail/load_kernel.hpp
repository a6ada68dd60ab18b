// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::load_kernel`, which loads an artifact into a kernel of the current context:
// its library, its function, and the checks of the entry's declaration against them.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/function_checks.hpp>
#include <accy/backend/cuda/detail/library.hpp>
#include <accy/backend/cuda/detail/make_artifact.hpp>
#include <accy/backend/cuda/detail/ptx.hpp>
#include <accy/backend/cuda/detail/signature.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>

#include <cuda.h>

#include <cstdint>
#include <optional>
#include <string>

namespace accy::cuda::detail {

/// The `.entry` of `made`'s PTX text, where the parser reads it, after checking that a kernel declared
/// waits_on_predecessor waits (`griddepcontrol.wait`). None where the text has no such `.entry`
/// the parser reads: the driver then has the last word.
inline std::optional<ptx_entry> read_ptx_entry(const artifact& made) {
    std::optional<ptx_entry> found = find_ptx_entry(made.ptx, made.symbol);
    if (found && made.attributes.waits_on_predecessor && !found->waits_on_predecessor)
        throw error(errc::invalid_artifact,
                    accy::detail::message({"kernel '", made.entry_name,
                                           "' is declared waits_on_predecessor, but its PTX has no griddepcontrol.wait "
                                           "(cudaGridDependencySynchronize()): launched early, it would race with the "
                                           "stage before it"}));
    return found;
}

/// The bytes of `made` the driver loads, named by the payload they come from.
struct loadable_code {
    std::string terminated;  ///< PTX whose view does not end in its NUL, copied with one
    library_code code;
};

inline void prepare(loadable_code& prepared, const artifact& made) {
    prepared.code.code_format = made.format;
    prepared.code.entry_name = made.entry_name;
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
    // An artifact made by hand rather than by create_artifact may hold no code at all.
    if (made.format == format::cuda_ptx ? made.ptx.empty() : made.image.empty())
        throw error(errc::invalid_artifact, accy::detail::message({code_name(made.format, made.entry_name),
                                                                   " is empty: there is no code to load"}));
    loadable_code prepared;
    prepare(prepared, made);
    const CUlibrary library = libraries().acquire(api, prepared.code);
    try {
        const std::string name(made.symbol);
        CUkernel found = nullptr;
        if (const CUresult result = api.library_get_kernel(&found, library, name.c_str()); result != CUDA_SUCCESS) {
            const std::string what = code_name(made.format, made.entry_name);
            if (result == CUDA_ERROR_NOT_FOUND)
                fail(api, result, "cuLibraryGetKernel", what, " has no kernel named '", name, "'");
            // Libraries load lazily: code that does not compile fails here, when its kernel is first asked for.
            fail(api, result, "cuLibraryGetKernel", what, " did not load", jit_log_text(api, prepared.code));
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

}  // namespace accy::cuda::detail
