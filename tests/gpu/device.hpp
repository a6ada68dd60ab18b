// SPDX-License-Identifier: Apache-2.0
// Defines the support of the GPU tests: the skip when no device is present, the shared backend, the error checks
// (tests/support/errors.hpp), random data and copies.
#pragma once

#include "support/errors.hpp"

#include <accy/backend/cuda.hpp>

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace accy_gpu_test {

using accy_test::code_is;
using accy_test::fails_with;

/// ctest's SKIP_RETURN_CODE of the GPU tests.
inline constexpr int skip_exit_code = 77;

/// The backend of device 0, shared by the tests of one executable.
inline accy::cuda::backend& device() {
    static accy::cuda::backend instance(0);
    return instance;
}

/// Global fixture: where the driver or the device is missing, prints why and exits with the skip code.
struct require_device {
    require_device() {
        try {
            const std::string name = device().device_name();
            std::cout << "accy gpu tests on " << name << " (device 0)" << std::endl;
        } catch (const accy::error& failure) {
            if (failure.code() != accy::errc::runtime_unavailable) throw;
            std::cout << "skipped: " << failure.what() << std::endl;
            std::exit(skip_exit_code);
        }
    }
};

/// One engine per executable, seeded afresh each run; the seed is printed to reproduce a failure.
inline std::mt19937_64& engine() {
    static std::mt19937_64 instance = [] {
        const std::uint64_t seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
        std::cout << "random seed " << seed << std::endl;
        return std::mt19937_64(seed);
    }();
    return instance;
}

/// `count` values uniform in [low, high]: never all zeros.
template <class T>
std::vector<T> random_values(std::size_t count, T low, T high) {
    std::vector<T> values(count);
    if constexpr (std::is_floating_point_v<T>) {
        std::uniform_real_distribution<T> draw(low, high);
        for (T& value : values) value = draw(engine());
    } else {
        std::uniform_int_distribution<T> draw(low, high);
        for (T& value : values) value = draw(engine());
    }
    return values;
}

/// `count` elements of `T` on the test device: `gpu_buffer<float> out(device(), n)`.
template <class T>
using gpu_buffer = accy::device_buffer<T, accy::cuda::backend>;

/// A device buffer holding `values`.
template <class T>
gpu_buffer<T> to_device(std::span<const T> values) {
    gpu_buffer<T> owned(device(), values.size());
    owned.upload(values);
    return owned;
}

/// The first `count` elements of a device buffer, after the default stream's work.
template <class T>
std::vector<T> to_host(const accy::buffer& from, std::size_t count) {
    std::vector<T> values(count);
    device().download(values.data(), from, count * sizeof(T));
    return values;
}

/// A driver entry point that accy does not call itself (stream capture, memory pools), found through cuGetProcAddress.
template <class Function>
Function driver_entry(const char* symbol, int version) {
    void* found = nullptr;
    CUdriverProcAddressQueryResult status{};
    accy::cuda::detail::check(device().driver(), device().driver().get_proc_address(symbol, &found, version, 0, &status),
                              symbol);
    return reinterpret_cast<Function>(found);
}

/// Fills a buffer with 0xff bytes (NaN as float, -1 as an integer), so that an unwritten element shows.
inline void poison(const accy::buffer& target) {
    const std::vector<unsigned char> bytes(target.byte_size, 0xff);
    device().upload(target, bytes.data(), bytes.size());
    // A copy from pageable memory may return before its DMA lands, and work on a non-blocking stream
    // does not wait for it: wait here, so that no later write of a test is overwritten by the poison.
    device().synchronize(std::nullopt);
}

}  // namespace accy_gpu_test
