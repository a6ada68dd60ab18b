// SPDX-License-Identifier: Apache-2.0
// Defines the collective stages of a pipeline: `accy::all_reduce`, `accy::all_gather`,
// `accy::reduce_scatter`, `accy::broadcast`, `accy::send` and `accy::receive`, which move a buffer's
// elements between the ranks of the communicator a launch is given, between the kernels' stages.
#pragma once

#include <accy/core/reduction.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/derivation.hpp>

#include <cstddef>
#include <string_view>

namespace accy {

enum class collective_kind { none, all_reduce, all_gather, reduce_scatter, broadcast, send, receive };

constexpr std::string_view to_string(collective_kind kind) noexcept {
    switch (kind) {
    case collective_kind::none: return "none";
    case collective_kind::all_reduce: return "all_reduce";
    case collective_kind::all_gather: return "all_gather";
    case collective_kind::reduce_scatter: return "reduce_scatter";
    case collective_kind::broadcast: return "broadcast";
    case collective_kind::send: return "send";
    case collective_kind::receive: return "receive";
    }
    return "unknown";
}

namespace detail {

/// "accy::all_reduce": a collective stage's target in messages.
constexpr std::string_view collective_target(collective_kind kind) noexcept {
    switch (kind) {
    case collective_kind::all_reduce: return "accy::all_reduce";
    case collective_kind::all_gather: return "accy::all_gather";
    case collective_kind::reduce_scatter: return "accy::reduce_scatter";
    case collective_kind::broadcast: return "accy::broadcast";
    case collective_kind::send: return "accy::send";
    case collective_kind::receive: return "accy::receive";
    case collective_kind::none: break;
    }
    return {};
}

}  // namespace detail

/// `To` = the ranks' `From` combined element by element by `Op`; `From` and `To` hold as many
/// elements, of one dtype collectives take; `To` may be `From`.
template <reduction Op, buffer_reference From, buffer_reference To>
struct all_reduce {
    static constexpr std::string_view target = detail::collective_target(collective_kind::all_reduce);
};

/// `To` = every rank's `From`, in rank order: `To` holds the rank count × `From`'s elements.
template <buffer_reference From, buffer_reference To>
struct all_gather {
    static constexpr std::string_view target = detail::collective_target(collective_kind::all_gather);
};

/// `To` = this rank's block of the ranks' `From` combined by `Op`: `From` holds the rank count ×
/// `To`'s elements.
template <reduction Op, buffer_reference From, buffer_reference To>
struct reduce_scatter {
    static constexpr std::string_view target = detail::collective_target(collective_kind::reduce_scatter);
};

/// `To` = rank `Root`'s `From`, as many elements; only the root reads `From`.
template <int Root, buffer_reference From, buffer_reference To>
struct broadcast {
    static constexpr std::string_view target = detail::collective_target(collective_kind::broadcast);
};

/// Sends `From` to rank `Peer` (an integer derivation: a constant or a runtime scalar), whose
/// `receive` takes as many elements.
template <class Peer, buffer_reference From>
struct send {
    static constexpr std::string_view target = detail::collective_target(collective_kind::send);
};

/// Receives into `To` what rank `Peer` sends.
template <class Peer, buffer_reference To>
struct receive {
    static constexpr std::string_view target = detail::collective_target(collective_kind::receive);
};

namespace detail {

/// What a collective stage is, for the stage tables: its kind, reduction and root, and its
/// buffers in the order its `stage_info` binds them (the source, then the result; one for a send
/// or a receive, then its peer).
template <class Item>
struct collective_traits {
    static constexpr bool collective = false;
};

template <collective_kind Kind, reduction Op, int Root, class First, class Second>
struct collective_of {
    static constexpr bool collective = true;
    static constexpr collective_kind kind = Kind;
    static constexpr reduction op = Op;
    static constexpr int root = Root;
    using first = First;
    using second = Second;
};

template <reduction Op, buffer_reference From, buffer_reference To>
struct collective_traits<all_reduce<Op, From, To>> : collective_of<collective_kind::all_reduce, Op, 0, From, To> {};
template <buffer_reference From, buffer_reference To>
struct collective_traits<all_gather<From, To>> : collective_of<collective_kind::all_gather, reduction::sum, 0, From, To> {};
template <reduction Op, buffer_reference From, buffer_reference To>
struct collective_traits<reduce_scatter<Op, From, To>> : collective_of<collective_kind::reduce_scatter, Op, 0, From, To> {};
template <int Root, buffer_reference From, buffer_reference To>
struct collective_traits<broadcast<Root, From, To>> : collective_of<collective_kind::broadcast, reduction::sum, Root, From, To> {};
template <class Peer, buffer_reference From>
struct collective_traits<send<Peer, From>> : collective_of<collective_kind::send, reduction::sum, 0, From, Peer> {};
template <class Peer, buffer_reference To>
struct collective_traits<receive<Peer, To>> : collective_of<collective_kind::receive, reduction::sum, 0, To, Peer> {};

template <class Item>
inline constexpr bool is_collective = collective_traits<Item>::collective;

}  // namespace detail

}  // namespace accy
