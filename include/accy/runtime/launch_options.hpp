// SPDX-License-Identifier: Apache-2.0
// Defines the options of `accy::launch_pipeline`: a loaded pool, caller-owned scratch, a stream, a
// communicator, a label.
#pragma once

#include <accy/core/buffer.hpp>

#include <cstddef>
#include <span>
#include <string_view>

namespace accy {

namespace detail {

// What the option functions below return; `launch_pipeline` reads them.

template <class Pool>
struct use_pool_option {
    const Pool* pool;
};

template <std::size_t Extent>
struct use_scratch_option {
    std::span<const buffer, Extent> buffers;
    const void* device = nullptr;  ///< the backend instance that allocated them, where accy knows it
};

template <class Stream>
struct on_stream_option {
    Stream stream;
};

struct label_option {
    std::string_view text;
};

template <class Communicator>
struct use_communicator_option {
    Communicator* communicator;
};

template <class Option>
inline constexpr bool is_communicator_option = false;
template <class Communicator>
inline constexpr bool is_communicator_option<use_communicator_option<Communicator>> = true;

}  // namespace detail

/// Launch with the kernels of `pool` instead of loading them for this call.
template <class Pool>
detail::use_pool_option<Pool> use_pool(const Pool& pool) noexcept {
    return {&pool};
}

/// Launch with these intermediates instead of allocating them for this call: anything that holds
/// `accy::buffer`s contiguously, or an `accy::scratch_buffers` (which must be of the backend
/// instance launched on).
template <class Buffers>
auto use_scratch(const Buffers& buffers) noexcept {
    if constexpr (requires { buffers.buffers(); }) {
        return detail::use_scratch_option<decltype(buffers.buffers())::extent>{buffers.buffers(), buffers.device()};
    } else {
        const std::span view{buffers};
        return detail::use_scratch_option<decltype(view)::extent>{view};
    }
}

/// Launch on `stream`, and wait for that stream where the call waits at all.
template <class Stream>
detail::on_stream_option<Stream> on_stream(Stream stream) noexcept {
    return {stream};
}

/// Run the pipeline's collective stages through `communicator`, this rank's (an
/// `accy::host::communicator` on the host backend, an `accy::nccl::communicator` on the CUDA
/// backend), which must outlive the launch's work. A pipeline with collective stages needs it.
template <class Communicator>
detail::use_communicator_option<Communicator> use_communicator(Communicator& communicator) noexcept {
    return {&communicator};
}

/// A name for this launch, repeated in every error message of the call.
inline detail::label_option label(std::string_view text) noexcept { return {text}; }

}  // namespace accy
