// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::backend`, the `accy::backend` of the CUDA driver API on one context of one device, and
// `accy::cuda::failed_free_count`.
#pragma once

#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/function_checks.hpp>
#include <accy/backend/cuda/detail/launch.hpp>
#include <accy/backend/cuda/detail/library.hpp>
#include <accy/backend/cuda/detail/kept_arena.hpp>
#include <accy/backend/cuda/detail/kept_kernels.hpp>
#include <accy/backend/cuda/detail/load_kernel.hpp>
#include <accy/backend/cuda/detail/make_artifact.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/check_transfer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/device_buffer.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>
#include <accy/runtime/backend.hpp>

#include <cuda.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace accy::cuda {

namespace detail {

inline std::atomic<std::size_t>& failed_frees() noexcept {
    static std::atomic<std::size_t> count{0};
    return count;
}

/// Frees `address` with `context` current, or, where that cannot be made current (the driver
/// failing) or there is none (a moved-from backend), in whichever is current: the driver finds an
/// allocation's context from its address (unified addressing). A refused free counts in `failed_frees()`.
inline void free_memory(const driver_api& api, CUcontext context, CUdeviceptr address) noexcept {
    std::optional<CUresult> result;
    if (context != nullptr) {
        try {
            const context_scope current(api, context);
            result = api.mem_free(address);
        } catch (const error&) {
            // The context could not be made current: freed below.
        }
    }
    if (!result) result = api.mem_free(address);
    if (*result != CUDA_SUCCESS) failed_frees().fetch_add(1, std::memory_order_relaxed);
}

}  // namespace detail

/// How many `backend::free_buffer` calls of the process the driver refused (each left its memory
/// allocated): a free cannot throw, so this is where a failing driver's leaks show.
inline std::size_t failed_free_count() noexcept { return detail::failed_frees().load(std::memory_order_relaxed); }

/// The CUDA backend: the driver, loaded at run time, and one context of one device: the device's
/// primary context, retained, or a caller's context, adopted. Every call runs in the backend's
/// context and leaves the calling thread's current context as it found it, so backends of several
/// contexts or devices can be used from one thread in turn. Buffers are `cuMemAlloc` allocations
/// (256-byte aligned), or in stream order from a memory pool (`allocate_buffer_on`); kernels load from `cuda_ptx`, `cuda_cubin`, `cuda_fatbin` and (through
/// NVRTC) `cuda_source` payloads; a launch without a stream goes to the context's legacy default
/// stream, and a wait without one waits for the whole context. Move-only: a retained primary
/// context is released when the backend goes, after the pools and buffers made with it. A
/// moved-from backend has no context: every member that would reach the driver throws
/// `launch_argument_mismatch` (a caller's mistake in what it passed, as a moved-from pool is, not
/// `runtime_unavailable`, which a program may take for "no GPU here" and hide the bug), except
/// `free_buffer` and `unload_kernel`, which still free what the backend made before it was moved:
/// pools and `device_buffer`s refer to their backend by address.
class backend {
public:
    using stream = CUstream;
    using artifact = cuda::artifact;
    using kernel = cuda::kernel;

    static constexpr std::string_view name = "cuda";

    /// Retains device `ordinal`'s primary context. Throws `errc::runtime_unavailable` where there is
    /// no driver, no device or no such ordinal.
    explicit backend(int ordinal = 0) : api_(&cuda::driver()), state_({api_}), ordinal_(ordinal) {
        const driver_api& api = *api_;  // not driver(), which refuses a backend without a context yet
        int count = 0;
        detail::check(api, api.device_get_count(&count), "cuDeviceGetCount");
        if (ordinal < 0 || ordinal >= count)
            throw error(errc::runtime_unavailable,
                        accy::detail::message({"CUDA device ", ordinal, " was asked for; the driver sees ", count,
                                               " device(s)"}));
        detail::check(api, api.device_get(&state_->device, ordinal), "cuDeviceGet");
        detail::check(api, api.primary_ctx_retain(&state_->context, device()), "cuDevicePrimaryCtxRetain");
        state_->owns_context = true;  // from here on released by the state, also when a throw leaves the constructor
        set_up();
    }

    /// A backend on the caller's `context` (a runtime API's primary context, a framework's), which
    /// the caller keeps alive while the backend and everything made with it exist. `driver` is the
    /// table of driver entry points the backend calls: tests pass a copy with some replaced, to
    /// make the driver fail where it cannot be made to; it must outlive the backend.
    static backend adopt(CUcontext context, const driver_api& driver = cuda::driver()) {
        if (context == nullptr) throw error(errc::runtime_unavailable, "accy::cuda::backend::adopt: the context is null");
        backend adopted(&driver, context);
        {
            const context_scope current(adopted.driver(), context);
            detail::check(adopted.driver(), adopted.driver().ctx_get_device(&adopted.state_->device), "cuCtxGetDevice");
        }
        int count = 0;
        detail::check(adopted.driver(), adopted.driver().device_get_count(&count), "cuDeviceGetCount");
        for (int ordinal = 0; ordinal < count; ++ordinal) {
            CUdevice candidate = 0;
            detail::check(adopted.driver(), adopted.driver().device_get(&candidate, ordinal), "cuDeviceGet");
            if (candidate == adopted.device()) adopted.ordinal_ = ordinal;
        }
        adopted.set_up();
        return adopted;
    }

    int ordinal() const noexcept { return ordinal_; }
    CUdevice device() const noexcept { return state_->device; }
    CUcontext context() const noexcept { return state_->context; }
    /// Whether the backend retained its context (a primary context) rather than adopting it.
    bool owns_context() const noexcept { return state_->owns_context; }
    /// The device's compute capability: {9, 0} on Hopper.
    std::pair<int, int> compute_capability() const noexcept { return {major_, minor_}; }

    /// The device's name, as the driver reports it ("NVIDIA H200").
    std::string device_name() const {
        std::array<char, 256> text{};
        detail::check(driver(), driver().device_get_name(text.data(), static_cast<int>(text.size()), device()),
                      "cuDeviceGetName");
        return text.data();
    }

    /// Makes the backend's context current on the calling thread, for the caller's own driver calls.
    void make_current() const { detail::check(driver(), driver().ctx_set_current(context()), "cuCtxSetCurrent"); }

    /// Makes the backend's context current until the returned scope ends, then restores the
    /// caller's; the backend's calls inside it switch nothing. `launch_pipeline` holds one around
    /// all its stages.
    context_scope enter_context() const { return context_scope(driver(), context()); }

    /// A zero-byte buffer holds no memory: address 0, which free_buffer ignores (the driver refuses
    /// to allocate 0 bytes; the other backends hand out an empty buffer too).
    buffer allocate_buffer(std::size_t byte_size) {
        if (byte_size == 0) return {0, 0};
        const context_scope current(driver(), context());
        CUdeviceptr address = 0;
        if (const CUresult result = driver().mem_alloc(&address, byte_size); result != CUDA_SUCCESS)
            detail::fail(driver(), result, "cuMemAlloc", byte_size, " bytes");
        return {address, byte_size};
    }

    /// Frees without throwing, in the backend's context, or where that cannot be made current (the
    /// driver failing, or a moved-from backend) in whichever is current: the driver finds an
    /// allocation's context from its address (unified addressing). A free the driver refuses leaves
    /// the memory allocated and counts in `failed_free_count()`.
    void free_buffer(buffer allocated) noexcept {
        if (allocated.address != 0) detail::free_memory(*api_, context(), allocated.address);
    }

    /// A buffer in stream order: usable by work queued on `on` (the legacy default stream when none)
    /// after this call, from `memory_pool()` (`cuMemAllocFromPoolAsync`); nothing waits. Where the
    /// device has no memory pools, a `cuMemAlloc` allocation. Free it with `free_buffer_on`.
    buffer allocate_buffer_on(std::size_t byte_size, const std::optional<stream>& on) {
        if (!memory_pools_) return allocate_buffer(byte_size);
        if (byte_size == 0) return {0, 0};
        const context_scope current(driver(), context());
        CUdeviceptr address = 0;
        if (const CUresult result = driver().mem_alloc_from_pool_async(&address, byte_size, memory_pool(), on.value_or(nullptr));
            result != CUDA_SUCCESS)
            detail::fail(driver(), result, "cuMemAllocFromPoolAsync", byte_size, " bytes");
        return {address, byte_size};
    }

    /// Frees a buffer of `allocate_buffer_on` in stream order, once the work queued on `on` before
    /// it is done (`cuMemFreeAsync`), without waiting. Where the backend's context cannot be made
    /// current (the driver failing, a moved-from backend), `cuMemFree` frees it, which waits (the
    /// driver finds the allocation's context from its address); a refused free counts in `failed_free_count()`.
    void free_buffer_on(buffer allocated, const std::optional<stream>& on) noexcept {
        if (!memory_pools_ || allocated.address == 0) return free_buffer(allocated);
        CUresult result = CUDA_SUCCESS;
        try {
            const context_scope current(driver(), context());
            result = api_->mem_free_async(allocated.address, on.value_or(nullptr));
        } catch (const error&) {
            result = api_->mem_free(allocated.address);
        }
        if (result != CUDA_SUCCESS) detail::failed_frees().fetch_add(1, std::memory_order_relaxed);
    }

    /// Makes `allocate_buffer_on` (a launch's own scratch) allocate from `pool`, a `CUmemoryPool` of
    /// this device that the caller keeps alive while the backend allocates from it; null (the default)
    /// for the backend's own pool.
    void set_memory_pool(CUmemoryPool pool) noexcept { memory_pool_ = pool; }
    /// The pool `allocate_buffer_on` allocates from: the caller's (`set_memory_pool`), else the
    /// backend's own, made with it and destroyed with it, which keeps the memory freed into it for the
    /// next allocation (its `CU_MEMPOOL_ATTR_RELEASE_THRESHOLD` is the largest value: a device's default
    /// pool returns freed memory to the system at each synchronization, and mapping it again costs a
    /// repeated cold launch several times its own time). `cuMemPoolTrimTo(memory_pool(), 0)` gives the
    /// unused memory back. Null where the device has no memory pools.
    CUmemoryPool memory_pool() const noexcept { return memory_pool_ != nullptr ? memory_pool_ : state_->own_pool; }
    /// Whether the device has memory pools (`CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED`), so that
    /// `allocate_buffer_on` is stream-ordered.
    bool has_memory_pools() const noexcept { return memory_pools_; }

    /// Copies `bytes` from host memory into the start of `to`; waits for the copy.
    void upload(const buffer& to, const void* from, std::size_t bytes) {
        accy::detail::check_transfer("cuda backend: ", "upload", bytes, to, from);
        if (bytes == 0) return;
        const context_scope current(driver(), context());
        detail::check(driver(), driver().memcpy_htod(to.address, from, bytes), "cuMemcpyHtoD");
    }

    /// Copies `bytes` from the start of `from` into host memory, after the default stream's work.
    void download(void* to, const buffer& from, std::size_t bytes) {
        accy::detail::check_transfer("cuda backend: ", "download", bytes, from, to);
        if (bytes == 0) return;
        const context_scope current(driver(), context());
        detail::check(driver(), driver().memcpy_dtoh(to, from.address, bytes), "cuMemcpyDtoH");
    }

    /// The artifact of an entry; CUDA source is compiled here by NVRTC for this device's architecture.
    artifact create_artifact(const kernel_entry& entry, format fmt, const payload& code) {
        return detail::make_artifact(entry, fmt, code, major_, minor_);
    }

    /// Loads the payload (once per distinct payload in the process), finds the entry's function in
    /// this context and checks the entry's declaration against it before any launch: parameters
    /// (offsets and sizes from the driver, types from PTX), block, shared memory, launch attributes.
    kernel load_artifact(const artifact& made) {
        const context_scope current(driver(), context());
        return detail::load_kernel(driver(), device(), made);
    }

    /// The kernel of `entry` in `fmt` for a launch without a pool (`accy::backend_keeping_kernels`):
    /// made and loaded as `load_artifact(create_artifact(entry, fmt, entry.payload))` the first time,
    /// then the same kernel, kept with its library until the backend goes. A cold launch thus loads,
    /// checks and (for `cuda_source`) compiles each kernel once per backend.
    kernel kept_kernel(const kernel_entry& entry, format fmt) {
        driver();  // a moved-from backend, which keeps no kernels, throws here
        return state_->kept->find_or_load(entry, fmt, [&] { return load_artifact(create_artifact(entry, fmt, entry.payload)); });
    }

    /// The scratch arena of a launch without a pool (`accy::backend_keeping_scratch`): the first
    /// `byte_size` bytes of one arena the backend keeps for such launches, which wait for their
    /// stages, so that a repeated cold launch allocates nothing; a `cuMemAlloc` allocation, grown to
    /// the largest size asked for up to 64 MiB and freed with the backend. Empty where it is lent to
    /// another launch or `byte_size` is over 64 MiB: such a launch allocates its own.
    buffer borrow_kept_scratch(std::size_t byte_size) {
        driver();  // a moved-from backend, which keeps no arena, throws here
        return state_->kept_scratch->borrow(
            byte_size, [&](std::size_t size) { return allocate_buffer(size); }, [&](buffer old) { free_buffer(old); });
    }
    /// Takes the arena of `borrow_kept_scratch` back once its launch waited for its stages.
    void return_kept_scratch() noexcept { state_->kept_scratch->give_back(); }

    void unload_kernel(const kernel& loaded) noexcept {
        // A library belongs to no context: a moved-from backend unloads it too.
        if (loaded.library != nullptr) detail::libraries().release(*api_, loaded.library);
    }

    /// Sets every byte of `zeroed` to 0, queued on `on` (the legacy default stream when none).
    void fill_zero(const buffer& zeroed, const std::optional<stream>& on) {
        const context_scope current(driver(), context());
        detail::check(driver(), driver().memset_d8_async(zeroed.address, 0, zeroed.byte_size, on.value_or(nullptr)),
                      "cuMemsetD8Async");
    }

    /// What only the device knows about a launch, checked for every stage before any stage
    /// launches: a cooperative kernel's grid must be resident at once.
    void check_launch(const kernel& loaded, const launch_config& config) const { detail::check_resident(loaded, config.grid); }

    /// One cuLaunchKernelEx with the entry's launch attributes (a kernel that waits on its
    /// predecessor launches with programmatic stream serialization); the parameters are pointers
    /// to the arguments' values, packed on the stack.
    void launch(const kernel& loaded, const launch_config& config, std::span<const kernel_argument> arguments,
                const std::optional<stream>& on) {
        detail::launch_kernel(driver(), context(), loaded, config, arguments, on.value_or(nullptr));
    }

    /// Waits for `on`, or for all work of the context when none is given.
    void synchronize(const std::optional<stream>& on) {
        const context_scope current(driver(), context());
        if (on) detail::check(driver(), driver().stream_synchronize(*on), "cuStreamSynchronize");
        else detail::check(driver(), driver().ctx_synchronize(), "cuCtxSynchronize");
    }

    /// Whether `on` (the legacy default stream when none) is capturing a graph: a capture that is
    /// active or already invalidated, or, for the legacy stream, any capture it would join or break.
    bool capturing(const std::optional<stream>& on) const {
        const context_scope current(driver(), context());
        CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
        const CUresult result = driver().stream_is_capturing(on.value_or(nullptr), &status);
        if (result == CUDA_ERROR_STREAM_CAPTURE_IMPLICIT) return true;
        detail::check(driver(), result, "cuStreamIsCapturing");
        return status != CU_STREAM_CAPTURE_STATUS_NONE;
    }

    /// The driver table, for the helpers that create driver objects in this backend's context.
    /// Every member that calls the driver gets it here, so on a moved-from backend (no context)
    /// each throws `launch_argument_mismatch` before calling it.
    const driver_api& driver() const {
        if (context() == nullptr) [[unlikely]]
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({"accy::cuda::backend of device ", ordinal_,
                                               " was moved from: its context belongs to the backend it was moved to"}));
        return *api_;
    }

private:
    backend(const driver_api* api, CUcontext adopted) noexcept : api_(api), state_({api, 0, adopted}) {}

    /// Once the context is known: the device's facts, the backend's memory pool where the device
    /// has pools, and the store of kept kernels. A throw leaves them to the state's release.
    void set_up() {
        major_ = detail::device_attribute(driver(), device(), CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                                          "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR");
        minor_ = detail::device_attribute(driver(), device(), CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                                          "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR");
        memory_pools_ = detail::device_attribute(driver(), device(), CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
                                                 "CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED") != 0;
        state_->kept = std::make_unique<detail::kept_kernels>();
        state_->kept_scratch = std::make_unique<detail::kept_arena>();
        if (!memory_pools_) return;
        CUmemPoolProps properties{};
        properties.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
        properties.location = {CU_MEM_LOCATION_TYPE_DEVICE, device()};
        detail::check(driver(), driver().mem_pool_create(&state_->own_pool, &properties), "cuMemPoolCreate");
        std::uint64_t keep_all = UINT64_MAX;
        detail::check(driver(), driver().mem_pool_set_attribute(state_->own_pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep_all),
                      "cuMemPoolSetAttribute");
    }

    /// The device and context the backend runs in, whether the context is a primary context the
    /// backend retained and releases, and what the backend made in it: its memory pool and the
    /// kernels and the scratch arena it keeps. A pool's memory still in use goes back to the system
    /// once it is freed.
    struct state {
        const driver_api* api = nullptr;
        CUdevice device = 0;
        CUcontext context = nullptr;
        bool owns_context = false;
        CUmemoryPool own_pool = nullptr;
        std::unique_ptr<detail::kept_kernels> kept{};
        std::unique_ptr<detail::kept_arena> kept_scratch{};

        void release() noexcept {
            if (kept != nullptr) kept->release(*api);
            if (kept_scratch != nullptr)
                kept_scratch->release([&](buffer arena) {
                    if (arena.address != 0) detail::free_memory(*api, context, arena.address);
                });
            if (own_pool != nullptr) api->mem_pool_destroy(own_pool);
            if (context != nullptr && owns_context) api->primary_ctx_release(device);
        }
    };

    const driver_api* api_;  ///< kept by a moved-from backend, which still frees and unloads
    accy::detail::owner<state> state_;
    int ordinal_ = 0;
    int major_ = 0, minor_ = 0;
    bool memory_pools_ = false;
    CUmemoryPool memory_pool_ = nullptr;
};

static_assert(accy::backend_with_stream_memory<backend>);

}  // namespace accy::cuda
