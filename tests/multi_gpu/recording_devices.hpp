// SPDX-License-Identifier: Apache-2.0
// Defines `accy_multi_gpu_test::recording_devices`, recording backends as the device set of a split
// scan: what every device was asked to do, and the copies between them, with nothing computed.
#pragma once

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace accy_multi_gpu_test {

class recording_devices {
public:
    /// One copy between two devices, as `split_scan` asked for it.
    struct copy_record {
        std::size_t target;
        accy::buffer to;
        std::size_t source;
        accy::buffer from;
        std::size_t bytes;
    };

    explicit recording_devices(std::size_t count) : backends_(count) {}

    std::size_t size() const noexcept { return backends_.size(); }
    accy::testing::recording_backend& operator[](std::size_t index) noexcept { return backends_[index]; }
    /// Device i's stream is stream i, so that a launch's record tells which stream it went to.
    accy::testing::recording_backend::stream stream(std::size_t index) const noexcept {
        return static_cast<accy::testing::recording_backend::stream>(index);
    }
    void copy(std::size_t target, const accy::buffer& to, std::size_t source, const accy::buffer& from, std::size_t bytes) {
        copies.push_back({target, to, source, from, bytes});
    }
    void synchronize() {
        for (std::size_t index = 0; index < size(); ++index) backends_[index].synchronize(stream(index));
    }

    std::vector<copy_record> copies;

private:
    std::deque<accy::testing::recording_backend> backends_;  // not movable: a deque never moves them
};

}  // namespace accy_multi_gpu_test
