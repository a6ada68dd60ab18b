// SPDX-License-Identifier: Apache-2.0
// Defines `accy::host::rank_group` and `accy::host::communicator`: collectives between ranks that
// are threads of one process, over host memory, with NCCL's semantics, so that code written for
// `accy::nccl::communicator` can be tested where there is no GPU.
#pragma once

#include <accy/backend/host/backend.hpp>
#include <accy/backend/host/detail/reduce.hpp>
#include <accy/core/buffer.hpp>
#include <accy/core/detail/collective_checks.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/detail/owner.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/reduction.hpp>
#include <accy/pipeline/collective.hpp>
#include <accy/runtime/backend.hpp>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accy::host {

class communicator;

/// The ranks of one host communicator: made once with the rank count, then copied to every rank's
/// thread, which joins it with a `communicator` (as NCCL's ranks share a unique id). Each rank joins
/// once.
class rank_group {
public:
    /// `launch_argument_mismatch` for a size below 1.
    explicit rank_group(int size) {
        if (size < 1)
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({"accy::host::rank_group of ", size, " ranks: the size must be at least 1"}));
        shared_ = std::make_shared<shared>(size);
    }

    int size() const noexcept { return shared_->size; }

private:
    friend class communicator;

    /// One rank's part in the collective under way: what it asked for, where its elements are, and
    /// what is wrong with its call, if anything (every rank then refuses the collective).
    struct post {
        std::string_view operation{};
        std::size_t count = 0;
        dtype type = dtype::f32;
        reduction op = reduction::sum;
        int root = 0;
        const std::byte* from = nullptr;
        std::string refusal{};
    };

    /// A message `send` left for `receive`: a copy of the elements, so that a send never waits.
    struct message {
        std::vector<std::byte> bytes{};
        std::size_t count = 0;
        dtype type = dtype::f32;
    };

    struct shared {
        explicit shared(int ranks)
            : size(ranks), joined(static_cast<std::size_t>(ranks)), left(static_cast<std::size_t>(ranks)),
              posts(static_cast<std::size_t>(ranks)), mail(static_cast<std::size_t>(ranks) * static_cast<std::size_t>(ranks)) {}

        std::mutex mutex;
        std::condition_variable changed;
        int size;
        std::vector<bool> joined;
        std::vector<bool> left;  ///< ranks whose communicator is gone: a collective waiting for them fails
        int arrived = 0;
        std::uint64_t generation = 0;  ///< how many times every rank arrived
        std::vector<post> posts;
        std::vector<std::deque<message>> mail;  ///< by sender * size + receiver

        int first_left() const noexcept {
            for (std::size_t r = 0; r < left.size(); ++r)
                if (left[r]) return static_cast<int>(r);
            return -1;
        }
    };

    std::shared_ptr<shared> shared_;
};

/// One rank of a `rank_group`, used by one thread. Each collective blocks until every rank has
/// called it (the same collective, count, dtype, reduction and root on every rank, as NCCL requires),
/// and returns with its result written; a send copies its elements and returns, a receive waits for
/// them. Buffers are host memory (`accy::host::backend`'s); a collective's source and result may be
/// the same buffer. Reductions combine the ranks' elements in rank order, each step rounded to the
/// dtype, so every rank gets the same bits. A call that one rank makes wrongly (a buffer too small,
/// a rank out of range, a dtype collectives lack) or that the ranks make differently fails on every
/// rank with `launch_argument_mismatch`, and the group stays usable; a rank whose communicator is
/// destroyed makes every collective that waits for it fail with `device_error`, so nothing waits
/// forever. Move-only.
class communicator {
public:
    /// Joins `group` as rank `rank`: `launch_argument_mismatch` for a rank outside 0 to size - 1 or
    /// one that joined already.
    communicator(const rank_group& group, int rank) : state_({group.shared_, rank}) {
        rank_group::shared& shared = *state_->shared;
        const std::lock_guard lock(shared.mutex);
        if (rank < 0 || rank >= shared.size || shared.joined[static_cast<std::size_t>(rank)])
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({"accy::host::communicator: rank ", rank, " of a group of ", shared.size,
                                               rank < 0 || rank >= shared.size ? " ranks is out of range" : " ranks joined it already"}));
        shared.joined[static_cast<std::size_t>(rank)] = true;
    }

    int rank() const noexcept { return state_->rank; }
    int size() const noexcept { return state_->shared != nullptr ? state_->shared->size : 0; }

    /// `to` = the ranks' `from`, `count` elements each, combined by `op`.
    void all_reduce(const buffer& from, const buffer& to, std::size_t count, dtype type, reduction op) {
        collective({.operation = "all_reduce", .count = count, .type = type, .op = op}, from, count, to, count, [&](const auto& posts, std::byte* result) {
            combine(posts, 0, count, type, op, result);
        });
    }

    /// `to` = every rank's `from` of `count_per_rank` elements, in rank order.
    void all_gather(const buffer& from, const buffer& to, std::size_t count_per_rank, dtype type) {
        collective({.operation = "all_gather", .count = count_per_rank, .type = type}, from, count_per_rank, to,
                   wide_uint{count_per_rank} * ranks(),
                   [&](const auto& posts, std::byte* result) {
                       const std::size_t bytes = count_per_rank * size_of(type);
                       for (std::size_t r = 0; r < posts.size(); ++r) std::memcpy(result + r * bytes, posts[r].from, bytes);
                   });
    }

    /// `to` = this rank's block of `count_per_rank` elements of the ranks' `from` (`count_per_rank`
    /// × size each) combined by `op`.
    void reduce_scatter(const buffer& from, const buffer& to, std::size_t count_per_rank, dtype type, reduction op) {
        collective({.operation = "reduce_scatter", .count = count_per_rank, .type = type, .op = op}, from,
                   wide_uint{count_per_rank} * ranks(), to, count_per_rank,
                   [&](const auto& posts, std::byte* result) {
                       combine(posts, static_cast<std::size_t>(rank()) * count_per_rank, count_per_rank, type, op, result);
                   });
    }

    /// `to` = rank `root`'s `from`, `count` elements; only the root's `from` is read.
    void broadcast(const buffer& from, const buffer& to, std::size_t count, dtype type, int root) {
        collective({.operation = "broadcast", .count = count, .type = type, .root = root}, rank() == root ? from : buffer{}, rank() == root ? count : 0,
                   to, count, [&](const auto& posts, std::byte* result) {
                       std::memcpy(result, posts[static_cast<std::size_t>(root)].from, count * size_of(type));
                   });
    }

    /// Leaves `count` elements of `from` for rank `peer`'s `receive`, and returns.
    void send(const buffer& from, std::size_t count, dtype type, int peer) {
        const std::string refusal = point_to_point_refusal("send", from, count, type, peer);
        if (!refusal.empty()) throw error(errc::launch_argument_mismatch, refusal);
        rank_group::shared& shared = *state_->shared;
        const auto* bytes = reinterpret_cast<const std::byte*>(from.address);
        rank_group::message sent{std::vector<std::byte>(bytes, bytes + count * size_of(type)), count, type};
        const std::lock_guard lock(shared.mutex);
        shared.mail[static_cast<std::size_t>(rank()) * ranks() + static_cast<std::size_t>(peer)].push_back(std::move(sent));
        shared.changed.notify_all();
    }

    /// Waits for rank `peer`'s next `send` to this rank and writes its elements into `to`: they must be
    /// `count` elements of `type`.
    void receive(const buffer& to, std::size_t count, dtype type, int peer) {
        const std::string refusal = point_to_point_refusal("receive", to, count, type, peer);
        if (!refusal.empty()) throw error(errc::launch_argument_mismatch, refusal);
        rank_group::shared& shared = *state_->shared;
        std::unique_lock lock(shared.mutex);
        std::deque<rank_group::message>& from_peer =
            shared.mail[static_cast<std::size_t>(peer) * ranks() + static_cast<std::size_t>(rank())];
        shared.changed.wait(lock, [&] { return !from_peer.empty() || shared.left[static_cast<std::size_t>(peer)]; });
        if (from_peer.empty())
            throw error(errc::device_error, accy::detail::message({name(), ": receive from rank ", peer,
                                                                   ", which left the group without sending"}));
        rank_group::message received = std::move(from_peer.front());
        from_peer.pop_front();
        lock.unlock();
        if (received.count != count || received.type != type)
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({name(), ": receive of ", count, " ", to_string(type), " elements from rank ", peer,
                                               ", which sent ", received.count, " ", to_string(received.type)}));
        std::memcpy(reinterpret_cast<void*>(to.address), received.bytes.data(), received.bytes.size());
    }

private:
    std::size_t ranks() const noexcept { return static_cast<std::size_t>(size()); }

    /// "accy::host::communicator rank 1 of 4"
    std::string name() const { return accy::detail::message({"accy::host::communicator rank ", rank(), " of ", size()}); }

    std::string point_to_point_refusal(std::string_view operation, const buffer& used, std::size_t count, dtype type, int peer) const {
        if (state_->shared == nullptr) return "accy::host::communicator was moved from";
        const std::string refusal =
            accy::detail::first_refusal({accy::detail::rank_refusal("peer rank", peer, size()), accy::detail::dtype_refusal(type),
                                         accy::detail::buffer_refusal(operation == "send" ? "source" : "destination", used, count, type)});
        return refusal.empty() ? refusal : accy::detail::message({name(), ": ", operation, " of ", count, " ", to_string(type),
                                                                  " elements: ", refusal});
    }

    /// `to` = the reduction by `op` of the ranks' elements `first` to `first + count - 1`.
    static void combine(const std::vector<rank_group::post>& posts, std::size_t first, std::size_t count, dtype type, reduction op,
                        std::byte* to) {
        const std::size_t offset = first * size_of(type);
        std::memcpy(to, posts[0].from + offset, count * size_of(type));
        for (std::size_t r = 1; r < posts.size(); ++r) detail::reduce_into(to, posts[r].from + offset, count, type, op);
    }

    /// Runs one collective: posts this rank's call, waits for every rank's, computes this rank's
    /// result from the ranks' sources into a copy unless one rank's call is wrong or the ranks'
    /// differ, waits until every rank has read every source, then writes it or refuses on every rank.
    template <class Compute>
    void collective(rank_group::post call, const buffer& from, wide_uint from_count, const buffer& to, wide_uint to_count,
                    Compute&& compute) {
        if (state_->shared == nullptr)
            throw error(errc::launch_argument_mismatch, "accy::host::communicator was moved from");
        rank_group::shared& shared = *state_->shared;
        call.from = reinterpret_cast<const std::byte*>(from.address);
        call.refusal = accy::detail::first_refusal(
            {accy::detail::dtype_refusal(call.type), accy::detail::rank_refusal("root rank", call.root, size()),
             accy::detail::buffer_refusal("source", from, from_count, call.type), accy::detail::buffer_refusal("result", to, to_count, call.type)});
        std::unique_lock lock(shared.mutex);
        shared.posts[static_cast<std::size_t>(rank())] = call;
        arrive_and_wait(lock, call.operation);
        // No rank posts its next call before every rank has passed the second wait, refusing or not.
        const std::vector<rank_group::post> posts = shared.posts;
        lock.unlock();
        const std::string refusal = refusal_of(posts);
        std::vector<std::byte> result;
        if (refusal.empty()) {
            result.resize(static_cast<std::size_t>(to_count) * size_of(call.type));  // the result buffer holds as many
            compute(posts, result.data());
        }
        lock.lock();
        arrive_and_wait(lock, call.operation);
        lock.unlock();
        if (!refusal.empty()) throw error(errc::launch_argument_mismatch, refusal);
        std::memcpy(reinterpret_cast<void*>(to.address), result.data(), result.size());
    }

    /// Why every rank alike refuses the collective: a rank's call is wrong or differs from rank 0's; empty where none is.
    std::string refusal_of(const std::vector<rank_group::post>& posts) const {
        const rank_group::post& first = posts[0];
        for (std::size_t r = 0; r < posts.size(); ++r) {
            const rank_group::post& call = posts[r];
            if (!call.refusal.empty())
                return accy::detail::message({name(), ": ", posts[static_cast<std::size_t>(rank())].operation, " refused: rank ", r,
                                              "'s call of ", call.operation, " of ", call.count, " ", to_string(call.type),
                                              " elements: ", call.refusal});
            if (call.operation != first.operation || call.count != first.count || call.type != first.type ||
                call.op != first.op || call.root != first.root)
                return accy::detail::message({name(), ": the ranks called different collectives: rank 0 ", text(first), ", rank ",
                                              r, " ", text(call)});
        }
        return {};
    }

    /// "all_reduce (sum) of 1000 f32 elements", "broadcast from rank 1 of 8 u8 elements"
    static std::string text(const rank_group::post& call) {
        const bool reduces = call.operation == "all_reduce" || call.operation == "reduce_scatter";
        return accy::detail::message({call.operation, reduces ? " (" : "", reduces ? to_string(call.op) : "", reduces ? ")" : "",
                                      call.operation == "broadcast" ? " from rank " : "",
                                      call.operation == "broadcast" ? std::to_string(call.root) : "", " of ", call.count, " ",
                                      to_string(call.type), " elements"});
    }

    /// Waits until every rank arrived here; `device_error` where a rank left the group first.
    void arrive_and_wait(std::unique_lock<std::mutex>& lock, std::string_view operation) const {
        rank_group::shared& shared = *state_->shared;
        const std::uint64_t generation = shared.generation;
        if (shared.first_left() < 0 && ++shared.arrived == shared.size) {
            shared.arrived = 0;
            ++shared.generation;
            shared.changed.notify_all();
            return;
        }
        shared.changed.wait(lock, [&] { return shared.generation != generation || shared.first_left() >= 0; });
        if (shared.generation != generation) return;
        throw error(errc::device_error, accy::detail::message({name(), ": ", operation, " waits for rank ", shared.first_left(),
                                                               ", which left the group"}));
    }

    struct state {
        std::shared_ptr<rank_group::shared> shared;
        int rank = 0;

        void release() noexcept {
            if (shared == nullptr) return;
            const std::lock_guard lock(shared->mutex);
            shared->left[static_cast<std::size_t>(rank)] = true;
            shared->changed.notify_all();
        }
    };

    accy::detail::owner<state> state_;
};

/// A collective stage of a launch on the host backend, or a group of send and receive stages
/// (`backend_with_collectives`): runs `calls` through this rank's communicator, a group's sends
/// (which copy and return) before its receives (which wait), so that the ranks' sends and receives
/// pair in any order, as in an NCCL group. Every launch on the host backend is done when it returns.
inline void run_collectives(backend&, communicator& rank, std::span<const collective_call> calls, const std::optional<stream>&) {
    for (const bool sends : {true, false})
        for (const collective_call& call : calls) {
            if ((call.kind == collective_kind::receive) == sends) continue;
            switch (call.kind) {
            case collective_kind::all_reduce: rank.all_reduce(call.from, call.to, call.count, call.type, call.op); break;
            case collective_kind::all_gather: rank.all_gather(call.from, call.to, call.count, call.type); break;
            case collective_kind::reduce_scatter: rank.reduce_scatter(call.from, call.to, call.count, call.type, call.op); break;
            case collective_kind::broadcast: rank.broadcast(call.from, call.to, call.count, call.type, call.rank); break;
            case collective_kind::send: rank.send(call.from, call.count, call.type, call.rank); break;
            case collective_kind::receive: rank.receive(call.to, call.count, call.type, call.rank); break;
            case collective_kind::none: break;
            }
        }
}

}  // namespace accy::host
