// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::adopt_fake()`: an `accy::cuda::backend` adopted on a fake context, with a driver table of
// fakes that counts its calls (`accy_test::fake`), for tests of the CUDA backend and what is built on it without a GPU.
#pragma once

#include <accy/backend/cuda/backend.hpp>

#include <cuda.h>

#include <cstddef>
#include <cstdint>

namespace accy_test {

inline CUresult CUDAAPI error_name(CUresult result, const char** name) {
    *name = result == CUDA_ERROR_NO_DEVICE ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_UNKNOWN";
    return CUDA_SUCCESS;
}

inline CUresult CUDAAPI error_string(CUresult, const char** text) {
    *text = "no CUDA-capable device is detected";
    return CUDA_SUCCESS;
}

/// The fake driver's state: one device, whose context is `own_context`, and what was asked of it.
struct fake_driver_state {
    CUcontext current = nullptr;
    bool fail_context_switch = false;
    CUresult free_result = CUDA_SUCCESS;
    CUresult allocation_result = CUDA_SUCCESS;
    int calls = 0;  ///< every call but the error texts
    int allocations = 0;
    int frees = 0;
};
inline fake_driver_state fake;
inline const CUcontext own_context = reinterpret_cast<CUcontext>(std::uintptr_t{0x1000});

/// A driver table of fakes, enough to adopt a context (making the backend's memory pool), allocate and free.
inline accy::cuda::driver_api fake_driver() {
    accy::cuda::driver_api api;
    api.get_error_name = error_name;
    api.get_error_string = error_string;
    api.ctx_get_current = [](CUcontext* context) {
        ++fake.calls;
        *context = fake.current;
        return CUDA_SUCCESS;
    };
    api.ctx_set_current = [](CUcontext context) {
        ++fake.calls;
        if (fake.fail_context_switch) return CUDA_ERROR_INVALID_CONTEXT;
        fake.current = context;
        return CUDA_SUCCESS;
    };
    api.ctx_get_device = [](CUdevice* device) {
        ++fake.calls;
        *device = 0;
        return CUDA_SUCCESS;
    };
    api.device_get_count = [](int* count) {
        ++fake.calls;
        *count = 1;
        return CUDA_SUCCESS;
    };
    api.device_get = [](CUdevice* device, int) {
        ++fake.calls;
        *device = 0;
        return CUDA_SUCCESS;
    };
    api.device_get_attribute = [](int* value, CUdevice_attribute, CUdevice) {
        ++fake.calls;
        *value = 9;
        return CUDA_SUCCESS;
    };
    api.mem_pool_create = [](CUmemoryPool* pool, const CUmemPoolProps*) {
        ++fake.calls;
        *pool = reinterpret_cast<CUmemoryPool>(std::uintptr_t{0x3000});
        return CUDA_SUCCESS;
    };
    api.mem_pool_set_attribute = [](CUmemoryPool, CUmemPool_attribute, void*) {
        ++fake.calls;
        return CUDA_SUCCESS;
    };
    api.mem_pool_destroy = [](CUmemoryPool) {
        ++fake.calls;
        return CUDA_SUCCESS;
    };
    api.mem_alloc = [](CUdeviceptr* address, std::size_t) {
        ++fake.calls;
        if (fake.allocation_result != CUDA_SUCCESS) return fake.allocation_result;
        *address = 0x200000 + 0x100000 * static_cast<CUdeviceptr>(fake.allocations++);  // each its own
        return CUDA_SUCCESS;
    };
    api.mem_free = [](CUdeviceptr) {
        ++fake.calls;
        ++fake.frees;
        return fake.free_result;
    };
    return api;
}

inline const accy::cuda::driver_api fakes = fake_driver();

/// A backend on the fake device's context, with the fake driver's state reset.
inline accy::cuda::backend adopt_fake() {
    fake = {};
    return accy::cuda::backend::adopt(own_context, fakes);
}

}  // namespace accy_test
