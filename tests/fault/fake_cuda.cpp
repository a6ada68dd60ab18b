// SPDX-License-Identifier: Apache-2.0
// Defines a fake CUDA driver, built as libcuda.so.1 for the driver fault sweep: every entry point accy's
// load_driver() resolves, served through cuGetProcAddress_v2, on two sm_90 devices whose memory is host memory
// (copies and memsets are real) and whose kernels never run. It counts each call and fails any on request,
// counts every object while it lives, and records every misuse (fake_cuda.h). One thread at a time.
#include "fake_cuda.h"
#include "fake_ledger.hpp"
#include "fake_objects.hpp"

#include <cuda.h>
#include <cudaTypedefs.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace accy_fake_cuda {
namespace {

ledger calls;
objects held;
thread_local CUcontext current = nullptr;

constexpr int device_count = 2;
constexpr int multiprocessors = 132;
constexpr int shared_memory_optin = 232448;  // 227 KiB, a block's most on sm_90

template <class... Parts>
std::string text(const Parts&... parts) {
    std::ostringstream out;
    (out << ... << parts);
    return out.str();
}

CUresult misuse(CUresult result, std::string_view what) { return calls.misuse(result, what); }

/// What the fake does not answer: accy asked something new, and the fake must learn it.
CUresult unmodelled(std::string_view what) { return misuse(CUDA_ERROR_NOT_SUPPORTED, text("the fake does not model ", what)); }

bool valid_device(CUdevice device) { return device >= 0 && device < device_count; }

/// The current context where it is alive; else null, with the misuse recorded.
context* current_context() {
    context* found = held.find(current);
    if (found != nullptr && found->alive()) return found;
    misuse(CUDA_ERROR_INVALID_CONTEXT, current == nullptr ? "no context is current" : "the current context was released");
    return nullptr;
}

/// Whether `stream` takes work of context `in`: a legacy default stream, or a live stream made in `in`.
bool stream_of(CUstream stream, const context* in) {
    if (stream == nullptr || stream == CU_STREAM_LEGACY || stream == CU_STREAM_PER_THREAD) return true;
    const context_object* found = held.streams.find(stream);
    if (found != nullptr && found->owner == in) return true;
    misuse(CUDA_ERROR_INVALID_HANDLE, found == nullptr ? "the stream is not live" : "the stream belongs to another context");
    return false;
}

/// The host memory of [address, address + bytes) where one live allocation holds it; else null, with the misuse recorded.
std::byte* device_bytes(CUdeviceptr address, std::size_t bytes) {
    const allocation* holder = held.memory.holding(address, bytes);
    if (holder == nullptr) {
        misuse(CUDA_ERROR_INVALID_VALUE, text(bytes, " bytes at ", address, " lie outside every live allocation"));
        return nullptr;
    }
    if (!holder->owner->alive()) {
        misuse(CUDA_ERROR_INVALID_CONTEXT, text("the allocation at ", address, " belongs to a released context"));
        return nullptr;
    }
    return reinterpret_cast<std::byte*>(static_cast<std::uintptr_t>(address));
}

/// A live kernel (CUkernel or CUfunction); else null, with the misuse recorded.
kernel_object* live_kernel(const void* handle) {
    kernel_object* found = held.kernel(handle);
    if (found == nullptr) misuse(CUDA_ERROR_INVALID_HANDLE, "the kernel or function is not live (its library was unloaded?)");
    return found;
}

/// Resident blocks of `threads` threads and `shared` dynamic bytes per multiprocessor on sm_90:
/// 2048 threads, 32 blocks, 228 KiB of shared memory (1 KiB of it reserved per block).
int blocks_per_multiprocessor(std::uint64_t threads, std::uint64_t shared) {
    std::uint64_t blocks = std::min<std::uint64_t>(32, 2048 / threads);
    if (shared != 0) blocks = std::min<std::uint64_t>(blocks, 233472 / (shared + 1024));
    return static_cast<int>(blocks);
}

/// Checks a launch of `function` with the grid, block and shared memory of `launch` (CUlaunchConfig or
/// CUDA_KERNEL_NODE_PARAMS) as the driver does, and copies its parameters' bytes, read through the
/// pointers as the driver reads them (a dangling one shows under AddressSanitizer).
template <class Launch>
CUresult take_launch(const Launch& launch, const kernel_object& function, void** parameters, void** extra,
                     std::vector<std::byte>& copied) {
    const std::uint64_t threads = std::uint64_t{launch.blockDimX} * launch.blockDimY * launch.blockDimZ;
    if (threads == 0 || threads > 1024 || launch.gridDimX == 0 || launch.gridDimY == 0 || launch.gridDimZ == 0)
        return misuse(CUDA_ERROR_INVALID_VALUE, text("a launch of '", function.name, "' with an empty grid or a block of ",
                                                     threads, " threads"));
    if (launch.sharedMemBytes > static_cast<unsigned>(function.max_dynamic_shared))
        return misuse(CUDA_ERROR_INVALID_VALUE,
                      text("a launch of '", function.name, "' asks for ", launch.sharedMemBytes,
                           " bytes of dynamic shared memory, the function allows ", function.max_dynamic_shared,
                           " (cuFuncSetAttribute)"));
    if (extra != nullptr) return unmodelled("kernel parameters passed as `extra`");
    if (parameters == nullptr && !function.parameters.empty())
        return misuse(CUDA_ERROR_INVALID_VALUE, text("a launch of '", function.name, "' without its parameters"));
    copied.clear();
    for (std::size_t i = 0; i < function.parameters.size(); ++i) {
        const parameter_slot& slot = function.parameters[i];
        copied.resize(slot.offset + slot.size);
        std::memcpy(copied.data() + slot.offset, parameters[i], slot.size);
    }
    return CUDA_SUCCESS;
}

/// A kernel node of `node`'s function and parameters, checked as a launch is.
CUresult kernel_node(const CUDA_KERNEL_NODE_PARAMS_v2& node, graph_node& made) {
    if (node.kern != nullptr || node.ctx != nullptr) return unmodelled("a kernel node given by CUkernel or context");
    const kernel_object* function = live_kernel(node.func);
    if (function == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    made.function = function;
    return take_launch(node, *function, node.kernelParams, node.extra, made.parameters);
}

/// Whether every one of `count` nodes at `nodes` is a node of `in`.
bool nodes_of(const graph& in, const CUgraphNode* nodes, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        if (in.find(nodes[i]) == nullptr) {
            misuse(CUDA_ERROR_INVALID_VALUE, "a node that is not the graph's");
            return false;
        }
    return true;
}

// --- Errors, initialization, devices and contexts ----------------------------------------------------------

struct result_text {
    CUresult result;
    const char* name;
    const char* text;
};

constexpr std::array<result_text, 16> result_texts{{
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_DEVICE_UNAVAILABLE, "CUDA_ERROR_DEVICE_UNAVAILABLE", "CUDA-capable device(s) is/are busy or unavailable"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED",
     "peer access is already enabled"},
    {CUDA_ERROR_TOO_MANY_PEERS, "CUDA_ERROR_TOO_MANY_PEERS", "peer mapping resources exhausted"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
}};

const result_text* find_result(CUresult result) {
    for (const result_text& known : result_texts)
        if (known.result == result) return &known;
    return nullptr;
}

// Not counted as calls: accy asks for the texts of the errors the sweep injects.
CUresult CUDAAPI get_error_name(CUresult result, const char** name) {
    const result_text* known = find_result(result);
    *name = known != nullptr ? known->name : nullptr;
    return known != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI get_error_string(CUresult result, const char** description) {
    const result_text* known = find_result(result);
    *description = known != nullptr ? known->text : nullptr;
    return known != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI init(unsigned flags) {
    if (const CUresult failed = calls.enter("cuInit")) return failed;
    return flags == 0 ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_VALUE, "cuInit's flags must be 0");
}

CUresult CUDAAPI device_get_count(int* count) {
    if (const CUresult failed = calls.enter("cuDeviceGetCount")) return failed;
    *count = device_count;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI device_get(CUdevice* device, int ordinal) {
    if (const CUresult failed = calls.enter("cuDeviceGet")) return failed;
    if (!valid_device(ordinal)) return misuse(CUDA_ERROR_INVALID_DEVICE, text("device ordinal ", ordinal));
    *device = ordinal;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI device_get_name(char* name, int length, CUdevice device) {
    if (const CUresult failed = calls.enter("cuDeviceGetName")) return failed;
    if (!valid_device(device) || length <= 0) return misuse(CUDA_ERROR_INVALID_VALUE, "a device or name buffer");
    std::snprintf(name, static_cast<std::size_t>(length), "Fake sm_90 device %d", device);
    return CUDA_SUCCESS;
}

/// The attributes of an sm_90 device (an H100 SXM) that accy reads, and a few more.
CUresult CUDAAPI device_get_attribute(int* value, CUdevice_attribute attribute, CUdevice device) {
    if (const CUresult failed = calls.enter("cuDeviceGetAttribute")) return failed;
    if (!valid_device(device)) return misuse(CUDA_ERROR_INVALID_DEVICE, text("device ", device));
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = 9; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = 0; break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = multiprocessors; break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *value = 32; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *value = 48 * 1024; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = shared_memory_optin; break;
    case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH:
    case CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH:
    case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED:
    case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING: *value = 1; break;
    default: return unmodelled(text("device attribute ", static_cast<int>(attribute)));
    }
    return CUDA_SUCCESS;
}

CUresult CUDAAPI primary_ctx_retain(CUcontext* made, CUdevice device) {
    if (const CUresult failed = calls.enter("cuDevicePrimaryCtxRetain")) return failed;
    if (!valid_device(device)) return misuse(CUDA_ERROR_INVALID_DEVICE, text("device ", device));
    context& primary = held.contexts[static_cast<std::size_t>(device)];
    ++primary.retains;
    *made = reinterpret_cast<CUcontext>(&primary);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI primary_ctx_release(CUdevice device) {
    if (const CUresult failed = calls.enter("cuDevicePrimaryCtxRelease")) return failed;
    if (!valid_device(device)) return misuse(CUDA_ERROR_INVALID_DEVICE, text("device ", device));
    context& primary = held.contexts[static_cast<std::size_t>(device)];
    if (!primary.alive()) return misuse(CUDA_ERROR_INVALID_CONTEXT, "a release of a primary context that is not retained");
    if (--primary.retains == 0) {  // the context is reset: its peer access goes with it
        primary.peers.clear();
        for (context& other : held.contexts) other.peers.erase(&primary);
    }
    return CUDA_SUCCESS;
}

CUresult CUDAAPI ctx_get_current(CUcontext* context) {
    if (const CUresult failed = calls.enter("cuCtxGetCurrent")) return failed;
    *context = current;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI ctx_set_current(CUcontext made_current) {
    if (const CUresult failed = calls.enter("cuCtxSetCurrent")) return failed;
    const context* found = held.find(made_current);
    if (made_current != nullptr && (found == nullptr || !found->alive()))
        return misuse(CUDA_ERROR_INVALID_CONTEXT, "a context that is not alive made current");
    current = made_current;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI ctx_get_device(CUdevice* device) {
    if (const CUresult failed = calls.enter("cuCtxGetDevice")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    *device = in->device;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI ctx_synchronize() {
    if (const CUresult failed = calls.enter("cuCtxSynchronize")) return failed;
    return current_context() != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult CUDAAPI device_can_access_peer(int* can, CUdevice device, CUdevice peer) {
    if (const CUresult failed = calls.enter("cuDeviceCanAccessPeer")) return failed;
    if (!valid_device(device) || !valid_device(peer)) return misuse(CUDA_ERROR_INVALID_DEVICE, "a device ordinal");
    *can = device != peer ? 1 : 0;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI ctx_enable_peer_access(CUcontext peer, unsigned flags) {
    if (const CUresult failed = calls.enter("cuCtxEnablePeerAccess")) return failed;
    context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    const context* other = held.find(peer);
    if (other == nullptr || !other->alive() || other == in || flags != 0)
        return misuse(CUDA_ERROR_INVALID_VALUE, "peer access to a context that is not alive, to itself, or with flags");
    return in->peers.insert(other).second ? CUDA_SUCCESS : CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
}

// --- Code: libraries, kernels, modules, functions ----------------------------------------------------------

/// Takes PTX text only: the fault sweep's kernels are PTX, and never run.
CUresult CUDAAPI library_load_data(CUlibrary* library_made, const void* code, CUjit_option*, void**, unsigned,
                                   CUlibraryOption*, void**, unsigned) {
    if (const CUresult failed = calls.enter("cuLibraryLoadData")) return failed;
    if (code == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "no code");
    auto loaded = std::make_unique<library>();
    loaded->ptx = static_cast<const char*>(code);
    *library_made = held.libraries.add(std::move(loaded));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI library_unload(CUlibrary unloaded) {
    if (const CUresult failed = calls.enter("cuLibraryUnload")) return failed;
    return held.libraries.erase(unloaded) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_HANDLE, "the library is not live");
}

CUresult CUDAAPI library_get_kernel(CUkernel* found, CUlibrary in, const char* name) {
    if (const CUresult failed = calls.enter("cuLibraryGetKernel")) return failed;
    library* loaded = held.libraries.find(in);
    if (loaded == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the library is not live");
    for (const auto& made : loaded->kernels)
        if (made->name == name) {
            *found = reinterpret_cast<CUkernel>(made.get());
            return CUDA_SUCCESS;
        }
    std::optional<std::vector<parameter_slot>> layout = parameter_layout(loaded->ptx, name);
    if (!layout) return CUDA_ERROR_NOT_FOUND;
    loaded->kernels.push_back(std::make_unique<kernel_object>(kernel_object{name, std::move(*layout)}));
    *found = reinterpret_cast<CUkernel>(loaded->kernels.back().get());
    return CUDA_SUCCESS;
}

CUresult CUDAAPI kernel_get_function(CUfunction* function, CUkernel kernel) {
    if (const CUresult failed = calls.enter("cuKernelGetFunction")) return failed;
    if (current_context() == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (live_kernel(kernel) == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    *function = reinterpret_cast<CUfunction>(kernel);
    return CUDA_SUCCESS;
}

/// Loads nothing but a module of the current context; leaves the JIT's error log empty.
CUresult CUDAAPI module_load_data_ex(CUmodule* module, const void* image, unsigned count, CUjit_option* options,
                                     void** values) {
    if (const CUresult failed = calls.enter("cuModuleLoadDataEx")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (image == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "no image");
    char* log = nullptr;
    std::uintptr_t log_size = 0;
    for (unsigned i = 0; i < count; ++i) {
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER) log = static_cast<char*>(values[i]);
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) log_size = reinterpret_cast<std::uintptr_t>(values[i]);
    }
    if (log != nullptr && log_size != 0) log[0] = '\0';
    *module = held.modules.add(std::make_unique<context_object>(context_object{in}));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI module_unload(CUmodule module) {
    if (const CUresult failed = calls.enter("cuModuleUnload")) return failed;
    return held.modules.erase(module) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_HANDLE, "the module is not live");
}

CUresult CUDAAPI func_get_attribute(int* value, CUfunction_attribute attribute, CUfunction function) {
    if (const CUresult failed = calls.enter("cuFuncGetAttribute")) return failed;
    const kernel_object* kernel = live_kernel(function);
    if (kernel == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    switch (attribute) {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
    case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = 0; break;
    case CU_FUNC_ATTRIBUTE_NUM_REGS: *value = 32; break;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = kernel->max_dynamic_shared; break;
    default: return unmodelled(text("function attribute ", static_cast<int>(attribute)));
    }
    return CUDA_SUCCESS;
}

CUresult CUDAAPI func_set_attribute(CUfunction function, CUfunction_attribute attribute, int value) {
    if (const CUresult failed = calls.enter("cuFuncSetAttribute")) return failed;
    kernel_object* kernel = live_kernel(function);
    if (kernel == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
        return unmodelled(text("setting function attribute ", static_cast<int>(attribute)));
    if (value < 0 || value > shared_memory_optin)
        return misuse(CUDA_ERROR_INVALID_VALUE, text(value, " bytes of dynamic shared memory"));
    kernel->max_dynamic_shared = value;
    return CUDA_SUCCESS;
}

/// Past the last parameter, CUDA_ERROR_INVALID_VALUE, as the driver answers (accy relies on it when it
/// does not know the count); cuFuncGetParamCount (CUDA 13.2) is not served: PTX tells accy the count.
CUresult CUDAAPI func_get_param_info(CUfunction function, std::size_t index, std::size_t* offset, std::size_t* size) {
    if (const CUresult failed = calls.enter("cuFuncGetParamInfo")) return failed;
    const kernel_object* kernel = live_kernel(function);
    if (kernel == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    if (index >= kernel->parameters.size()) return CUDA_ERROR_INVALID_VALUE;
    *offset = kernel->parameters[index].offset;
    *size = kernel->parameters[index].size;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI occupancy_max_active_blocks(int* blocks, CUfunction function, int block_size, std::size_t shared) {
    if (const CUresult failed = calls.enter("cuOccupancyMaxActiveBlocksPerMultiprocessor")) return failed;
    if (live_kernel(function) == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    if (block_size < 1 || block_size > 1024) return misuse(CUDA_ERROR_INVALID_VALUE, text("a block of ", block_size));
    *blocks = blocks_per_multiprocessor(static_cast<std::uint64_t>(block_size), shared);
    return CUDA_SUCCESS;
}

// --- Memory --------------------------------------------------------------------------------------------

CUresult CUDAAPI mem_alloc(CUdeviceptr* address, std::size_t bytes) {
    if (const CUresult failed = calls.enter("cuMemAlloc")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (bytes == 0) return misuse(CUDA_ERROR_INVALID_VALUE, "an allocation of 0 bytes");
    *address = held.memory.allocate(bytes, in);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI mem_free(CUdeviceptr address) {
    if (const CUresult failed = calls.enter("cuMemFree")) return failed;
    return held.memory.free(address) ? CUDA_SUCCESS
                                     : misuse(CUDA_ERROR_INVALID_VALUE, text("a free of ", address, ", not a live allocation"));
}

// Stream-ordered memory: the fake runs queued work at once, so an allocation is ready and a free done when queued.

CUresult CUDAAPI mem_pool_create(CUmemoryPool* pool, const CUmemPoolProps* properties) {
    if (const CUresult failed = calls.enter("cuMemPoolCreate")) return failed;
    if (properties->allocType != CU_MEM_ALLOCATION_TYPE_PINNED || properties->location.type != CU_MEM_LOCATION_TYPE_DEVICE ||
        properties->handleTypes != CU_MEM_HANDLE_TYPE_NONE)
        return unmodelled("a memory pool other than device memory without handles");
    if (properties->location.id < 0 || properties->location.id >= static_cast<int>(held.contexts.size()))
        return misuse(CUDA_ERROR_INVALID_DEVICE, text("a memory pool of device ", properties->location.id));
    *pool = held.memory_pools.add(std::make_unique<memory_pool>(memory_pool{properties->location.id}));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI mem_pool_destroy(CUmemoryPool pool) {
    if (const CUresult failed = calls.enter("cuMemPoolDestroy")) return failed;
    return held.memory_pools.erase(pool) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_VALUE, "the memory pool is not live");
}

CUresult CUDAAPI mem_pool_set_attribute(CUmemoryPool pool, CUmemPool_attribute attribute, void*) {
    if (const CUresult failed = calls.enter("cuMemPoolSetAttribute")) return failed;
    if (held.memory_pools.find(pool) == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "the memory pool is not live");
    if (attribute != CU_MEMPOOL_ATTR_RELEASE_THRESHOLD) return unmodelled(text("memory pool attribute ", static_cast<int>(attribute)));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI mem_alloc_from_pool_async(CUdeviceptr* address, std::size_t bytes, CUmemoryPool pool, CUstream stream) {
    if (const CUresult failed = calls.enter("cuMemAllocFromPoolAsync")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (!stream_of(stream, in)) return CUDA_ERROR_INVALID_HANDLE;
    const memory_pool* from = held.memory_pools.find(pool);
    if (from == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "the memory pool is not live");
    if (from->device != in->device) return misuse(CUDA_ERROR_INVALID_VALUE, "a memory pool of another device");
    if (bytes == 0) return misuse(CUDA_ERROR_INVALID_VALUE, "an allocation of 0 bytes");
    *address = held.memory.allocate(bytes, in);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI mem_free_async(CUdeviceptr address, CUstream stream) {
    if (const CUresult failed = calls.enter("cuMemFreeAsync")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (!stream_of(stream, in)) return CUDA_ERROR_INVALID_HANDLE;
    return held.memory.free(address) ? CUDA_SUCCESS
                                     : misuse(CUDA_ERROR_INVALID_VALUE, text("a free of ", address, ", not a live allocation"));
}

CUresult CUDAAPI memcpy_htod(CUdeviceptr to, const void* from, std::size_t bytes) {
    if (const CUresult failed = calls.enter("cuMemcpyHtoD")) return failed;
    if (current_context() == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    std::byte* target = device_bytes(to, bytes);
    if (target == nullptr) return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(target, from, bytes);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI memcpy_dtoh(void* to, CUdeviceptr from, std::size_t bytes) {
    if (const CUresult failed = calls.enter("cuMemcpyDtoH")) return failed;
    if (current_context() == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    const std::byte* source = device_bytes(from, bytes);
    if (source == nullptr) return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(to, source, bytes);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI memset_d8_async(CUdeviceptr to, unsigned char value, std::size_t bytes, CUstream stream) {
    if (const CUresult failed = calls.enter("cuMemsetD8Async")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (!stream_of(stream, in)) return CUDA_ERROR_INVALID_HANDLE;
    std::byte* target = device_bytes(to, bytes);
    if (target == nullptr) return CUDA_ERROR_INVALID_VALUE;
    std::memset(target, value, bytes);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI memcpy_peer_async(CUdeviceptr to, CUcontext to_context, CUdeviceptr from, CUcontext from_context,
                                   std::size_t bytes, CUstream stream) {
    if (const CUresult failed = calls.enter("cuMemcpyPeerAsync")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    const context* target_context = held.find(to_context);
    const context* source_context = held.find(from_context);
    if (target_context == nullptr || source_context == nullptr || !target_context->alive() || !source_context->alive())
        return misuse(CUDA_ERROR_INVALID_CONTEXT, "a peer copy between contexts that are not alive");
    if (!stream_of(stream, in)) return CUDA_ERROR_INVALID_HANDLE;
    std::byte* target = device_bytes(to, bytes);
    const std::byte* source = device_bytes(from, bytes);
    if (target == nullptr || source == nullptr) return CUDA_ERROR_INVALID_VALUE;
    std::memmove(target, source, bytes);
    return CUDA_SUCCESS;
}

/// Not called by accy today, which resolves it for its users' own calls: the context and device of an allocation.
CUresult CUDAAPI pointer_get_attribute(void* data, CUpointer_attribute attribute, CUdeviceptr address) {
    if (const CUresult failed = calls.enter("cuPointerGetAttribute")) return failed;
    const allocation* holder = held.memory.holding(address, 1);
    if (holder == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, text(address, " is not in a live allocation"));
    switch (attribute) {
    case CU_POINTER_ATTRIBUTE_CONTEXT:
        *static_cast<CUcontext*>(data) = reinterpret_cast<CUcontext>(const_cast<context*>(holder->owner));
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: *static_cast<int*>(data) = holder->owner->device; return CUDA_SUCCESS;
    default: return unmodelled(text("pointer attribute ", static_cast<int>(attribute)));
    }
}

// --- Streams, events, launches -------------------------------------------------------------------------

CUresult CUDAAPI stream_create(CUstream* stream, unsigned flags) {
    if (const CUresult failed = calls.enter("cuStreamCreate")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (flags != CU_STREAM_DEFAULT && flags != CU_STREAM_NON_BLOCKING)
        return misuse(CUDA_ERROR_INVALID_VALUE, text("stream flags ", flags));
    *stream = held.streams.add(std::make_unique<context_object>(context_object{in}));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI stream_destroy(CUstream stream) {
    if (const CUresult failed = calls.enter("cuStreamDestroy")) return failed;
    return held.streams.erase(stream) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_HANDLE, "the stream is not live");
}

CUresult CUDAAPI stream_synchronize(CUstream stream) {
    if (const CUresult failed = calls.enter("cuStreamSynchronize")) return failed;
    const context_object* made = held.streams.find(stream);
    if (made != nullptr) return made->owner->alive() ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_CONTEXT, "a stream of a released context");
    const context* in = current_context();  // a legacy default stream is the current context's
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    return stream_of(stream, in) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

/// No stream of the fake driver ever captures.
CUresult CUDAAPI stream_is_capturing(CUstream stream, CUstreamCaptureStatus* status) {
    if (const CUresult failed = calls.enter("cuStreamIsCapturing")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (!stream_of(stream, in)) return CUDA_ERROR_INVALID_HANDLE;
    *status = CU_STREAM_CAPTURE_STATUS_NONE;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI stream_wait_event(CUstream stream, CUevent event, unsigned flags) {
    if (const CUresult failed = calls.enter("cuStreamWaitEvent")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (!stream_of(stream, in)) return CUDA_ERROR_INVALID_HANDLE;
    if (held.events.find(event) == nullptr || flags != 0)
        return misuse(CUDA_ERROR_INVALID_HANDLE, "a wait for an event that is not live, or with flags");
    return CUDA_SUCCESS;
}

CUresult CUDAAPI event_create(CUevent* event, unsigned flags) {
    if (const CUresult failed = calls.enter("cuEventCreate")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if ((flags & ~unsigned{CU_EVENT_DISABLE_TIMING | CU_EVENT_BLOCKING_SYNC}) != 0)
        return unmodelled(text("event flags ", flags));
    *event = held.events.add(std::make_unique<context_object>(context_object{in}));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI event_record(CUevent event, CUstream stream) {
    if (const CUresult failed = calls.enter("cuEventRecord")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    const context_object* made = held.events.find(event);
    if (made == nullptr || made->owner != in)
        return misuse(CUDA_ERROR_INVALID_HANDLE, "a record of an event that is not live or not of the current context");
    return stream_of(stream, in) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult CUDAAPI event_destroy(CUevent event) {
    if (const CUresult failed = calls.enter("cuEventDestroy")) return failed;
    return held.events.erase(event) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_HANDLE, "the event is not live");
}

/// Checks the launch and reads its parameters; runs nothing.
CUresult CUDAAPI launch_kernel_ex(const CUlaunchConfig* config, CUfunction function, void** parameters, void** extra) {
    if (const CUresult failed = calls.enter("cuLaunchKernelEx")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    const kernel_object* kernel = live_kernel(function);
    if (kernel == nullptr) return CUDA_ERROR_INVALID_HANDLE;
    if (!stream_of(config->hStream, in)) return CUDA_ERROR_INVALID_HANDLE;
    const std::uint64_t blocks = std::uint64_t{config->gridDimX} * config->gridDimY * config->gridDimZ;
    const std::uint64_t threads = std::uint64_t{config->blockDimX} * config->blockDimY * config->blockDimZ;
    for (unsigned i = 0; i < config->numAttrs; ++i) {
        const CUlaunchAttribute& attribute = config->attrs[i];
        switch (attribute.id) {
        case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION: {
            const auto& cluster = attribute.value.clusterDim;
            if (cluster.x * cluster.y * cluster.z > 8 || config->gridDimX % cluster.x != 0 ||
                config->gridDimY % cluster.y != 0 || config->gridDimZ % cluster.z != 0)
                return misuse(CUDA_ERROR_INVALID_VALUE, "a cluster that does not divide the grid, or of more than 8 blocks");
            break;
        }
        case CU_LAUNCH_ATTRIBUTE_COOPERATIVE:
            if (threads != 0 && blocks > std::uint64_t{multiprocessors} *
                                             static_cast<std::uint64_t>(blocks_per_multiprocessor(threads, config->sharedMemBytes)))
                return misuse(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "a cooperative grid larger than can be resident");
            break;
        case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION: break;
        default: return unmodelled(text("launch attribute ", static_cast<int>(attribute.id)));
        }
    }
    std::vector<std::byte> copied;
    return take_launch(*config, *kernel, parameters, extra, copied);
}

// --- Graphs --------------------------------------------------------------------------------------------

/// `handle` if it is `in` or a conditional node's body inside it, or null.
graph* graph_within(graph& in, CUgraph handle) {
    if (reinterpret_cast<CUgraph>(&in) == handle) return &in;
    for (const auto& node : in.nodes)
        if (node->body != nullptr)
            if (graph* found = graph_within(*node->body, handle)) return found;
    return nullptr;
}

/// The live graph `handle`: one the caller created, or a conditional node's body in one; null otherwise.
graph* find_graph(CUgraph handle) {
    for (const auto& live : held.graphs)
        if (graph* found = graph_within(*live.second, handle)) return found;
    return nullptr;
}

CUresult CUDAAPI graph_create(CUgraph* made, unsigned flags) {
    if (const CUresult failed = calls.enter("cuGraphCreate")) return failed;
    if (flags != 0) return misuse(CUDA_ERROR_INVALID_VALUE, "graph flags");
    *made = held.graphs.add(std::make_unique<graph>());
    return CUDA_SUCCESS;
}

/// A capture records nothing in the fake driver (nothing queued on a stream is kept): it ends with an empty graph.
CUresult CUDAAPI stream_begin_capture(CUstream stream, CUstreamCaptureMode) {
    if (const CUresult failed = calls.enter("cuStreamBeginCapture")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    return stream != nullptr && stream_of(stream, in) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_VALUE, "a capture of a stream that is not live");
}

CUresult CUDAAPI stream_end_capture(CUstream stream, CUgraph* made) {
    if (const CUresult failed = calls.enter("cuStreamEndCapture")) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (stream == nullptr || !stream_of(stream, in)) return misuse(CUDA_ERROR_INVALID_VALUE, "the end of a capture of a stream that is not live");
    *made = held.graphs.add(std::make_unique<graph>());
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_add_kernel_node(CUgraphNode* node, CUgraph in, const CUgraphNode* dependencies, std::size_t count,
                                       const CUDA_KERNEL_NODE_PARAMS_v2* parameters) {
    if (const CUresult failed = calls.enter("cuGraphAddKernelNode")) return failed;
    graph* target = find_graph(in);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the graph is not live");
    if (!nodes_of(*target, dependencies, count)) return CUDA_ERROR_INVALID_VALUE;
    auto made = std::make_unique<graph_node>();
    if (const CUresult refused = kernel_node(*parameters, *made)) return refused;
    *node = reinterpret_cast<CUgraphNode>(made.get());
    target->nodes.push_back(std::move(made));
    return CUDA_SUCCESS;
}

/// The kernel node `handle` of `in` or of a body inside it, or null.
graph_node* kernel_node_within(const graph& in, CUgraphNode handle) {
    for (const auto& node : in.nodes) {
        if (reinterpret_cast<CUgraphNode>(node.get()) == handle) return node->function != nullptr ? node.get() : nullptr;
        if (node->body != nullptr)
            if (graph_node* found = kernel_node_within(*node->body, handle)) return found;
    }
    return nullptr;
}

/// The kernel node `handle` of a live graph, or null.
graph_node* find_kernel_node(CUgraphNode handle) {
    for (const auto& live : held.graphs)
        if (graph_node* found = kernel_node_within(*live.second, handle)) return found;
    return nullptr;
}

CUresult CUDAAPI graph_kernel_node_set_params(CUgraphNode node, const CUDA_KERNEL_NODE_PARAMS_v2* parameters) {
    if (const CUresult failed = calls.enter("cuGraphKernelNodeSetParams")) return failed;
    graph_node* found = find_kernel_node(node);
    if (found == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "not a kernel node of a live graph");
    graph_node updated;
    if (const CUresult refused = kernel_node(*parameters, updated)) return refused;
    *found = std::move(updated);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_kernel_node_set_attribute(CUgraphNode node, CUkernelNodeAttrID attribute, const CUkernelNodeAttrValue*) {
    if (const CUresult failed = calls.enter("cuGraphKernelNodeSetAttribute")) return failed;
    if (find_kernel_node(node) == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "not a kernel node of a live graph");
    if (attribute != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION && attribute != CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
        return unmodelled(text("kernel node attribute ", static_cast<int>(attribute)));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_add_memset_node(CUgraphNode* node, CUgraph in, const CUgraphNode* dependencies, std::size_t count,
                                       const CUDA_MEMSET_NODE_PARAMS* parameters, CUcontext context_handle) {
    if (const CUresult failed = calls.enter("cuGraphAddMemsetNode")) return failed;
    graph* target = find_graph(in);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the graph is not live");
    if (!nodes_of(*target, dependencies, count)) return CUDA_ERROR_INVALID_VALUE;
    const context* owner = held.find(context_handle);
    if (owner == nullptr || !owner->alive()) return misuse(CUDA_ERROR_INVALID_CONTEXT, "a memset node of a context that is not alive");
    const CUDA_MEMSET_NODE_PARAMS& memset = *parameters;
    if (memset.elementSize != 1 && memset.elementSize != 2 && memset.elementSize != 4)
        return misuse(CUDA_ERROR_INVALID_VALUE, text("a memset of elements of ", memset.elementSize, " bytes"));
    if (memset.width == 0 || memset.height == 0) return misuse(CUDA_ERROR_INVALID_VALUE, "an empty memset");
    const std::size_t bytes = (memset.height - 1) * memset.pitch + memset.width * memset.elementSize;
    if (device_bytes(memset.dst, bytes) == nullptr) return CUDA_ERROR_INVALID_VALUE;
    auto made = std::make_unique<graph_node>();
    *node = reinterpret_cast<CUgraphNode>(made.get());
    target->nodes.push_back(std::move(made));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_add_dependencies(CUgraph in, const CUgraphNode* from, const CUgraphNode* to,
                                        const CUgraphEdgeData* edges, std::size_t count) {
    if (const CUresult failed = calls.enter("cuGraphAddDependencies")) return failed;
    const graph* target = find_graph(in);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the graph is not live");
    if (!nodes_of(*target, from, count) || !nodes_of(*target, to, count)) return CUDA_ERROR_INVALID_VALUE;
    for (std::size_t i = 0; edges != nullptr && i < count; ++i)
        if (edges[i].type == CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC &&
            (target->find(from[i])->function == nullptr || target->find(to[i])->function == nullptr))
            return misuse(CUDA_ERROR_INVALID_VALUE, "a programmatic edge between nodes that are not both kernel nodes");
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_add_child_graph_node(CUgraphNode* node, CUgraph in, const CUgraphNode* dependencies,
                                            std::size_t count, CUgraph child) {
    if (const CUresult failed = calls.enter("cuGraphAddChildGraphNode")) return failed;
    graph* target = find_graph(in);
    if (target == nullptr || find_graph(child) == nullptr || in == child)
        return misuse(CUDA_ERROR_INVALID_VALUE, "a graph or child graph that is not live, or a graph as its own child");
    if (!nodes_of(*target, dependencies, count)) return CUDA_ERROR_INVALID_VALUE;
    auto made = std::make_unique<graph_node>();
    made->child_graph = true;
    *node = reinterpret_cast<CUgraphNode>(made.get());
    target->nodes.push_back(std::move(made));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_conditional_handle_create(CUgraphConditionalHandle* handle, CUgraph in, CUcontext context_handle,
                                                 unsigned, unsigned flags) {
    if (const CUresult failed = calls.enter("cuGraphConditionalHandleCreate")) return failed;
    graph* target = find_graph(in);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "the graph is not live");
    const context* owner = held.find(context_handle);
    if (owner == nullptr || !owner->alive()) return misuse(CUDA_ERROR_INVALID_CONTEXT, "a handle of a context that is not alive");
    if ((flags & ~unsigned{CU_GRAPH_COND_ASSIGN_DEFAULT}) != 0) return unmodelled(text("conditional handle flags ", flags));
    *handle = ++target->conditional_handles;
    return CUDA_SUCCESS;
}

/// Adds a conditional node, the only kind accy adds this way, and makes its body graph.
CUresult CUDAAPI graph_add_node(CUgraphNode* node, CUgraph in, const CUgraphNode* dependencies, const CUgraphEdgeData* edges,
                                std::size_t count, CUgraphNodeParams* parameters) {
    if (const CUresult failed = calls.enter("cuGraphAddNode")) return failed;
    graph* target = find_graph(in);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_VALUE, "the graph is not live");
    if (!nodes_of(*target, dependencies, count)) return CUDA_ERROR_INVALID_VALUE;
    if (edges != nullptr) return unmodelled("a node added with edge data");
    if (parameters->type != CU_GRAPH_NODE_TYPE_CONDITIONAL) return unmodelled(text("a node of type ", static_cast<int>(parameters->type)));
    CUDA_CONDITIONAL_NODE_PARAMS& conditional = parameters->conditional;
    if (conditional.size != 1 || (conditional.type != CU_GRAPH_COND_TYPE_WHILE && conditional.type != CU_GRAPH_COND_TYPE_IF))
        return unmodelled("a conditional node other than a WHILE or IF of one body");
    if (conditional.handle == 0 || conditional.handle > target->conditional_handles)
        return misuse(CUDA_ERROR_INVALID_VALUE, "a conditional handle that is not the graph's");
    auto made = std::make_unique<graph_node>();
    made->body = std::make_shared<graph>();
    made->body_handle[0] = reinterpret_cast<CUgraph>(made->body.get());
    conditional.phGraph_out = made->body_handle.data();
    *node = reinterpret_cast<CUgraphNode>(made.get());
    target->nodes.push_back(std::move(made));
    return CUDA_SUCCESS;
}

/// Adds the kernel and child graph nodes of `source`, and of its conditional nodes' bodies, to `exec`.
void instantiate_nodes(const graph& source, graph_exec& exec) {
    for (const auto& node : source.nodes) {
        if (node->function != nullptr) exec.nodes.emplace(reinterpret_cast<CUgraphNode>(node.get()), *node);
        else if (node->child_graph) exec.child_graphs.insert(reinterpret_cast<CUgraphNode>(node.get()));
        if (node->body != nullptr) instantiate_nodes(*node->body, exec);
    }
}

CUresult CUDAAPI graph_instantiate(CUgraphExec* exec, CUgraph from, unsigned long long flags) {
    if (const CUresult failed = calls.enter("cuGraphInstantiateWithFlags")) return failed;
    if (current_context() == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    const graph* source = held.graphs.find(from);
    if (source == nullptr || flags != 0) return misuse(CUDA_ERROR_INVALID_VALUE, "the graph is not live, or flags");
    auto made = std::make_unique<graph_exec>();
    instantiate_nodes(*source, *made);
    *exec = held.graph_execs.add(std::move(made));
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_exec_kernel_node_set_params(CUgraphExec exec, CUgraphNode node,
                                                   const CUDA_KERNEL_NODE_PARAMS_v2* parameters) {
    if (const CUresult failed = calls.enter("cuGraphExecKernelNodeSetParams")) return failed;
    graph_exec* target = held.graph_execs.find(exec);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the executable graph is not live");
    const auto found = target->nodes.find(node);
    if (found == target->nodes.end()) return misuse(CUDA_ERROR_INVALID_VALUE, "not a kernel node of the executable graph");
    graph_node updated;
    if (const CUresult refused = kernel_node(*parameters, updated)) return refused;
    found->second = std::move(updated);
    return CUDA_SUCCESS;
}

CUresult CUDAAPI graph_exec_child_graph_node_set_params(CUgraphExec exec, CUgraphNode node, CUgraph child) {
    if (const CUresult failed = calls.enter("cuGraphExecChildGraphNodeSetParams")) return failed;
    const graph_exec* target = held.graph_execs.find(exec);
    if (target == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the executable graph is not live");
    if (!target->child_graphs.contains(node)) return misuse(CUDA_ERROR_INVALID_VALUE, "not a child graph node of the executable graph");
    return find_graph(child) != nullptr ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_VALUE, "the child graph is not live");
}

/// What cuGraphUpload and cuGraphLaunch (`call`) check: a live executable graph, a stream of the current context.
CUresult queue_graph(const char* call, CUgraphExec exec, CUstream stream) {
    if (const CUresult failed = calls.enter(call)) return failed;
    const context* in = current_context();
    if (in == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
    if (held.graph_execs.find(exec) == nullptr) return misuse(CUDA_ERROR_INVALID_HANDLE, "the executable graph is not live");
    return stream_of(stream, in) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult CUDAAPI graph_upload(CUgraphExec exec, CUstream stream) { return queue_graph("cuGraphUpload", exec, stream); }

CUresult CUDAAPI graph_launch(CUgraphExec exec, CUstream stream) { return queue_graph("cuGraphLaunch", exec, stream); }

CUresult CUDAAPI graph_exec_destroy(CUgraphExec exec) {
    if (const CUresult failed = calls.enter("cuGraphExecDestroy")) return failed;
    return held.graph_execs.erase(exec) ? CUDA_SUCCESS
                                        : misuse(CUDA_ERROR_INVALID_HANDLE, "the executable graph is not live");
}

CUresult CUDAAPI graph_destroy(CUgraph destroyed) {
    if (const CUresult failed = calls.enter("cuGraphDestroy")) return failed;
    return held.graphs.erase(destroyed) ? CUDA_SUCCESS : misuse(CUDA_ERROR_INVALID_HANDLE, "the graph is not live");
}

// --- Tensor maps ---------------------------------------------------------------------------------------

std::size_t element_size(CUtensorMapDataType type) {
    switch (type) {
    case CU_TENSOR_MAP_DATA_TYPE_UINT8: return 1;
    case CU_TENSOR_MAP_DATA_TYPE_UINT16:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
    case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16: return 2;
    case CU_TENSOR_MAP_DATA_TYPE_UINT32:
    case CU_TENSOR_MAP_DATA_TYPE_INT32:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT32: return 4;
    case CU_TENSOR_MAP_DATA_TYPE_UINT64:
    case CU_TENSOR_MAP_DATA_TYPE_INT64:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT64: return 8;
    default: return 0;
    }
}

/// Checks the map as the driver does, and that the tensor lies in one live allocation; the map holds its address.
CUresult CUDAAPI tensor_map_encode_tiled(CUtensorMap* map, CUtensorMapDataType type, cuuint32_t rank, void* address,
                                         const cuuint64_t* extents, const cuuint64_t* strides, const cuuint32_t* box,
                                         const cuuint32_t* element_strides, CUtensorMapInterleave interleave,
                                         CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
    if (const CUresult failed = calls.enter("cuTensorMapEncodeTiled")) return failed;
    const std::size_t element = element_size(type);
    if (element == 0) return unmodelled(text("tensor map data type ", static_cast<int>(type)));
    if (rank < 1 || rank > 5 || interleave != CU_TENSOR_MAP_INTERLEAVE_NONE)
        return misuse(CUDA_ERROR_INVALID_VALUE, text("a tensor map of rank ", rank, " or interleaved"));
    const auto start = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(address));
    if (start % 16 != 0) return misuse(CUDA_ERROR_INVALID_VALUE, "a tensor map address that is not 16-byte aligned");
    for (cuuint32_t d = 0; d < rank; ++d)
        if (box[d] == 0 || box[d] > 256 || element_strides[d] != 1 || extents[d] == 0)
            return misuse(CUDA_ERROR_INVALID_VALUE, text("a tensor map's dimension ", d));
    const std::size_t bytes = rank == 1 ? extents[0] * element : strides[rank - 2] * extents[rank - 1];
    if (device_bytes(start, bytes) == nullptr) return CUDA_ERROR_INVALID_VALUE;
    *map = CUtensorMap{};
    std::memcpy(map->opaque, &start, sizeof(start));
    return CUDA_SUCCESS;
}

// --- cuGetProcAddress ------------------------------------------------------------------------------------

/// An entry point as cuGetProcAddress serves it: the name, the CUDA version of its ABI, the function.
struct entry_point {
    const char* name;
    int version;
    void* address;
};

/// `function` as the entry point `name` of CUDA `version`, whose type `Function` (a PFN_ of
/// cudaTypedefs.h) it must convert to: a signature that differs from the driver's does not compile.
template <class Function>
entry_point serve(const char* name, int version, Function function) {
    return {name, version, reinterpret_cast<void*>(function)};
}

const std::array entry_points{
    serve<PFN_cuInit_v2000>("cuInit", 2000, init),
    serve<PFN_cuGetErrorName_v6000>("cuGetErrorName", 6000, get_error_name),
    serve<PFN_cuGetErrorString_v6000>("cuGetErrorString", 6000, get_error_string),
    serve<PFN_cuDeviceGetCount_v2000>("cuDeviceGetCount", 2000, device_get_count),
    serve<PFN_cuDeviceGet_v2000>("cuDeviceGet", 2000, device_get),
    serve<PFN_cuDeviceGetName_v2000>("cuDeviceGetName", 2000, device_get_name),
    serve<PFN_cuDeviceGetAttribute_v2000>("cuDeviceGetAttribute", 2000, device_get_attribute),
    serve<PFN_cuDevicePrimaryCtxRetain_v7000>("cuDevicePrimaryCtxRetain", 7000, primary_ctx_retain),
    serve<PFN_cuDevicePrimaryCtxRelease_v11000>("cuDevicePrimaryCtxRelease", 11000, primary_ctx_release),
    serve<PFN_cuCtxGetCurrent_v4000>("cuCtxGetCurrent", 4000, ctx_get_current),
    serve<PFN_cuCtxSetCurrent_v4000>("cuCtxSetCurrent", 4000, ctx_set_current),
    serve<PFN_cuCtxGetDevice_v2000>("cuCtxGetDevice", 2000, ctx_get_device),
    serve<PFN_cuCtxSynchronize_v2000>("cuCtxSynchronize", 2000, ctx_synchronize),
    serve<PFN_cuDeviceCanAccessPeer_v4000>("cuDeviceCanAccessPeer", 4000, device_can_access_peer),
    serve<PFN_cuCtxEnablePeerAccess_v4000>("cuCtxEnablePeerAccess", 4000, ctx_enable_peer_access),
    serve<PFN_cuLibraryLoadData_v12000>("cuLibraryLoadData", 12000, library_load_data),
    serve<PFN_cuLibraryUnload_v12000>("cuLibraryUnload", 12000, library_unload),
    serve<PFN_cuLibraryGetKernel_v12000>("cuLibraryGetKernel", 12000, library_get_kernel),
    serve<PFN_cuKernelGetFunction_v12000>("cuKernelGetFunction", 12000, kernel_get_function),
    serve<PFN_cuModuleLoadDataEx_v2010>("cuModuleLoadDataEx", 2010, module_load_data_ex),
    serve<PFN_cuModuleUnload_v2000>("cuModuleUnload", 2000, module_unload),
    serve<PFN_cuFuncGetAttribute_v2020>("cuFuncGetAttribute", 2020, func_get_attribute),
    serve<PFN_cuFuncSetAttribute_v9000>("cuFuncSetAttribute", 9000, func_set_attribute),
    serve<PFN_cuFuncGetParamInfo_v12040>("cuFuncGetParamInfo", 12040, func_get_param_info),
    serve<PFN_cuOccupancyMaxActiveBlocksPerMultiprocessor_v6050>("cuOccupancyMaxActiveBlocksPerMultiprocessor", 6050,
                                                                 occupancy_max_active_blocks),
    serve<PFN_cuMemAlloc_v3020>("cuMemAlloc", 3020, mem_alloc),
    serve<PFN_cuMemFree_v3020>("cuMemFree", 3020, mem_free),
    serve<PFN_cuMemPoolCreate_v11020>("cuMemPoolCreate", 11020, mem_pool_create),
    serve<PFN_cuMemPoolDestroy_v11020>("cuMemPoolDestroy", 11020, mem_pool_destroy),
    serve<PFN_cuMemPoolSetAttribute_v11020>("cuMemPoolSetAttribute", 11020, mem_pool_set_attribute),
    serve<PFN_cuMemAllocFromPoolAsync_v11020>("cuMemAllocFromPoolAsync", 11020, mem_alloc_from_pool_async),
    serve<PFN_cuMemFreeAsync_v11020>("cuMemFreeAsync", 11020, mem_free_async),
    serve<PFN_cuMemcpyHtoD_v3020>("cuMemcpyHtoD", 3020, memcpy_htod),
    serve<PFN_cuMemcpyDtoH_v3020>("cuMemcpyDtoH", 3020, memcpy_dtoh),
    serve<PFN_cuMemsetD8Async_v3020>("cuMemsetD8Async", 3020, memset_d8_async),
    serve<PFN_cuMemcpyPeerAsync_v4000>("cuMemcpyPeerAsync", 4000, memcpy_peer_async),
    serve<PFN_cuPointerGetAttribute_v4000>("cuPointerGetAttribute", 4000, pointer_get_attribute),
    serve<PFN_cuStreamCreate_v2000>("cuStreamCreate", 2000, stream_create),
    serve<PFN_cuStreamDestroy_v4000>("cuStreamDestroy", 4000, stream_destroy),
    serve<PFN_cuStreamSynchronize_v2000>("cuStreamSynchronize", 2000, stream_synchronize),
    serve<PFN_cuStreamWaitEvent_v3020>("cuStreamWaitEvent", 3020, stream_wait_event),
    serve<PFN_cuStreamIsCapturing_v10000>("cuStreamIsCapturing", 10000, stream_is_capturing),
    serve<PFN_cuStreamBeginCapture_v10010>("cuStreamBeginCapture", 10010, stream_begin_capture),
    serve<PFN_cuStreamEndCapture_v10000>("cuStreamEndCapture", 10000, stream_end_capture),
    serve<PFN_cuEventCreate_v2000>("cuEventCreate", 2000, event_create),
    serve<PFN_cuEventRecord_v2000>("cuEventRecord", 2000, event_record),
    serve<PFN_cuEventDestroy_v4000>("cuEventDestroy", 4000, event_destroy),
    serve<PFN_cuLaunchKernelEx_v11060>("cuLaunchKernelEx", 11060, launch_kernel_ex),
    serve<PFN_cuGraphCreate_v10000>("cuGraphCreate", 10000, graph_create),
    serve<PFN_cuGraphAddKernelNode_v12000>("cuGraphAddKernelNode", 12000, graph_add_kernel_node),
    serve<PFN_cuGraphKernelNodeSetParams_v12000>("cuGraphKernelNodeSetParams", 12000, graph_kernel_node_set_params),
    serve<PFN_cuGraphKernelNodeSetAttribute_v11000>("cuGraphKernelNodeSetAttribute", 11000, graph_kernel_node_set_attribute),
    serve<PFN_cuGraphAddMemsetNode_v10000>("cuGraphAddMemsetNode", 10000, graph_add_memset_node),
    serve<PFN_cuGraphAddDependencies_v12030>("cuGraphAddDependencies", 12030, graph_add_dependencies),
    serve<PFN_cuGraphAddChildGraphNode_v10000>("cuGraphAddChildGraphNode", 10000, graph_add_child_graph_node),
    serve<PFN_cuGraphConditionalHandleCreate_v12030>("cuGraphConditionalHandleCreate", 12030, graph_conditional_handle_create),
    serve<PFN_cuGraphAddNode_v12030>("cuGraphAddNode", 12030, graph_add_node),
    serve<PFN_cuGraphInstantiateWithFlags_v11040>("cuGraphInstantiateWithFlags", 11040, graph_instantiate),
    serve<PFN_cuGraphExecKernelNodeSetParams_v12000>("cuGraphExecKernelNodeSetParams", 12000,
                                                     graph_exec_kernel_node_set_params),
    serve<PFN_cuGraphExecChildGraphNodeSetParams_v11010>("cuGraphExecChildGraphNodeSetParams", 11010,
                                                         graph_exec_child_graph_node_set_params),
    serve<PFN_cuGraphUpload_v11010>("cuGraphUpload", 11010, graph_upload),
    serve<PFN_cuGraphLaunch_v10000>("cuGraphLaunch", 10000, graph_launch),
    serve<PFN_cuGraphExecDestroy_v10000>("cuGraphExecDestroy", 10000, graph_exec_destroy),
    serve<PFN_cuGraphDestroy_v10000>("cuGraphDestroy", 10000, graph_destroy),
    serve<PFN_cuTensorMapEncodeTiled_v12000>("cuTensorMapEncodeTiled", 12000, tensor_map_encode_tiled),
};

}  // namespace
}  // namespace accy_fake_cuda

using namespace accy_fake_cuda;

/// The driver's one entry point that dlsym finds: the ABI of `symbol` asked for at CUDA `version` or
/// later, as the driver answers (found, not found, or too old for that version); hidden symbols are not found.
extern "C" CUresult CUDAAPI cuGetProcAddress(const char* symbol, void** function, int version, cuuint64_t,
                                             CUdriverProcAddressQueryResult* status) {
    calls.asked(symbol);
    *function = nullptr;
    for (const entry_point& served : entry_points) {
        if (std::string_view(served.name) != symbol || calls.hidden(symbol)) continue;
        if (version < served.version) {
            *status = CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
            return CUDA_ERROR_NOT_FOUND;
        }
        *function = served.address;
        *status = CU_GET_PROC_ADDRESS_SUCCESS;
        return CUDA_SUCCESS;
    }
    *status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    return CUDA_ERROR_NOT_FOUND;
}

extern "C" {

void accy_fake_cuda_fail(unsigned long call, CUresult result) { calls.arm(call, result); }
unsigned long accy_fake_cuda_calls(void) { return calls.calls(); }
const char* accy_fake_cuda_call_name(unsigned long call) { return calls.call_name(call); }
unsigned long accy_fake_cuda_misuses(void) { return calls.misuses(); }
const char* accy_fake_cuda_first_misuse(void) { return calls.first_misuse(); }
CUcontext accy_fake_cuda_current_context(void) { return current; }
void accy_fake_cuda_hide(const char* symbol) { calls.hide(symbol); }
const char* accy_fake_cuda_symbol_asked(unsigned long index) { return calls.symbol_asked(index); }

unsigned long accy_fake_cuda_live(enum accy_fake_cuda_kind kind) {
    switch (kind) {
    case accy_fake_cuda_allocations: return held.memory.size();
    case accy_fake_cuda_libraries: return held.libraries.size();
    case accy_fake_cuda_modules: return held.modules.size();
    case accy_fake_cuda_streams: return held.streams.size();
    case accy_fake_cuda_events: return held.events.size();
    case accy_fake_cuda_graphs: return held.graphs.size();
    case accy_fake_cuda_graph_execs: return held.graph_execs.size();
    case accy_fake_cuda_context_retains: return held.contexts[0].retains + held.contexts[1].retains;
    case accy_fake_cuda_memory_pools: return held.memory_pools.size();
    case accy_fake_cuda_kind_count: break;
    }
    return 0;
}

}  // extern "C"
