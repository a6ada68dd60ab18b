// SPDX-License-Identifier: Apache-2.0
// Defines `accy::nccl::communicator`, one rank's NCCL communicator on a CUDA backend's device, destroyed
// (or aborted, once it failed) whatever happens.
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/context_scope.hpp>
#include <accy/backend/nccl/library.hpp>
#include <accy/backend/nccl/unique_id.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/collective_checks.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/reduction.hpp>
#include <accy/pipeline/collective.hpp>
#include <accy/runtime/backend.hpp>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
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
                        accy::detail::message({"accy::nccl::communicator: rank ", rank, " of a communicator of ", size,
                                               " rank(s): a rank is 0 to size - 1, and a communicator has 1 rank or more"}));
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

    /// The collectives, each queued on `on` (the legacy default stream when null) in the device's
    /// context, with NCCL's counts and semantics (`to` may be `from`): this rank's call is checked
    /// first, as `host::communicator` checks it (buffers that hold the elements, a root or peer
    /// among the ranks, a dtype collectives take: `launch_argument_mismatch`; fp8 before NCCL 2.24 or
    /// on a device before compute capability 9.0: `unsupported_operation`); NCCL's failure is
    /// `device_error` with its result and last error. NCCL cannot tell that the ranks' calls
    /// differ: every rank must make the same calls in the same order.
    ///
    /// `to` = the ranks' `from`, `count` elements each, combined by `op` (`ncclAllReduce`).
    void all_reduce(const buffer& from, const buffer& to, std::size_t count, dtype type, reduction op, CUstream on = nullptr) {
        run("all_reduce", count, type,
            {accy::detail::buffer_refusal("source", from, count, type), accy::detail::buffer_refusal("result", to, count, type)},
            "ncclAllReduce", [&](abi::communicator handle, abi::data_type nccl_type) {
                return state_->nccl->all_reduce(address(from), address(to), count, nccl_type, detail::reduction_of(op), handle, on);
            });
    }
    /// `to` = every rank's `from` of `count_per_rank` elements, in rank order (`ncclAllGather`).
    void all_gather(const buffer& from, const buffer& to, std::size_t count_per_rank, dtype type, CUstream on = nullptr) {
        run("all_gather", count_per_rank, type,
            {accy::detail::buffer_refusal("source", from, count_per_rank, type),
             accy::detail::buffer_refusal("result", to, wide_uint{count_per_rank} * ranks(), type)},
            "ncclAllGather", [&](abi::communicator handle, abi::data_type nccl_type) {
                return state_->nccl->all_gather(address(from), address(to), count_per_rank, nccl_type, handle, on);
            });
    }
    /// `to` = this rank's block of `count_per_rank` elements of the ranks' `from` combined by `op`
    /// (`ncclReduceScatter`).
    void reduce_scatter(const buffer& from, const buffer& to, std::size_t count_per_rank, dtype type, reduction op,
                        CUstream on = nullptr) {
        run("reduce_scatter", count_per_rank, type,
            {accy::detail::buffer_refusal("source", from, wide_uint{count_per_rank} * ranks(), type),
             accy::detail::buffer_refusal("result", to, count_per_rank, type)},
            "ncclReduceScatter", [&](abi::communicator handle, abi::data_type nccl_type) {
                return state_->nccl->reduce_scatter(address(from), address(to), count_per_rank, nccl_type, detail::reduction_of(op),
                                                    handle, on);
            });
    }
    /// `to` = rank `root`'s `from`, `count` elements; only the root's `from` is read (`ncclBroadcast`).
    void broadcast(const buffer& from, const buffer& to, std::size_t count, dtype type, int root, CUstream on = nullptr) {
        run("broadcast", count, type,
            {accy::detail::rank_refusal("root rank", root, size()),
             rank() == root ? accy::detail::buffer_refusal("source", from, count, type) : std::string{},
             accy::detail::buffer_refusal("result", to, count, type)},
            "ncclBroadcast", [&](abi::communicator handle, abi::data_type nccl_type) {
                return state_->nccl->broadcast(address(from), address(to), count, nccl_type, root, handle, on);
            });
    }
    /// Sends `count` elements of `from` to rank `peer`'s `receive` (`ncclSend`). NCCL's send waits
    /// on the stream for the matching receive: between two ranks that send to each other, make both
    /// calls in one `group`.
    void send(const buffer& from, std::size_t count, dtype type, int peer, CUstream on = nullptr) {
        run("send", count, type,
            {accy::detail::rank_refusal("peer rank", peer, size()), accy::detail::buffer_refusal("source", from, count, type)},
            "ncclSend", [&](abi::communicator handle, abi::data_type nccl_type) {
                return state_->nccl->send(address(from), count, nccl_type, peer, handle, on);
            });
    }
    /// Receives `count` elements from rank `peer`'s `send` into `to` (`ncclRecv`).
    void receive(const buffer& to, std::size_t count, dtype type, int peer, CUstream on = nullptr) {
        run("receive", count, type,
            {accy::detail::rank_refusal("peer rank", peer, size()), accy::detail::buffer_refusal("destination", to, count, type)},
            "ncclRecv", [&](abi::communicator handle, abi::data_type nccl_type) {
                return state_->nccl->recv(address(to), count, nccl_type, peer, handle, on);
            });
    }

    /// Makes the NCCL calls of `calls()` one group (`ncclGroupStart`, then `ncclGroupEnd`, which queues
    /// them): NCCL pairs the sends and receives in it however the ranks order them, so that ranks that
    /// send to each other do not wait for each other. Where `calls` throws, the group is ended (what
    /// it queued runs) and the exception goes on.
    template <class Calls>
    void group(Calls&& calls) {
        if (state_->device == nullptr) throw error(errc::launch_argument_mismatch, "accy::nccl::communicator was moved from");
        const library_api& nccl = *state_->nccl;
        if (const abi::result result = nccl.group_start(); result != abi::success)
            throw error(errc::device_error, state_->failure_text(result, "ncclGroupStart"), result);
        try {
            calls();
        } catch (...) {
            nccl.group_end();  // the call's failure is the error to report
            throw;
        }
        if (const abi::result result = nccl.group_end(); result != abi::success)
            throw error(errc::device_error, state_->failure_text(result, "ncclGroupEnd"), result);
    }

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
    std::size_t ranks() const noexcept { return static_cast<std::size_t>(size()); }
    static void* address(const buffer& used) noexcept { return reinterpret_cast<void*>(used.address); }

    /// Checks this rank's call of `operation` (the dtype, then `refusals` of its buffers and ranks),
    /// then makes it in the device's context: `call(handle, nccl_type)` returns NCCL's result.
    template <class Call>
    void run(std::string_view operation, std::size_t count, dtype type, std::initializer_list<std::string> refusals,
             const char* nccl_call, Call&& call) {
        if (state_->device == nullptr) throw error(errc::launch_argument_mismatch, "accy::nccl::communicator was moved from");
        const auto refused = [&](errc code, std::string_view reason) {
            return error(code, accy::detail::message({state_->name(), ": ", operation, " of ", count, " ", to_string(type),
                                                      " elements: ", reason}));
        };
        std::string refusal = accy::detail::dtype_refusal(type);
        if (refusal.empty()) refusal = accy::detail::first_refusal(refusals);
        if (!refusal.empty()) throw refused(errc::launch_argument_mismatch, refusal);
        if (type == dtype::f8_e4m3 || type == dtype::f8_e5m2) {
            const auto [major, minor] = state_->device->compute_capability();
            if (state_->nccl->version < detail::first_fp8_version)
                throw refused(errc::unsupported_operation, accy::detail::message({"NCCL ", detail::version_text(state_->nccl->version),
                                                                                  " takes no fp8 elements (NCCL 2.24 and later do)"}));
            if (major < 9)
                throw refused(errc::unsupported_operation,
                              accy::detail::message({"NCCL takes fp8 elements on devices of compute capability 9.0 or more; this is ",
                                                     major, ".", minor}));
        }
        if (state_->handle == nullptr) check();  // aborted: reports why
        const cuda::context_scope current(state_->device->driver(), state_->device->context());
        if (const abi::result result = call(state_->handle, detail::data_type_of(type)); result != abi::success)
            throw error(errc::device_error, state_->failure_text(result, nccl_call), result);
    }

    struct state {
        const library_api* nccl = nullptr;
        cuda::backend* device = nullptr;
        abi::communicator handle = nullptr;  ///< null where NCCL made none, or once aborted
        int rank = 0;
        int size = 0;
        abi::result failed = abi::success;  ///< what `check` found, after which the communicator is aborted
        std::string failure{};

        /// "accy::nccl::communicator rank 1 of 2 on CUDA device 0"
        std::string name() const {
            return accy::detail::message({"accy::nccl::communicator rank ", rank, " of ", size, " on CUDA device ", device->ordinal()});
        }

        /// "accy::nccl::communicator rank 1 of 2 on CUDA device 0: ncclCommInitRank failed with ...: <NCCL's last error>".
        std::string failure_text(abi::result result, std::string_view call) const {
            const char* last = nccl->get_last_error(handle);
            const bool has_last = last != nullptr && *last != '\0';
            return accy::detail::message({name(), ": ", call, " failed with ", detail::result_text(*nccl, result),
                                          has_last ? ": " : "", has_last ? last : ""});
        }

        void release() noexcept {
            if (handle != nullptr) nccl->comm_destroy(handle);
        }
    };

    accy::detail::owner<state> state_;
};

/// A collective stage of a launch on the CUDA backend, or a group of send and receive stages
/// (`backend_with_collectives`): queues `calls` on `on` through this rank's communicator, which must
/// run on `device` (`launch_argument_mismatch` otherwise), a group between `ncclGroupStart` and
/// `ncclGroupEnd` (`group`).
inline void run_collectives(cuda::backend& device, communicator& rank, std::span<const collective_call> calls,
                            const std::optional<CUstream>& on) {
    if (rank.device() != &device)
        throw error(errc::launch_argument_mismatch,
                    "accy::nccl::communicator: a launch on one CUDA backend ran a collective through a communicator of another");
    const CUstream stream = on.value_or(nullptr);
    const auto run = [&](const collective_call& call) {
        switch (call.kind) {
        case collective_kind::all_reduce: return rank.all_reduce(call.from, call.to, call.count, call.type, call.op, stream);
        case collective_kind::all_gather: return rank.all_gather(call.from, call.to, call.count, call.type, stream);
        case collective_kind::reduce_scatter: return rank.reduce_scatter(call.from, call.to, call.count, call.type, call.op, stream);
        case collective_kind::broadcast: return rank.broadcast(call.from, call.to, call.count, call.type, call.rank, stream);
        case collective_kind::send: return rank.send(call.from, call.count, call.type, call.rank, stream);
        case collective_kind::receive: return rank.receive(call.to, call.count, call.type, call.rank, stream);
        case collective_kind::none: break;
        }
    };
    if (calls.size() == 1) return run(calls[0]);
    rank.group([&] {
        for (const collective_call& call : calls) run(call);
    });
}

}  // namespace accy::nccl
