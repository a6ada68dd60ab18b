// SPDX-License-Identifier: Apache-2.0
// Defines `accy::nccl::unique_id`, what the ranks of one communicator share: made by one rank, sent to
// the others as bytes (by MPI, a file or a pipe), and given by each to its communicator.
#pragma once

#include <accy/backend/nccl/library.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>

#include <array>
#include <cstddef>
#include <cstring>
#include <span>

namespace accy::nccl {

/// NCCL's unique id of one communicator (`ncclUniqueId`, 128 bytes). Rank 0 makes it with
/// `create()`, which also starts NCCL's bootstrap listener on this host, and sends `bytes()` to
/// every other rank, which rebuilds it with `from_bytes`.
class unique_id {
public:
    static constexpr std::size_t byte_size = sizeof(abi::unique_id);

    /// A new id (`ncclGetUniqueId`). Throws `runtime_unavailable` without NCCL, and `device_error`
    /// with NCCL's result where NCCL fails (no network interface to listen on, for one).
    static unique_id create() {
        const library_api& api = library();
        unique_id made;
        if (const abi::result result = api.get_unique_id(&made.id_); result != abi::success)
            throw error(errc::device_error,
                        accy::detail::message({"ncclGetUniqueId failed with ", detail::result_text(api, result), ": ",
                                               api.get_last_error(nullptr)}),
                        result);
        return made;
    }

    /// The id another rank sent; `launch_argument_mismatch` unless `bytes` is `byte_size` long.
    static unique_id from_bytes(std::span<const std::byte> bytes) {
        if (bytes.size() != byte_size)
            throw error(errc::launch_argument_mismatch,
                        accy::detail::message({"accy::nccl::unique_id::from_bytes: an NCCL unique id is ", byte_size,
                                               " bytes, not ", bytes.size()}));
        unique_id rebuilt;
        std::memcpy(&rebuilt.id_, bytes.data(), byte_size);
        return rebuilt;
    }

    /// The id's bytes, to send to the other ranks.
    std::array<std::byte, byte_size> bytes() const noexcept {
        std::array<std::byte, byte_size> copy{};
        std::memcpy(copy.data(), &id_, byte_size);
        return copy;
    }

    /// NCCL's own form, for `ncclCommInitRank`.
    const abi::unique_id& native() const noexcept { return id_; }

    friend bool operator==(const unique_id& a, const unique_id& b) noexcept {
        return std::memcmp(&a.id_, &b.id_, byte_size) == 0;
    }

private:
    unique_id() = default;

    abi::unique_id id_{};
};

}  // namespace accy::nccl
