// SPDX-License-Identifier: Apache-2.0
// Defines `accy::nccl::communicator`, one rank's NCCL communicator on a CUDA backend's device, destroyed
// (or aborted, once it failed) whatever happens.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/nccl/library.hpp>
#include <accy/backend/nccl/unique_id.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/error.hpp>

#include <string>
#include <string_view>

namespace accy::nccl {

/// One rank of a communicator of `size()` ranks, one process (or thread) per GPU as NCCL advises
/// for graph capture: made from the `unique_id` every rank shares, this rank and the rank count, on
/// `device`'s GPU. Move-only. Destroying it destroys the communicator (`ncclCommDestroy`, which lets
/// the work queued on it finish) or, once it failed, aborts it (`ncclCommAbort`, which does not wait
/// for ranks that may never answer).
class communicator {
public:
    /// Joins the communicator `id` names as rank `rank` of `size` (`ncclCommInitRank`, in `device`'s
    /// context): blocks until every rank has joined. `launch_argument_mismatch` for a rank outside 0
    /// to size - 1 or a size below 1, before NCCL is called; `device_error` with NCCL's result where it
    /// fails; `runtime_unavailable` without NCCL. `nccl` is the table of NCCL's entry points: tests
    /// pass a copy with some replaced; it must outlive the communicator.
    communicator(cuda::backend& device, const unique_id& id, int rank, int size, const library_api& nccl = library())
        : state_({&nccl, &device, nullptr, rank, size}) {
        if (size < 1 || rank < 0 || rank >= size)
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message("accy::nccl::communicator: rank ", rank, " of a communicator of ", size,
                                              " rank(s): a rank is 0 to size - 1, and a communicator has 1 rank or more"));
        const cuda::context_scope current(device.driver(), device.context());
        if (const abi::result result = nccl.comm_init_rank(&state_->handle, size, id.native(), rank); result != abi::success) {
            state_->handle = nullptr;  // NCCL made nothing to destroy
            throw error(errc::device_error, state_->failure_text(result, "ncclCommInitRank"), result);
        }
    }

    int rank() const noexcept { return state_->rank; }
    int size() const noexcept { return state_->size; }
    /// The backend whose device the rank runs on; null once moved from.
    cuda::backend* device() const noexcept { return state_->device; }
    /// NCCL's handle, for NCCL calls of the caller's own; null once moved from.
    abi::communicator native() const noexcept { return state_->handle; }

    /// Throws `device_error` with NCCL's result where the communicator failed while working
    /// (`ncclCommGetAsyncError`: a peer gone, a network error); it is aborted then (`ncclCommAbort`),
    /// and every later check throws the same. `launch_argument_mismatch` once moved from.
    void check() {
        if (state_->device == nullptr) throw error(errc::launch_argument_mismatch, "accy::nccl::communicator was moved from");
        if (state_->failed == abi::success) {
            abi::result failure = abi::success;
            if (const abi::result result = state_->nccl->comm_get_async_error(state_->handle, &failure);
                result != abi::success)
                failure = result;
            if (failure == abi::success) return;
            state_->failed = failure;
            state_->failure = state_->failure_text(failure, "an operation");
            state_->nccl->comm_abort(state_->handle);
            state_->handle = nullptr;
        }
        throw error(errc::device_error, state_->failure, state_->failed);
    }

private:
    struct state {
        const library_api* nccl = nullptr;
        cuda::backend* device = nullptr;
        abi::communicator handle = nullptr;  ///< null where NCCL made none, or once aborted
        int rank = 0;
        int size = 0;
        abi::result failed = abi::success;  ///< what `check` found, after which the communicator is aborted
        std::string failure{};

        /// "accy::nccl::communicator rank 1 of 2 on CUDA device 0: ncclCommInitRank failed with ...: <NCCL's last error>".
        std::string failure_text(abi::result result, std::string_view call) const {
            const char* last = nccl->get_last_error(handle);
            const bool has_last = last != nullptr && *last != '\0';
            return accy::detail::message("accy::nccl::communicator rank ", rank, " of ", size, " on CUDA device ",
                                         device->ordinal(), ": ", call, " failed with ",
                                         detail::result_text(*nccl, result), has_last ? ": " : "", has_last ? last : "");
        }

        void release() noexcept {
            if (handle != nullptr) nccl->comm_destroy(handle);
        }
    };

    accy::detail::owner<state> state_;
};

}  // namespace accy::nccl
