// SPDX-License-Identifier: Apache-2.0
// Defines the CUDA checks of the multi_gpu tests, each over a device set, so that one GPU (device
// 0 once, or twice standing for two devices) and every device of a machine run the same checks;
// and `require_devices`, the skip where the driver has fewer devices than a test needs.
#pragma once

#include "support/random_data.hpp"

#include "common/random_values.hpp"
#include "scan/scan_check.hpp"
#include "scan/scan_pipeline.hpp"
#include "split_scan/split_scan.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy/device_buffer.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace accy_multi_gpu_test {

/// ctest's SKIP_RETURN_CODE of these tests.
inline constexpr int skip_exit_code = 77;

/// Exits with the skip code, saying why, where there is no usable driver or fewer than `needed`
/// devices; prints the devices otherwise.
inline void require_devices(int needed) {
    int count = 0;
    try {
        count = accy::cuda::device_count();
    } catch (const accy::error& failure) {
        if (failure.code() != accy::errc::runtime_unavailable) throw;
        std::cout << "skipped: " << failure.what() << std::endl;
        std::exit(skip_exit_code);
    }
    if (count < needed) {
        std::cout << "skipped: these tests need " << needed << " CUDA devices; the driver sees " << count << std::endl;
        std::exit(skip_exit_code);
    }
    for (int ordinal = 0; ordinal < count; ++ordinal)
        std::cout << "device " << ordinal << ": " << accy::cuda::backend(ordinal).device_name() << std::endl;
}

/// A global fixture: `require_devices(Needed)` before any test runs.
template <int Needed>
struct devices_needed {
    devices_needed() { require_devices(Needed); }
};

/// The scan's tile, in elements: sizes around it cross a tile's end.
inline constexpr std::uint32_t tile = accy_examples::scan::tile::elements;

inline std::mt19937& engine() {
    static std::mt19937 instance = accy_test::fresh_engine();
    return instance;
}

/// The split scan over `devices`, f32 and i32, at each of `sizes`, against the C++ scan: a first
/// launch, then a second on fresh values, with the same pools and buffers.
inline void check_split_scan(accy::cuda::devices& devices, std::initializer_list<std::uint32_t> sizes) {
    const auto check = [&]<class T>(std::uint32_t n) {
        accy_examples::split::split_scan<T, accy::cuda::devices, accy::static_format<accy::format::cuda_fatbin>> scan(
            devices, accy::formats::cuda_fatbin, n);
        for (const char* launch : {"first launch", "second launch"}) {
            const std::vector<T> input = accy_examples::random_values<T>(engine(), n);
            scan.upload(input);
            scan.launch();
            BOOST_TEST(accy_examples::scan::check<T>(input, scan.download(), launch),
                       launch << " of " << n << " " << accy::to_string(accy::dtype_of<T>) << " over " << scan.device_count()
                              << " devices");
        }
    };
    for (const std::uint32_t n : sizes) {
        check.operator()<std::int32_t>(n);
        check.operator()<float>(n);
    }
}

/// A copy from each device to each other lands, queued behind the launch on the sender that
/// writes what it copies (a launch from a pool and scratch, which returns without waiting).
inline void check_copies_between_every_two(accy::cuda::devices& devices) {
    using pipeline = accy_examples::scan::pipeline<std::int32_t>;
    constexpr std::uint32_t n = (1u << 24) + 1;
    for (std::size_t source = 0; source < devices.size(); ++source)
        for (std::size_t target = 0; target < devices.size(); ++target) {
            if (source == target) continue;
            const std::vector<std::int32_t> input = accy_examples::random_values<std::int32_t>(engine(), n);
            accy::device_buffer<std::int32_t, accy::cuda::backend> in(devices[source], n), out(devices[source], n),
                received(devices[target], n);
            in.upload(input);
            const auto pool = accy::load_artifacts<pipeline>(devices[source], accy::formats::cuda_fatbin);
            const auto scratch = accy::allocate_scratch<pipeline>(devices[source], pipeline::scalar_values{n});
            accy::launch_pipeline<pipeline>(devices[source], accy::formats::cuda_fatbin, std::array{in.view()},
                                            std::array{out.view()}, pipeline::scalar_values{n}, accy::use_pool(pool),
                                            accy::use_scratch(scratch), accy::on_stream(devices.stream(source)));
            devices.copy(target, received.view(), source, out.view(), out.byte_size());
            devices.synchronize();
            BOOST_TEST(accy_examples::scan::check<std::int32_t>(input, received.download(), "copied scan"),
                       "from device " << source << " to device " << target);
        }
}

/// One thread per device, each launching the scan pipeline from its own pool and scratch on its own
/// device and stream, all at once; each result against the C++ scan.
inline void check_thread_per_device(accy::cuda::devices& devices) {
    using pipeline = accy_examples::scan::pipeline<float>;
    constexpr std::uint32_t n = (1u << 22) + 3;
    std::vector<std::vector<float>> inputs, outputs(devices.size());
    for (std::size_t device = 0; device < devices.size(); ++device)
        inputs.push_back(accy_examples::random_values<float>(engine(), n));
    std::vector<std::string> failures(devices.size());
    {
        std::vector<std::jthread> threads;
        for (std::size_t device = 0; device < devices.size(); ++device)
            threads.emplace_back([&, device] {
                try {
                    accy::cuda::backend& backend = devices[device];
                    const auto pool = accy::load_artifacts<pipeline>(backend, accy::formats::cuda_fatbin);
                    const auto scratch = accy::allocate_scratch<pipeline>(backend, pipeline::scalar_values{n});
                    accy::device_buffer<float, accy::cuda::backend> in(backend, n), out(backend, n);
                    in.upload(inputs[device]);
                    for (int launch = 0; launch < 20; ++launch)
                        accy::launch_pipeline<pipeline>(backend, accy::formats::cuda_fatbin, std::array{in.view()},
                                                        std::array{out.view()}, pipeline::scalar_values{n}, accy::use_pool(pool),
                                                        accy::use_scratch(scratch), accy::on_stream(devices.stream(device)));
                    backend.synchronize(devices.stream(device));
                    outputs[device] = out.download();
                } catch (const accy::error& failure) {
                    failures[device] = failure.what();
                }
            });
    }
    for (std::size_t device = 0; device < devices.size(); ++device) {
        BOOST_TEST(failures[device].empty(), "device " << device << ": " << failures[device]);
        if (failures[device].empty())
            BOOST_TEST(accy_examples::scan::check<float>(inputs[device], outputs[device], "thread per device"),
                       "device " << device);
    }
}

/// A pool per device loads each payload once for the process: the pools of the second device on
/// load no library the first device's did not.
inline void check_one_load_for_every_device(accy::cuda::devices& devices) {
    using pipeline = accy_examples::split::slice_sums<float>;
    std::vector<accy::artifact_pool<pipeline, accy::cuda::backend>> pools;
    pools.push_back(accy::load_artifacts<pipeline>(devices[0], accy::formats::cuda_fatbin));
    const std::size_t loaded = accy::cuda::loaded_library_count();
    for (std::size_t device = 1; device < devices.size(); ++device)
        pools.push_back(accy::load_artifacts<pipeline>(devices[device], accy::formats::cuda_fatbin));
    BOOST_TEST(accy::cuda::loaded_library_count() == loaded);
    for (std::size_t device = 0; device < devices.size(); ++device)
        BOOST_TEST(pools[device].device() == &devices[device]);
}

}  // namespace accy_multi_gpu_test
