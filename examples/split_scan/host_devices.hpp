// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::split::host_devices`, host backends standing for the devices of a split
// scan where there is no GPU.
#pragma once

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>

#include <cstddef>
#include <vector>

namespace accy_examples::split {

/// `count` host backends as a device set, with the members `split_scan` asks of one (those of
/// `accy::cuda::devices`). A copy between two goes through host memory: downloaded from one,
/// uploaded to the other. A host launch has finished when it returns, so there is nothing to order.
class host_devices {
public:
    explicit host_devices(std::size_t count) : backends_(count) {}

    std::size_t size() const noexcept { return backends_.size(); }
    accy::host::backend& operator[](std::size_t index) noexcept { return backends_[index]; }
    accy::host::stream stream(std::size_t) const noexcept { return {}; }

    void copy(std::size_t target, const accy::buffer& to, std::size_t source, const accy::buffer& from, std::size_t bytes) {
        std::vector<std::byte> staged(bytes);
        backends_[source].download(staged.data(), from, bytes);
        backends_[target].upload(to, staged.data(), bytes);
    }

    /// False: the backends reach each other's buffers only through host copies.
    bool enable_peer_access() const noexcept { return false; }
    void synchronize() const noexcept {}

private:
    std::vector<accy::host::backend> backends_;
};

}  // namespace accy_examples::split
