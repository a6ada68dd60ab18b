// SPDX-License-Identifier: Apache-2.0
// Helpers of the ABI tests: error predicates that check code and message, host buffers that free
// themselves, and the buffers the recording backend's launches are given.
#pragma once

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace accy_abi {

using accy::testing::recording_backend;

/// The message of the accy::error that `call` throws, or "no error".
inline std::string message_of(auto&& call) {
    try {
        call();
    } catch (const accy::error& failure) {
        return failure.what();
    }
    return "no error";
}

/// A predicate for BOOST_CHECK_EXCEPTION: the error's code is `code` and its message holds every one of `parts`.
inline auto fails_with(accy::errc code, std::initializer_list<std::string_view> parts) {
    std::vector<std::string> expected(parts.begin(), parts.end());
    return [code, expected](const accy::error& failure) {
        BOOST_TEST_MESSAGE("accy::error: " << failure.what());
        bool found = failure.code() == code;
        for (const std::string& part : expected) {
            const bool has = failure.message().find(part) != std::string::npos;
            BOOST_TEST(has, "the message holds '" << part << "': " << failure.what());
            found = found && has;
        }
        return found;
    };
}

/// A recording backend buffer of `elements` values of `T`, named by `id`.
template <class T>
accy::buffer recorded(recording_backend::object_id id, std::uint64_t elements) {
    return recording_backend::buffer_for(id, static_cast<std::size_t>(elements * sizeof(T)));
}

/// A host backend buffer, freed at scope exit, with typed upload and download.
class host_buffer {
public:
    host_buffer(accy::host::backend& device, std::size_t byte_size) : device_(device), view_(device.allocate_buffer(byte_size)) {}
    host_buffer(const host_buffer&) = delete;
    host_buffer& operator=(const host_buffer&) = delete;
    ~host_buffer() { device_.free_buffer(view_); }

    const accy::buffer& view() const noexcept { return view_; }

    template <class T>
    void upload(const std::vector<T>& values) {
        device_.upload(view_, values.data(), values.size() * sizeof(T));
    }
    template <class T>
    std::vector<T> download(std::size_t count) const {
        std::vector<T> values(count);
        device_.download(values.data(), view_, count * sizeof(T));
        return values;
    }
    /// Sets every byte to `value`: scratch as a previous launch could have left it.
    void fill(unsigned char value) {
        const std::vector<unsigned char> bytes(view_.byte_size, value);
        device_.upload(view_, bytes.data(), bytes.size());
    }

private:
    accy::host::backend& device_;
    accy::buffer view_;
};

}  // namespace accy_abi
