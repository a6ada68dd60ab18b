// SPDX-License-Identifier: Apache-2.0
// Defines the options of `accy::launch_pipeline`: a loaded pool, caller-owned scratch, a stream, a label.
#pragma once

#include <accy/core/buffer.hpp>

#include <cstddef>
#include <span>
#include <string_view>

namespace accy {

template <class Pool>
struct use_pool_option {
    const Pool* pool;
};

/// Launch with the kernels of `pool` instead of loading them for this call.
template <class Pool>
use_pool_option<Pool> use_pool(const Pool& pool) noexcept {
    return {&pool};
}

template <std::size_t Extent>
struct use_scratch_option {
    std::span<const buffer, Extent> buffers;
    const void* device = nullptr;  ///< the backend instance that allocated them, where accy knows it
};

/// Launch with these intermediates instead of allocating them for this call: anything that holds
/// `accy::buffer`s contiguously, or an `accy::scratch_buffers` (which must be of the backend
/// instance launched on).
template <class Buffers>
auto use_scratch(const Buffers& buffers) noexcept {
    if constexpr (requires { buffers.buffers(); }) {
        return use_scratch_option<decltype(buffers.buffers())::extent>{buffers.buffers(), buffers.device()};
    } else {
        const std::span view{buffers};
        return use_scratch_option<decltype(view)::extent>{view};
    }
}

template <class Stream>
struct on_stream_option {
    Stream stream;
};

/// Launch on `stream`, and wait for that stream where the call waits at all.
template <class Stream>
on_stream_option<Stream> on_stream(Stream stream) noexcept {
    return {stream};
}

struct label_option {
    std::string_view text;
};

/// A name for this launch, repeated in every error message of the call.
inline label_option label(std::string_view text) noexcept { return {text}; }

}  // namespace accy
