// SPDX-License-Identifier: Apache-2.0
// Helpers of the ABI tests: the names every test uses (among them the start of a test pipeline's
// definition, the error checks and the check of a recording backend's counts), a registry of kernels
// that run on both backends, checks of a refused launch (the code, the message, and a backend that
// did nothing), random host data, and host buffers that free themselves.
#pragma once

#include "support/backend_calls.hpp"
#include "support/call_counts.hpp"
#include "support/errors.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string_view>
#include <vector>

/// A test file says `using namespace accy_abi;` and has the library's vocabulary and these helpers.
namespace accy_abi {

using accy::access;
using accy::buffer;
using accy::dtype;
using accy::errc;
using accy::grid_dim;
using accy::parameter;
using accy::testing::recording_backend;
using accy_test::check_counts;
using accy_test::fails_with;
using accy_test::message_of;

/// The operands of a pipeline that has none.
inline constexpr std::array<buffer, 0> no_operands{};

// ---- Pipelines


/// `kernel`'s entries in cuda_ptx, the symbol `symbol` of PTX that the recording backend records but
/// never reads, and in host, the function `body`: a registry that both backends run.
constexpr accy::registry<2> in_both_formats(const accy::kernel_declaration& kernel, std::string_view symbol,
                                            accy::host_kernel body) noexcept {
    return accy::make_registry(kernel.entry(accy::format::cuda_ptx, symbol, accy::payload::from_text("// PTX")),
                               kernel.host_entry(body));
}

/// A recording backend buffer of `elements` values of `T`, named by `id`.
template <class T>
buffer recorded(recording_backend::object_id id, std::uint64_t elements) {
    return recording_backend::buffer_for(id, static_cast<std::size_t>(elements * sizeof(T)));
}

// ---- Errors

/// Checks that `device` has done nothing: no buffer allocated or zeroed, no artifact created or
/// loaded, no launch.
inline void check_untouched(const recording_backend& device) {
    check_counts(device, {.allocate = 0, .create = 0, .load = 0, .fill = 0, .launch = 0});
}

/// Runs `launch(device)` on a fresh recording backend: it is refused, with launch_argument_mismatch
/// and a message that holds every one of `parts`, before the backend has done anything. A failure
/// names the first part, which tells the call from the others.
inline void check_refused(const auto& launch, std::initializer_list<std::string_view> parts) {
    recording_backend device;
    BOOST_TEST_CONTEXT("the launch refused with '" << (parts.size() > 0 ? *parts.begin() : "") << "'") {
        BOOST_CHECK_EXCEPTION(launch(device), accy::error, fails_with(errc::launch_argument_mismatch, parts));
        check_untouched(device);
    }
}

// ---- Host data

/// `count` values drawn by `distribution` from `engine`, as `T`.
template <class T, class Distribution>
std::vector<T> drawn(std::mt19937& engine, std::uint64_t count, Distribution distribution) {
    std::vector<T> values(static_cast<std::size_t>(count));
    std::generate(values.begin(), values.end(), [&] { return static_cast<T>(distribution(engine)); });
    return values;
}

/// A host backend buffer, freed at scope exit, with typed upload and download.
class host_buffer : public accy_test::owned_buffer<accy::host::backend> {
public:
    using owned_buffer::owned_buffer;

    template <class T>
    void upload(const std::vector<T>& values) {
        device().upload(view(), values.data(), values.size() * sizeof(T));
    }
    template <class T>
    std::vector<T> download(std::size_t count) const {
        std::vector<T> values(count);
        device().download(values.data(), view(), count * sizeof(T));
        return values;
    }
    /// Sets every byte to `value`: scratch as a previous launch could have left it.
    void fill(unsigned char value) {
        const std::vector<unsigned char> bytes(view().byte_size, value);
        device().upload(view(), bytes.data(), bytes.size());
    }
};

}  // namespace accy_abi
