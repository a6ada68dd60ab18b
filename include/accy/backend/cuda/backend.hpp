// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::backend`, the `accy::backend` of the CUDA driver API on one device's primary context.
#pragma once

#include <accy/backend/cuda/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/message.hpp>
#include <accy/backend/cuda/module.hpp>
#include <accy/backend/cuda/parameters.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>
#include <accy/runtime/backend.hpp>

#include <cuda.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace accy::cuda {

/// The CUDA backend: the driver, loaded at run time, and the primary context of one device, made
/// current on the constructing thread (call `make_current()` before using the backend on another).
/// Buffers are `cuMemAlloc` allocations (256-byte aligned); kernels load from `cuda_ptx`,
/// `cuda_cubin` and `cuda_fatbin` payloads; a launch without a stream goes to the legacy default
/// stream, and a wait without one waits for the whole context. Move-only: the primary context is
/// released when the backend goes, after the pools and buffers made with it.
class backend {
public:
    using stream = CUstream;
    using artifact = cuda::artifact;
    using kernel = cuda::kernel;

    static constexpr std::string_view name = "cuda";

    /// Retains device `ordinal`'s primary context. Throws `errc::runtime_unavailable` where there is
    /// no driver, no device or no such ordinal.
    explicit backend(int ordinal = 0) : api_(&detail::driver()), ordinal_(ordinal) {
        int count = 0;
        detail::check(*api_, api_->device_get_count(&count), "cuDeviceGetCount");
        if (ordinal < 0 || ordinal >= count)
            throw error(errc::runtime_unavailable,
                        detail::message("CUDA device ", ordinal, " was asked for; the driver sees ", count, " device(s)"));
        detail::check(*api_, api_->device_get(&device_, ordinal), "cuDeviceGet");
        detail::check(*api_, api_->primary_ctx_retain(&context_, device_), "cuDevicePrimaryCtxRetain");
        if (const CUresult result = api_->ctx_set_current(context_); result != CUDA_SUCCESS) {
            api_->primary_ctx_release(device_);
            detail::fail(*api_, result, "cuCtxSetCurrent");
        }
    }

    backend(backend&& other) noexcept
        : api_(other.api_), ordinal_(other.ordinal_), device_(other.device_),
          context_(std::exchange(other.context_, nullptr)) {}
    backend& operator=(backend&& other) noexcept {
        if (this != &other) {
            release();
            api_ = other.api_;
            ordinal_ = other.ordinal_;
            device_ = other.device_;
            context_ = std::exchange(other.context_, nullptr);
        }
        return *this;
    }
    backend(const backend&) = delete;
    backend& operator=(const backend&) = delete;
    ~backend() { release(); }

    int ordinal() const noexcept { return ordinal_; }
    CUdevice device() const noexcept { return device_; }
    CUcontext context() const noexcept { return context_; }

    /// The device's name, as the driver reports it ("NVIDIA H200").
    std::string device_name() const {
        std::array<char, 256> text{};
        detail::check(*api_, api_->device_get_name(text.data(), static_cast<int>(text.size()), device_), "cuDeviceGetName");
        return text.data();
    }

    /// Makes the backend's context current on the calling thread.
    void make_current() const { detail::check(*api_, api_->ctx_set_current(context_), "cuCtxSetCurrent"); }

    buffer allocate_buffer(std::size_t byte_size) {
        CUdeviceptr address = 0;
        if (const CUresult result = api_->mem_alloc(&address, byte_size); result != CUDA_SUCCESS)
            detail::fail(*api_, result, "cuMemAlloc", detail::message(byte_size, " bytes"));
        return {address, byte_size};
    }

    void free_buffer(buffer allocated) noexcept {
        if (allocated.address != 0) api_->mem_free(allocated.address);
    }

    /// Copies `bytes` from host memory into the start of `to`; waits for the copy.
    void upload(const buffer& to, const void* from, std::size_t bytes) {
        check_copy("upload", to, bytes);
        if (bytes != 0) detail::check(*api_, api_->memcpy_htod(to.address, from, bytes), "cuMemcpyHtoD");
    }

    /// Copies `bytes` from the start of `from` into host memory, after the default stream's work.
    void download(void* to, const buffer& from, std::size_t bytes) {
        check_copy("download", from, bytes);
        if (bytes != 0) detail::check(*api_, api_->memcpy_dtoh(to, from.address, bytes), "cuMemcpyDtoH");
    }

    artifact create_artifact(const kernel_entry& entry, format fmt, const payload& code) {
        return detail::make_artifact(entry, fmt, code);
    }

    /// Loads the module, finds the entry's function, and checks the function's parameters (where
    /// the driver can tell them) and block limit against the entry, before any launch.
    kernel load_artifact(const artifact& made) { return detail::load_kernel(*api_, made); }

    void unload_artifact(const kernel& loaded) noexcept {
        if (loaded.module != nullptr) api_->module_unload(loaded.module);
    }

    /// Sets every byte of `zeroed` to 0, queued on `on` (the legacy default stream when none).
    void fill_zero(const buffer& zeroed, const std::optional<stream>& on) {
        detail::check(*api_, api_->memset_d8_async(zeroed.address, 0, zeroed.byte_size, on.value_or(nullptr)),
                      "cuMemsetD8Async");
    }

    /// One cuLaunchKernel: the parameters are pointers to the arguments' values, packed on the stack.
    void launch(const kernel& loaded, const launch_config& config, std::span<const kernel_argument> arguments,
                const std::optional<stream>& on) {
        if (arguments.size() != loaded.parameter_count) [[unlikely]]
            throw error(errc::launch_argument_mismatch, detail::message("the kernel takes ", loaded.parameter_count,
                                                                        " parameters, the launch binds ", arguments.size()));
        detail::kernel_parameters parameters(arguments);
        const CUresult result = api_->launch_kernel(loaded.function, config.grid.x, config.grid.y, config.grid.z,
                                                    config.block.x, config.block.y, config.block.z, config.shared_bytes,
                                                    on.value_or(nullptr), parameters.data(), nullptr);
        if (result != CUDA_SUCCESS) [[unlikely]]
            detail::fail(*api_, result, "cuLaunchKernel",
                         detail::message("grid ", to_text(config.grid), ", block ", to_text(config.block), ", ",
                                         config.shared_bytes, " bytes of dynamic shared memory"));
    }

    /// Waits for `on`, or for all work of the context when none is given.
    void synchronize(const std::optional<stream>& on) {
        if (on) detail::check(*api_, api_->stream_synchronize(*on), "cuStreamSynchronize");
        else detail::check(*api_, api_->ctx_synchronize(), "cuCtxSynchronize");
    }

    /// The driver table, for the helpers that create driver objects in this backend's context.
    const detail::driver_api& driver() const noexcept { return *api_; }

private:
    static std::string to_text(const dim3& value) {
        return detail::message("(", value.x, ", ", value.y, ", ", value.z, ")");
    }

    static void check_copy(std::string_view operation, const buffer& device, std::size_t bytes) {
        if (bytes > device.byte_size)
            throw error(errc::launch_argument_mismatch, detail::message(operation, " of ", bytes,
                                                                        " bytes: the device buffer holds ", device.byte_size));
    }

    void release() noexcept {
        if (context_ != nullptr) api_->primary_ctx_release(device_);
        context_ = nullptr;
    }

    const detail::driver_api* api_ = nullptr;
    int ordinal_ = 0;
    CUdevice device_ = 0;
    CUcontext context_ = nullptr;
};

static_assert(accy::backend<backend>);

}  // namespace accy::cuda
