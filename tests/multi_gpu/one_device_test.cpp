// SPDX-License-Identifier: Apache-2.0
// The multi-device view on one GPU: device 0 alone (the split scan of N = 1), device 0 twice standing
// for two devices (every copy, ordering and thread of two devices, in one context), and the errors.
// Exits 77, which ctest counts as skipped, where there is no driver or no device.
#include "multi_gpu/cuda_cases.hpp"
#include "support/errors.hpp"

#include <accy/backend/cuda.hpp>

#include <boost/test/unit_test.hpp>

#include <cuda.h>
#include <cudaTypedefs.h>

#include <cstddef>
#include <cstdint>

namespace {

using namespace accy_multi_gpu_test;

using require_one_device = devices_needed<1>;
BOOST_TEST_GLOBAL_FIXTURE(require_one_device);

/// Whether device `ordinal`'s primary context exists: someone holds it retained.
bool primary_context_active(int ordinal) {
    const accy::cuda::driver_api& api = accy::cuda::driver();
    void* address = nullptr;
    CUdriverProcAddressQueryResult found{};
    BOOST_TEST_REQUIRE(api.get_proc_address("cuDevicePrimaryCtxGetState", &address, 7000, CU_GET_PROC_ADDRESS_DEFAULT,
                                            &found) == CUDA_SUCCESS);
    CUdevice device = 0;
    BOOST_TEST_REQUIRE(api.device_get(&device, ordinal) == CUDA_SUCCESS);
    unsigned flags = 0;
    int active = 0;
    BOOST_TEST_REQUIRE(reinterpret_cast<PFN_cuDevicePrimaryCtxGetState_v7000>(address)(device, &flags, &active) == CUDA_SUCCESS);
    return active != 0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(multi_gpu_one_device)

BOOST_AUTO_TEST_CASE(the_split_scan_on_one_device_matches_the_reference) {
    accy::cuda::devices devices{0};
    BOOST_TEST(devices.size() == 1u);
    check_split_scan(devices, {1, 1000, tile + 1, (1u << 20) + 3, (1u << 26) + 7});
}

BOOST_AUTO_TEST_CASE(device_0_twice_stands_for_two_devices) {
    accy::cuda::devices devices{0, 0};
    BOOST_TEST(devices[0].context() == devices[1].context());
    BOOST_TEST(devices.stream(0) != devices.stream(1));
    BOOST_TEST(accy::cuda::can_access_peer(devices[0], devices[1]));
    BOOST_TEST(devices.enable_peer_access());
    check_split_scan(devices, {1, 2, 1000, tile + 1, (1u << 20) + 3, (1u << 26) + 7});
    check_copies_between_every_two(devices);
    check_thread_per_device(devices);
    check_one_load_for_every_device(devices);
}

BOOST_AUTO_TEST_CASE(a_missing_ordinal_is_runtime_unavailable_and_releases_the_devices_before_it) {
    BOOST_TEST_REQUIRE(!primary_context_active(0), "nothing else in this program holds device 0's context");
    BOOST_CHECK_EXCEPTION((accy::cuda::devices{0, accy::cuda::device_count()}), accy::error,
                          accy_test::fails_with(accy::errc::runtime_unavailable, {"was asked for"}));
    BOOST_TEST(!primary_context_active(0));
}

BOOST_AUTO_TEST_CASE(a_copy_larger_than_either_buffer_is_refused_before_anything_is_queued) {
    accy::cuda::devices devices{0, 0};
    const accy::device_buffer<std::byte, accy::cuda::backend> small(devices[0], 64), large(devices[1], 128);
    BOOST_CHECK_EXCEPTION(devices.copy(1, large.view(), 0, small.view(), 128), accy::error,
                          accy_test::fails_with(accy::errc::launch_argument_mismatch, {"copy of 128 bytes", "64 bytes"}));
    BOOST_CHECK_EXCEPTION(devices.copy(0, small.view(), 1, large.view(), 128), accy::error,
                          accy_test::code_is(accy::errc::launch_argument_mismatch));
    devices.synchronize();
}

BOOST_AUTO_TEST_SUITE_END()
