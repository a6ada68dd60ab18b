// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::driver_api`, the CUDA driver's entry points accy calls, and `accy::cuda::driver()`,
// which loads them once at run time from libcuda.so.1.
#pragma once

#include <accy/core/detail/immortal.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <cuda.h>
#include <cudaTypedefs.h>
#include <dlfcn.h>

#include <cstddef>
#include <string>

namespace accy::cuda {

/// The driver entry points accy calls, each resolved at the ABI version its type names. Nothing
/// links against libcuda, so a program starts where there is no driver and learns it from `driver()`.
/// A test may copy the table, replace an entry point and pass it to `backend::adopt`, to make the
/// driver fail where it cannot be made to.
struct driver_api {
    /// cuFuncGetParamCount (CUDA 13.2), declared here because older toolkits' headers lack it.
    using func_get_param_count_function = CUresult(CUDAAPI*)(CUfunction function, std::size_t* count);

    PFN_cuGetProcAddress_v12000 get_proc_address = nullptr;  ///< for what accy does not call itself
    PFN_cuGetErrorName_v6000 get_error_name = nullptr;
    PFN_cuGetErrorString_v6000 get_error_string = nullptr;
    PFN_cuDeviceGetCount_v2000 device_get_count = nullptr;
    PFN_cuDeviceGet_v2000 device_get = nullptr;
    PFN_cuDeviceGetName_v2000 device_get_name = nullptr;
    PFN_cuDeviceGetAttribute_v2000 device_get_attribute = nullptr;
    PFN_cuDevicePrimaryCtxRetain_v7000 primary_ctx_retain = nullptr;
    PFN_cuDevicePrimaryCtxRelease_v11000 primary_ctx_release = nullptr;
    PFN_cuCtxGetCurrent_v4000 ctx_get_current = nullptr;
    PFN_cuCtxSetCurrent_v4000 ctx_set_current = nullptr;
    PFN_cuCtxGetDevice_v2000 ctx_get_device = nullptr;
    PFN_cuCtxSynchronize_v2000 ctx_synchronize = nullptr;
    PFN_cuDeviceCanAccessPeer_v4000 device_can_access_peer = nullptr;
    PFN_cuCtxEnablePeerAccess_v4000 ctx_enable_peer_access = nullptr;
    PFN_cuLibraryLoadData_v12000 library_load_data = nullptr;
    PFN_cuLibraryUnload_v12000 library_unload = nullptr;
    PFN_cuLibraryGetKernel_v12000 library_get_kernel = nullptr;
    PFN_cuKernelGetFunction_v12000 kernel_get_function = nullptr;
    PFN_cuModuleLoadDataEx_v2010 module_load_data_ex = nullptr;  ///< only to read the JIT log of code that fails to load
    PFN_cuModuleUnload_v2000 module_unload = nullptr;
    PFN_cuFuncGetAttribute_v2020 func_get_attribute = nullptr;
    PFN_cuFuncSetAttribute_v9000 func_set_attribute = nullptr;
    PFN_cuFuncGetParamInfo_v12040 func_get_param_info = nullptr;  ///< null where the driver predates CUDA 12.4
    func_get_param_count_function func_get_param_count = nullptr;  ///< null where the driver predates CUDA 13.2
    PFN_cuOccupancyMaxActiveBlocksPerMultiprocessor_v6050 occupancy_max_active_blocks = nullptr;
    PFN_cuMemAlloc_v3020 mem_alloc = nullptr;
    PFN_cuMemFree_v3020 mem_free = nullptr;
    PFN_cuMemPoolCreate_v11020 mem_pool_create = nullptr;
    PFN_cuMemPoolDestroy_v11020 mem_pool_destroy = nullptr;
    PFN_cuMemPoolSetAttribute_v11020 mem_pool_set_attribute = nullptr;
    PFN_cuMemAllocFromPoolAsync_v11020 mem_alloc_from_pool_async = nullptr;
    PFN_cuMemFreeAsync_v11020 mem_free_async = nullptr;
    PFN_cuMemcpyHtoD_v3020 memcpy_htod = nullptr;
    PFN_cuMemcpyDtoH_v3020 memcpy_dtoh = nullptr;
    PFN_cuMemsetD8Async_v3020 memset_d8_async = nullptr;
    PFN_cuMemcpyPeerAsync_v4000 memcpy_peer_async = nullptr;
    PFN_cuPointerGetAttribute_v4000 pointer_get_attribute = nullptr;
    PFN_cuStreamCreate_v2000 stream_create = nullptr;
    PFN_cuStreamDestroy_v4000 stream_destroy = nullptr;
    PFN_cuStreamSynchronize_v2000 stream_synchronize = nullptr;
    PFN_cuStreamWaitEvent_v3020 stream_wait_event = nullptr;
    PFN_cuStreamIsCapturing_v10000 stream_is_capturing = nullptr;
    PFN_cuStreamBeginCapture_v10010 stream_begin_capture = nullptr;  ///< for a pipeline_graph's collective stages
    PFN_cuStreamEndCapture_v10000 stream_end_capture = nullptr;
    PFN_cuEventCreate_v2000 event_create = nullptr;
    PFN_cuEventRecord_v2000 event_record = nullptr;
    PFN_cuEventDestroy_v4000 event_destroy = nullptr;
    PFN_cuLaunchKernelEx_v11060 launch_kernel_ex = nullptr;
    PFN_cuGraphCreate_v10000 graph_create = nullptr;
    PFN_cuGraphAddKernelNode_v12000 graph_add_kernel_node = nullptr;
    PFN_cuGraphKernelNodeSetParams_v12000 graph_kernel_node_set_params = nullptr;
    PFN_cuGraphKernelNodeSetAttribute_v11000 graph_kernel_node_set_attribute = nullptr;
    PFN_cuGraphAddMemsetNode_v10000 graph_add_memset_node = nullptr;
    PFN_cuGraphAddDependencies_v12030 graph_add_dependencies = nullptr;
    PFN_cuGraphAddChildGraphNode_v10000 graph_add_child_graph_node = nullptr;
    PFN_cuGraphConditionalHandleCreate_v12030 graph_conditional_handle_create = nullptr;
    PFN_cuGraphAddNode_v12030 graph_add_node = nullptr;  ///< for conditional nodes
    PFN_cuGraphInstantiateWithFlags_v11040 graph_instantiate = nullptr;
    PFN_cuGraphExecKernelNodeSetParams_v12000 graph_exec_kernel_node_set_params = nullptr;
    PFN_cuGraphExecChildGraphNodeSetParams_v11010 graph_exec_child_graph_node_set_params = nullptr;
    PFN_cuGraphUpload_v11010 graph_upload = nullptr;
    PFN_cuGraphLaunch_v10000 graph_launch = nullptr;
    PFN_cuGraphExecDestroy_v10000 graph_exec_destroy = nullptr;
    PFN_cuGraphDestroy_v10000 graph_destroy = nullptr;
    PFN_cuTensorMapEncodeTiled_v12000 tensor_map_encode_tiled = nullptr;
};

namespace detail {

/// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)": the driver's name and text of a result.
inline std::string result_text(const driver_api& api, CUresult result) {
    const char* name = nullptr;
    const char* text = nullptr;
    if (api.get_error_name(result, &name) != CUDA_SUCCESS || name == nullptr)
        return accy::detail::message({"unknown CUresult ", static_cast<int>(result)});
    if (api.get_error_string(result, &text) != CUDA_SUCCESS || text == nullptr) return name;
    return accy::detail::message({name, " (", text, ")"});
}

/// The driver's table, or why there is none.
struct loaded_driver {
    driver_api api;
    std::string failure;                  ///< empty when the driver loaded and initialized
    CUresult init_result = CUDA_SUCCESS;  ///< cuInit's result, where cuInit is what failed

    /// The `runtime_unavailable` error `driver()` throws, with cuInit's result as its `driver_result()`.
    error unavailable() const { return error(errc::runtime_unavailable, failure, static_cast<int>(init_result)); }
};

/// Calls cuInit (`init`, resolved from the driver) and records its failure in `loaded`.
inline void initialize(loaded_driver& loaded, PFN_cuInit_v2000 init) {
    if (const CUresult result = init(0); result != CUDA_SUCCESS) {
        loaded.init_result = result;
        loaded.failure = accy::detail::message({"the CUDA driver did not initialize: cuInit failed with ",
                                                result_text(loaded.api, result)});
    }
}

/// Resolves `symbol` at `version` into `function`; a required one that is missing sets `failure`.
template <class Function>
void resolve(PFN_cuGetProcAddress_v12000 get_proc_address, const char* symbol, int version, Function& function,
             std::string& failure, bool required = true) {
    void* address = nullptr;
    CUdriverProcAddressQueryResult status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    // The legacy default stream: a launch without a stream goes to stream 0 of the context.
    const CUresult result =
        get_proc_address(symbol, &address, version, CU_GET_PROC_ADDRESS_LEGACY_STREAM, &status);
    if (result == CUDA_SUCCESS && status == CU_GET_PROC_ADDRESS_SUCCESS && address != nullptr) {
        function = reinterpret_cast<Function>(address);
    } else if (required && failure.empty()) {
        failure = accy::detail::message({"the CUDA driver (libcuda.so.1) has no ", symbol, " of CUDA version ",
                                         version / 1000, ".", version % 1000 / 10, " or later: update the driver"});
    }
}

inline loaded_driver load_driver() {
    loaded_driver loaded;
    std::string& failure = loaded.failure;
    // Never closed: the driver stays loaded for the life of the process, as if linked.
    void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* reason = dlerror();
        failure = accy::detail::message({"the CUDA driver (libcuda.so.1) was not found; is an NVIDIA driver installed? "
                                         "(dlopen: ", reason != nullptr ? reason : "no reason given", ")"});
        return loaded;
    }
    const auto get_proc_address =
        reinterpret_cast<PFN_cuGetProcAddress_v12000>(dlsym(library, "cuGetProcAddress_v2"));
    if (get_proc_address == nullptr) {
        failure = "the CUDA driver (libcuda.so.1) has no cuGetProcAddress_v2: a driver for CUDA 12.0 or later is needed";
        return loaded;
    }
    PFN_cuInit_v2000 init = nullptr;
    driver_api& api = loaded.api;
    resolve(get_proc_address, "cuInit", 2000, init, failure);
    api.get_proc_address = get_proc_address;
    resolve(get_proc_address, "cuGetErrorName", 6000, api.get_error_name, failure);
    resolve(get_proc_address, "cuGetErrorString", 6000, api.get_error_string, failure);
    resolve(get_proc_address, "cuDeviceGetCount", 2000, api.device_get_count, failure);
    resolve(get_proc_address, "cuDeviceGet", 2000, api.device_get, failure);
    resolve(get_proc_address, "cuDeviceGetName", 2000, api.device_get_name, failure);
    resolve(get_proc_address, "cuDeviceGetAttribute", 2000, api.device_get_attribute, failure);
    resolve(get_proc_address, "cuDevicePrimaryCtxRetain", 7000, api.primary_ctx_retain, failure);
    resolve(get_proc_address, "cuDevicePrimaryCtxRelease", 11000, api.primary_ctx_release, failure);
    resolve(get_proc_address, "cuCtxGetCurrent", 4000, api.ctx_get_current, failure);
    resolve(get_proc_address, "cuCtxSetCurrent", 4000, api.ctx_set_current, failure);
    resolve(get_proc_address, "cuCtxGetDevice", 2000, api.ctx_get_device, failure);
    resolve(get_proc_address, "cuCtxSynchronize", 2000, api.ctx_synchronize, failure);
    resolve(get_proc_address, "cuDeviceCanAccessPeer", 4000, api.device_can_access_peer, failure);
    resolve(get_proc_address, "cuCtxEnablePeerAccess", 4000, api.ctx_enable_peer_access, failure);
    resolve(get_proc_address, "cuLibraryLoadData", 12000, api.library_load_data, failure);
    resolve(get_proc_address, "cuLibraryUnload", 12000, api.library_unload, failure);
    resolve(get_proc_address, "cuLibraryGetKernel", 12000, api.library_get_kernel, failure);
    resolve(get_proc_address, "cuKernelGetFunction", 12000, api.kernel_get_function, failure);
    resolve(get_proc_address, "cuModuleLoadDataEx", 2010, api.module_load_data_ex, failure);
    resolve(get_proc_address, "cuModuleUnload", 2000, api.module_unload, failure);
    resolve(get_proc_address, "cuFuncGetAttribute", 2020, api.func_get_attribute, failure);
    resolve(get_proc_address, "cuFuncSetAttribute", 9000, api.func_set_attribute, failure);
    resolve(get_proc_address, "cuFuncGetParamInfo", 12040, api.func_get_param_info, failure, false);
    resolve(get_proc_address, "cuFuncGetParamCount", 13020, api.func_get_param_count, failure, false);
    resolve(get_proc_address, "cuOccupancyMaxActiveBlocksPerMultiprocessor", 6050, api.occupancy_max_active_blocks, failure);
    resolve(get_proc_address, "cuMemAlloc", 3020, api.mem_alloc, failure);
    resolve(get_proc_address, "cuMemFree", 3020, api.mem_free, failure);
    resolve(get_proc_address, "cuMemPoolCreate", 11020, api.mem_pool_create, failure);
    resolve(get_proc_address, "cuMemPoolDestroy", 11020, api.mem_pool_destroy, failure);
    resolve(get_proc_address, "cuMemPoolSetAttribute", 11020, api.mem_pool_set_attribute, failure);
    resolve(get_proc_address, "cuMemAllocFromPoolAsync", 11020, api.mem_alloc_from_pool_async, failure);
    resolve(get_proc_address, "cuMemFreeAsync", 11020, api.mem_free_async, failure);
    resolve(get_proc_address, "cuMemcpyHtoD", 3020, api.memcpy_htod, failure);
    resolve(get_proc_address, "cuMemcpyDtoH", 3020, api.memcpy_dtoh, failure);
    resolve(get_proc_address, "cuMemsetD8Async", 3020, api.memset_d8_async, failure);
    resolve(get_proc_address, "cuMemcpyPeerAsync", 4000, api.memcpy_peer_async, failure);
    resolve(get_proc_address, "cuPointerGetAttribute", 4000, api.pointer_get_attribute, failure);
    resolve(get_proc_address, "cuStreamCreate", 2000, api.stream_create, failure);
    resolve(get_proc_address, "cuStreamDestroy", 4000, api.stream_destroy, failure);
    resolve(get_proc_address, "cuStreamSynchronize", 2000, api.stream_synchronize, failure);
    resolve(get_proc_address, "cuStreamWaitEvent", 3020, api.stream_wait_event, failure);
    resolve(get_proc_address, "cuStreamIsCapturing", 10000, api.stream_is_capturing, failure);
    resolve(get_proc_address, "cuStreamBeginCapture", 10010, api.stream_begin_capture, failure);
    resolve(get_proc_address, "cuStreamEndCapture", 10000, api.stream_end_capture, failure);
    resolve(get_proc_address, "cuEventCreate", 2000, api.event_create, failure);
    resolve(get_proc_address, "cuEventRecord", 2000, api.event_record, failure);
    resolve(get_proc_address, "cuEventDestroy", 4000, api.event_destroy, failure);
    resolve(get_proc_address, "cuLaunchKernelEx", 11060, api.launch_kernel_ex, failure);
    resolve(get_proc_address, "cuGraphCreate", 10000, api.graph_create, failure);
    resolve(get_proc_address, "cuGraphAddKernelNode", 12000, api.graph_add_kernel_node, failure);
    resolve(get_proc_address, "cuGraphKernelNodeSetParams", 12000, api.graph_kernel_node_set_params, failure);
    resolve(get_proc_address, "cuGraphKernelNodeSetAttribute", 11000, api.graph_kernel_node_set_attribute, failure);
    resolve(get_proc_address, "cuGraphAddMemsetNode", 10000, api.graph_add_memset_node, failure);
    resolve(get_proc_address, "cuGraphAddDependencies", 12030, api.graph_add_dependencies, failure);
    resolve(get_proc_address, "cuGraphAddChildGraphNode", 10000, api.graph_add_child_graph_node, failure);
    resolve(get_proc_address, "cuGraphConditionalHandleCreate", 12030, api.graph_conditional_handle_create, failure);
    resolve(get_proc_address, "cuGraphAddNode", 12030, api.graph_add_node, failure);
    resolve(get_proc_address, "cuGraphInstantiateWithFlags", 11040, api.graph_instantiate, failure);
    resolve(get_proc_address, "cuGraphExecKernelNodeSetParams", 12000, api.graph_exec_kernel_node_set_params, failure);
    resolve(get_proc_address, "cuGraphExecChildGraphNodeSetParams", 11010, api.graph_exec_child_graph_node_set_params,
            failure);
    resolve(get_proc_address, "cuGraphUpload", 11010, api.graph_upload, failure);
    resolve(get_proc_address, "cuGraphLaunch", 10000, api.graph_launch, failure);
    resolve(get_proc_address, "cuGraphExecDestroy", 10000, api.graph_exec_destroy, failure);
    resolve(get_proc_address, "cuGraphDestroy", 10000, api.graph_destroy, failure);
    resolve(get_proc_address, "cuTensorMapEncodeTiled", 12000, api.tensor_map_encode_tiled, failure);
    if (failure.empty()) initialize(loaded, init);
    return loaded;
}

}  // namespace detail

/// The driver, loaded and initialized on the first call (thread-safe); every later call returns
/// the same table, until the process ends: objects with static storage can still release what
/// they own at exit. Throws `errc::runtime_unavailable`, saying why, where there is no usable driver
/// (with cuInit's `CUresult` as `driver_result()` where the driver loaded but did not initialize).
inline const driver_api& driver() {
    static const accy::detail::immortal<detail::loaded_driver> loaded(detail::load_driver());
    if (!loaded.get().failure.empty()) throw loaded.get().unavailable();
    return loaded.get().api;
}

}  // namespace accy::cuda
