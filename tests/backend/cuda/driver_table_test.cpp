// SPDX-License-Identifier: Apache-2.0
// The CUDA backend without a GPU: cuInit's failure as an error (backend/cuda/driver.hpp), and a backend adopted with a
// driver table of fakes (backend/cuda/backend.hpp): a moved-from backend refuses before calling the driver, and a
// free still frees when its context cannot be made current.
#include "support/errors.hpp"
#include "support/fake_driver_table.hpp"

#include <accy/backend/cuda.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

namespace {

using accy_test::adopt_fake;
using accy_test::error_name;
using accy_test::error_string;
using accy_test::fails_with;
using accy_test::fake;

}  // namespace

BOOST_AUTO_TEST_SUITE(cuda_driver_table)

// Issue 34, item 8: the error named CUDA_ERROR_NO_DEVICE but its driver_result() was 0.
BOOST_AUTO_TEST_CASE(a_cuinit_failure_carries_its_cuda_result) {
    accy::cuda::detail::loaded_driver loaded;
    loaded.api.get_error_name = error_name;
    loaded.api.get_error_string = error_string;
    accy::cuda::detail::initialize(loaded, [](unsigned) { return CUDA_ERROR_NO_DEVICE; });
    const accy::error failure = loaded.unavailable();
    BOOST_TEST(failure.driver_result() == CUDA_ERROR_NO_DEVICE);
    BOOST_CHECK(fails_with(accy::errc::runtime_unavailable,
                           {"cuInit failed with CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)"})(failure));

    accy::cuda::detail::loaded_driver initialized;
    accy::cuda::detail::initialize(initialized, [](unsigned) { return CUDA_SUCCESS; });
    BOOST_TEST(initialized.failure.empty());
}

// Issue 34, item 7: a moved-from backend dereferenced a null driver table (segmentation fault).
BOOST_AUTO_TEST_CASE(a_moved_from_backend_refuses_every_driver_call_before_making_it) {
    accy::cuda::backend moved_from = adopt_fake();
    const accy::cuda::backend moved_to(std::move(moved_from));
    BOOST_TEST(moved_from.context() == nullptr);
    const accy::buffer held{0x200000, 256};
    std::array<unsigned char, 4> bytes{};
    const int calls = fake.calls;
    const auto refused = fails_with(accy::errc::launch_argument_mismatch,
                                    {"accy::cuda::backend of device 0 was moved from: its context belongs to the backend it was moved to"});
    BOOST_CHECK_EXCEPTION(moved_from.driver(), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.device_name(), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.make_current(), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.enter_context(), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.allocate_buffer(256), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.upload(held, bytes.data(), bytes.size()), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.download(bytes.data(), held, bytes.size()), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.fill_zero(held, std::nullopt), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.allocate_buffer_on(256, std::nullopt), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.load_artifact(accy::cuda::artifact{}), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.kept_kernel(accy::kernel_entry{}, accy::format::cuda_fatbin), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.borrow_kept_scratch(256), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.launch(accy::cuda::kernel{}, accy::launch_config{}, {}, std::nullopt), accy::error, refused);
    BOOST_CHECK_EXCEPTION(moved_from.synchronize(std::nullopt), accy::error, refused);
    BOOST_TEST(fake.calls == calls, "the moved-from backend called the driver " << fake.calls - calls << " time(s)");
}

// Issue 30: a launch without a pool borrows the backend's kept arena instead of allocating its scratch.
BOOST_AUTO_TEST_CASE(the_kept_arena_is_lent_to_one_launch_at_a_time_grows_and_goes_with_the_backend) {
    {
        accy::cuda::backend device = adopt_fake();
        const accy::buffer first = device.borrow_kept_scratch(1000);
        BOOST_TEST(first.byte_size == 1000u);
        BOOST_TEST(fake.allocations == 1);
        BOOST_TEST(device.borrow_kept_scratch(10).byte_size == 0u, "lent to a launch: the next one allocates its own");
        device.return_kept_scratch();

        const accy::buffer smaller = device.borrow_kept_scratch(10);
        BOOST_TEST(smaller.address == first.address);
        BOOST_TEST(smaller.byte_size == 10u);
        device.return_kept_scratch();
        BOOST_TEST(fake.allocations == 1);

        const accy::buffer larger = device.borrow_kept_scratch(4000);
        BOOST_TEST(larger.byte_size == 4000u);
        BOOST_TEST(larger.address != first.address);
        BOOST_TEST(fake.frees == 1, "the arena too small was freed");
        device.return_kept_scratch();

        fake.allocation_result = CUDA_ERROR_OUT_OF_MEMORY;
        BOOST_CHECK_EXCEPTION(device.borrow_kept_scratch(8000), accy::error,
                              fails_with(accy::errc::out_of_memory, {"cuMemAlloc", "8000 bytes"}));
        fake.allocation_result = CUDA_SUCCESS;
        BOOST_TEST(device.borrow_kept_scratch(8000).byte_size == 8000u, "a failed allocation left the arena unlent");
        device.return_kept_scratch();

        constexpr std::size_t over = accy::cuda::detail::kept_arena::largest + 1;
        const int allocations = fake.allocations;
        BOOST_TEST(device.borrow_kept_scratch(over).byte_size == 0u, "over 64 MiB: the launch allocates its own");
        BOOST_TEST(fake.allocations == allocations);
        BOOST_TEST(fake.frees == 2);
    }
    BOOST_TEST(fake.frees == 3, "the backend freed its arena");
}

// Issue 34, item 5: a free whose context switch failed never called cuMemFree, and said nothing.
BOOST_AUTO_TEST_CASE(a_free_whose_context_switch_fails_still_frees) {
    accy::cuda::backend device = adopt_fake();
    const accy::buffer allocated = device.allocate_buffer(256);
    const std::size_t failed = accy::cuda::failed_free_count();
    fake.fail_context_switch = true;
    device.free_buffer(allocated);
    BOOST_TEST(fake.frees == 1);
    BOOST_TEST(accy::cuda::failed_free_count() == failed);
}

BOOST_AUTO_TEST_CASE(a_free_the_driver_refuses_is_counted) {
    accy::cuda::backend device = adopt_fake();
    const accy::buffer allocated = device.allocate_buffer(256);
    const std::size_t failed = accy::cuda::failed_free_count();
    fake.free_result = CUDA_ERROR_ILLEGAL_ADDRESS;
    device.free_buffer(allocated);
    BOOST_TEST(fake.frees == 1);
    BOOST_TEST(accy::cuda::failed_free_count() == failed + 1);
}

BOOST_AUTO_TEST_CASE(a_moved_from_backend_still_frees_what_it_allocated) {
    accy::cuda::backend moved_from = adopt_fake();
    const accy::buffer allocated = moved_from.allocate_buffer(256);
    const accy::cuda::backend moved_to(std::move(moved_from));
    const std::size_t failed = accy::cuda::failed_free_count();
    moved_from.free_buffer(allocated);
    BOOST_TEST(fake.frees == 1);
    BOOST_TEST(accy::cuda::failed_free_count() == failed);
}

BOOST_AUTO_TEST_SUITE_END()
