// SPDX-License-Identifier: Apache-2.0
// Defines `accy::nccl::library()`: NCCL, opened at run time as libcuda is, and the table of the entry
// points accy calls. Nothing links against NCCL or needs nccl.h to build: its few types are declared here.
#pragma once

#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/reduction.hpp>

#include <cuda.h>
#include <dlfcn.h>

#include <array>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace accy::nccl {

namespace abi {

/// NCCL's C types, with the values of NCCL 2's stable ABI (nccl.h): enumerations pass as int.
using result = int;  ///< ncclResult_t: 0 is ncclSuccess, 7 ncclInProgress (the last)
inline constexpr result success = 0;
using communicator = struct ncclComm*;  ///< ncclComm_t
struct unique_id {                      ///< ncclUniqueId
    char internal[128];
};
using data_type = int;  ///< ncclDataType_t
using reduction = int;  ///< ncclRedOp_t

}  // namespace abi

/// The NCCL entry points accy calls, resolved by name from the library `library()` opened.
struct library_api {
    abi::result (*get_version)(int* version) = nullptr;
    const char* (*get_error_string)(abi::result result) = nullptr;
    const char* (*get_last_error)(abi::communicator communicator) = nullptr;
    abi::result (*get_unique_id)(abi::unique_id* id) = nullptr;
    abi::result (*comm_init_rank)(abi::communicator* made, int size, abi::unique_id id, int rank) = nullptr;
    abi::result (*comm_destroy)(abi::communicator communicator) = nullptr;
    abi::result (*comm_abort)(abi::communicator communicator) = nullptr;
    abi::result (*comm_get_async_error)(abi::communicator communicator, abi::result* result) = nullptr;
    abi::result (*comm_count)(abi::communicator communicator, int* size) = nullptr;
    abi::result (*comm_cu_device)(abi::communicator communicator, int* device) = nullptr;
    abi::result (*comm_user_rank)(abi::communicator communicator, int* rank) = nullptr;
    abi::result (*all_reduce)(const void* from, void* to, std::size_t count, abi::data_type type, abi::reduction op,
                              abi::communicator communicator, CUstream stream) = nullptr;
    abi::result (*all_gather)(const void* from, void* to, std::size_t count_per_rank, abi::data_type type,
                              abi::communicator communicator, CUstream stream) = nullptr;
    abi::result (*reduce_scatter)(const void* from, void* to, std::size_t count_per_rank, abi::data_type type,
                                  abi::reduction op, abi::communicator communicator, CUstream stream) = nullptr;
    abi::result (*broadcast)(const void* from, void* to, std::size_t count, abi::data_type type, int root,
                             abi::communicator communicator, CUstream stream) = nullptr;
    abi::result (*send)(const void* from, std::size_t count, abi::data_type type, int peer, abi::communicator communicator,
                        CUstream stream) = nullptr;
    abi::result (*recv)(void* to, std::size_t count, abi::data_type type, int peer, abi::communicator communicator,
                        CUstream stream) = nullptr;
    abi::result (*group_start)() = nullptr;
    abi::result (*group_end)() = nullptr;
    int version = 0;  ///< ncclGetVersion's: 22809 for 2.28.9
};

/// The environment variable that names the NCCL library to open, a path or a file name; unset or
/// empty, accy opens libnccl.so.2 (then libnccl.so) from the loader's search path.
inline constexpr const char* library_variable = "ACCY_NCCL_LIBRARY";

namespace detail {

/// The first NCCL, 2.24, that takes fp8 elements (on devices of compute capability 9.0 or more).
inline constexpr int first_fp8_version = 22400;

/// NCCL's `ncclDataType_t` of a dtype collectives take (`accy::collective_dtype`).
constexpr abi::data_type data_type_of(dtype type) noexcept {
    switch (type) {
    case dtype::i8: return 0;
    case dtype::u8: return 1;
    case dtype::i32: return 2;
    case dtype::u32: return 3;
    case dtype::i64: return 4;
    case dtype::u64: return 5;
    case dtype::f16: return 6;
    case dtype::f32: return 7;
    case dtype::f64: return 8;
    case dtype::bf16: return 9;
    case dtype::f8_e4m3: return 10;
    case dtype::f8_e5m2: return 11;
    case dtype::i16:
    case dtype::u16: break;
    }
    return -1;
}

/// NCCL's `ncclRedOp_t` of a reduction.
constexpr abi::reduction reduction_of(reduction op) noexcept {
    switch (op) {
    case reduction::sum: return 0;
    case reduction::product: return 1;
    case reduction::max: return 2;
    case reduction::min: return 3;
    }
    return -1;
}

/// "2.28.9": NCCL's `ncclGetVersion` code as a version (major × 10000 + minor × 100 + patch since 2.9).
inline std::string version_text(int code) {
    return accy::detail::message({code / 10000, ".", code / 100 % 100, ".", code % 100});
}

/// NCCL's table, or why there is none.
struct loaded_library {
    library_api api;
    std::string failure;  ///< empty when NCCL loaded
};

/// Opens NCCL from `path` where one is given (non-null and non-empty), else libnccl.so.2 then
/// libnccl.so, and resolves the table. Each call opens the library anew (the loader counts it).
inline loaded_library load_library(const char* path) {
    loaded_library loaded;
    const bool named = path != nullptr && *path != '\0';
    void* opened = nullptr;
    std::string reasons;
    for (const char* name : {named ? path : "libnccl.so.2", named ? nullptr : "libnccl.so"}) {
        if (name == nullptr) break;
        // Never closed: NCCL stays loaded for the life of the process, as if linked.
        opened = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (opened != nullptr) break;
        const char* reason = dlerror();
        accy::detail::append(reasons, {reasons.empty() ? "" : "; ", reason != nullptr ? reason : name});
    }
    if (opened == nullptr) {
        loaded.failure =
            named ? accy::detail::message({"NCCL was not found at ", path, ", where ", library_variable,
                                           " points (dlopen: ", reasons, ")"})
                  : accy::detail::message({"NCCL (libnccl.so.2) was not found; install NCCL, or set ", library_variable,
                                           " to the path of its libnccl.so.2 (dlopen: ", reasons, ")"});
        return loaded;
    }
    const auto resolve = [&](const char* symbol, auto& function) {
        function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(opened, symbol));
        if (function == nullptr && loaded.failure.empty())
            loaded.failure = accy::detail::message({"NCCL (", named ? path : "libnccl.so.2", ") has no ", symbol,
                                                    ": NCCL 2.13 or later is needed"});
    };
    library_api& api = loaded.api;
    resolve("ncclGetVersion", api.get_version);
    resolve("ncclGetErrorString", api.get_error_string);
    resolve("ncclGetLastError", api.get_last_error);
    resolve("ncclGetUniqueId", api.get_unique_id);
    resolve("ncclCommInitRank", api.comm_init_rank);
    resolve("ncclCommDestroy", api.comm_destroy);
    resolve("ncclCommAbort", api.comm_abort);
    resolve("ncclCommGetAsyncError", api.comm_get_async_error);
    resolve("ncclCommCount", api.comm_count);
    resolve("ncclCommCuDevice", api.comm_cu_device);
    resolve("ncclCommUserRank", api.comm_user_rank);
    resolve("ncclAllReduce", api.all_reduce);
    resolve("ncclAllGather", api.all_gather);
    resolve("ncclReduceScatter", api.reduce_scatter);
    resolve("ncclBroadcast", api.broadcast);
    resolve("ncclSend", api.send);
    resolve("ncclRecv", api.recv);
    resolve("ncclGroupStart", api.group_start);
    resolve("ncclGroupEnd", api.group_end);
    if (!loaded.failure.empty()) return loaded;
    if (api.get_version(&api.version) != abi::success || api.version < 21300)
        loaded.failure = accy::detail::message({"NCCL (", named ? path : "libnccl.so.2", ") is version ",
                                                version_text(api.version), ": NCCL 2.13 or later is needed"});
    return loaded;
}

}  // namespace detail

/// NCCL, opened on the first call (thread-safe) from where `ACCY_NCCL_LIBRARY` points, else from
/// the loader's search path; every later call returns the same table. Throws
/// `errc::runtime_unavailable`, saying where it looked and why, where there is no usable NCCL.
inline const library_api& library() {
    static const detail::loaded_library loaded = detail::load_library(std::getenv(library_variable));
    if (!loaded.failure.empty()) throw error(errc::runtime_unavailable, loaded.failure);
    return loaded.api;
}

namespace detail {

/// "ncclInvalidArgument (invalid argument)": NCCL's name and text of a result.
inline std::string result_text(const library_api& api, abi::result result) {
    constexpr std::array<const char*, 8> names{"ncclSuccess",         "ncclUnhandledCudaError", "ncclSystemError",
                                               "ncclInternalError",   "ncclInvalidArgument",    "ncclInvalidUsage",
                                               "ncclRemoteError",     "ncclInProgress"};
    const std::string name = result >= 0 && static_cast<std::size_t>(result) < names.size()
                                 ? std::string(names[static_cast<std::size_t>(result)])
                                 : accy::detail::message({"ncclResult ", result});
    const char* text = api.get_error_string(result);
    return text != nullptr ? accy::detail::message({name, " (", text, ")"}) : name;
}

}  // namespace detail

}  // namespace accy::nccl
