// SPDX-License-Identifier: Apache-2.0
// Declares the control interface of the fake CUDA driver (fake_cuda.cpp, built as libcuda.so.1): its fault
// schedule, its log of calls, the driver objects it counts and the misuses it saw. A test resolves these with
// dlsym from the library accy loads, and never links against it.
#pragma once

#include <cuda.h>

extern "C" {

/// The kinds of driver object the fake counts while they live.
enum accy_fake_cuda_kind {
    accy_fake_cuda_allocations,      ///< cuMemAlloc or cuMemAllocFromPoolAsync, until cuMemFree or cuMemFreeAsync
    accy_fake_cuda_libraries,        ///< cuLibraryLoadData, until cuLibraryUnload
    accy_fake_cuda_modules,          ///< cuModuleLoadDataEx, until cuModuleUnload
    accy_fake_cuda_streams,          ///< cuStreamCreate, until cuStreamDestroy
    accy_fake_cuda_events,           ///< cuEventCreate, until cuEventDestroy
    accy_fake_cuda_graphs,           ///< cuGraphCreate, until cuGraphDestroy
    accy_fake_cuda_graph_execs,      ///< cuGraphInstantiateWithFlags, until cuGraphExecDestroy
    accy_fake_cuda_context_retains,  ///< cuDevicePrimaryCtxRetain, until cuDevicePrimaryCtxRelease
    accy_fake_cuda_memory_pools,     ///< cuMemPoolCreate, until cuMemPoolDestroy
    accy_fake_cuda_kind_count
};

/// Makes call `call` (0 is the process's first call of an entry point; cuGetProcAddress,
/// cuGetErrorName and cuGetErrorString are not counted) return `result` without doing anything.
/// Each call arms one more fault, up to 4.
void accy_fake_cuda_fail(unsigned long call, CUresult result);
/// The entry point calls made so far.
unsigned long accy_fake_cuda_calls(void);
/// The entry point ("cuMemAlloc") of call `call`, or null past the last.
const char* accy_fake_cuda_call_name(unsigned long call);
/// How many objects of `kind` are alive.
unsigned long accy_fake_cuda_live(enum accy_fake_cuda_kind kind);
/// How many calls used the driver wrongly (a dead handle, memory outside any allocation, no current
/// context) or asked what the fake does not model, and what the first of them was ("" when none).
unsigned long accy_fake_cuda_misuses(void);
const char* accy_fake_cuda_first_misuse(void);
/// The calling thread's current context.
CUcontext accy_fake_cuda_current_context(void);
/// Makes cuGetProcAddress report `symbol` as not found, as a driver too old to have it does.
void accy_fake_cuda_hide(const char* symbol);
/// The `index`-th symbol cuGetProcAddress was asked for, or null past the last.
const char* accy_fake_cuda_symbol_asked(unsigned long index);

}  // extern "C"
