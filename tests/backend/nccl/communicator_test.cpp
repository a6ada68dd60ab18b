// SPDX-License-Identifier: Apache-2.0
// accy::nccl::communicator without a GPU (backend/nccl/communicator.hpp): a CUDA backend adopted with a driver
// table of fakes, and a table of NCCL fakes that counts what is asked of it. Arguments are refused before NCCL
// is called; a failed ncclCommInitRank is a device_error with NCCL's result and last error, leaving nothing to
// destroy; a communicator is destroyed once, by whoever holds it last; an asynchronous error aborts it.
#include "support/errors.hpp"
#include "support/fake_driver_table.hpp"

#include <accy/backend/nccl.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace {

using accy_test::fails_with;

/// What the NCCL fakes were asked, and what they answer.
struct fake_nccl_state {
    accy::nccl::abi::result init_result = accy::nccl::abi::success;
    accy::nccl::abi::result async_error = accy::nccl::abi::success;
    int init_calls = 0, destroys = 0, aborts = 0;
    int joined_rank = -1, joined_size = -1;
    CUcontext context_at_init = nullptr;
};
fake_nccl_state nccl_fake;
const accy::nccl::abi::communicator made_handle = reinterpret_cast<accy::nccl::abi::communicator>(std::uintptr_t{0x5000});

accy::nccl::library_api fake_nccl() {
    using accy::nccl::abi::communicator;
    using accy::nccl::abi::result;
    accy::nccl::library_api api;
    api.get_error_string = [](result) { return "invalid argument"; };
    api.get_last_error = [](communicator) { return "the fake says no"; };
    api.comm_init_rank = [](communicator* made, int size, accy::nccl::abi::unique_id, int rank) -> result {
        ++nccl_fake.init_calls;
        nccl_fake.joined_rank = rank;
        nccl_fake.joined_size = size;
        nccl_fake.context_at_init = accy_test::fake.current;
        if (nccl_fake.init_result != accy::nccl::abi::success) return nccl_fake.init_result;
        *made = made_handle;
        return accy::nccl::abi::success;
    };
    api.comm_destroy = [](communicator destroyed) -> result {
        nccl_fake.destroys += destroyed == made_handle;
        return accy::nccl::abi::success;
    };
    api.comm_abort = [](communicator aborted) -> result {
        nccl_fake.aborts += aborted == made_handle;
        return accy::nccl::abi::success;
    };
    api.comm_get_async_error = [](communicator, result* failure) -> result {
        *failure = nccl_fake.async_error;
        return accy::nccl::abi::success;
    };
    return api;
}

const accy::nccl::library_api nccl_fakes = fake_nccl();

/// An id of 128 bytes 0, 1, 2, ...: the fakes never read it.
accy::nccl::unique_id some_id() {
    std::array<std::byte, accy::nccl::unique_id::byte_size> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::byte>(i);
    return accy::nccl::unique_id::from_bytes(bytes);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(nccl_communicator)

BOOST_AUTO_TEST_CASE(a_rank_outside_the_communicator_is_refused_before_nccl_is_called) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    BOOST_CHECK_EXCEPTION(accy::nccl::communicator(device, some_id(), 2, 2, nccl_fakes), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"accy::nccl::communicator: rank 2 of a communicator of 2 rank(s)"}));
    BOOST_CHECK_EXCEPTION(accy::nccl::communicator(device, some_id(), -1, 2, nccl_fakes), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"rank -1 of a communicator of 2"}));
    BOOST_CHECK_EXCEPTION(accy::nccl::communicator(device, some_id(), 0, 0, nccl_fakes), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"rank 0 of a communicator of 0"}));
    BOOST_TEST(nccl_fake.init_calls == 0);
}

BOOST_AUTO_TEST_CASE(a_failed_init_is_a_device_error_with_nccls_result_and_leaves_nothing) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    nccl_fake.init_result = 4;  // ncclInvalidArgument
    try {
        const accy::nccl::communicator joined(device, some_id(), 1, 3, nccl_fakes);
        BOOST_FAIL("ncclCommInitRank failed, yet the communicator was made");
    } catch (const accy::error& failure) {
        BOOST_CHECK(fails_with(accy::errc::device_error,
                               {"accy::nccl::communicator rank 1 of 3 on CUDA device 0: ncclCommInitRank failed with "
                                "ncclInvalidArgument (invalid argument): the fake says no"})(failure));
        BOOST_TEST(failure.driver_result() == 4);
    }
    BOOST_TEST(nccl_fake.init_calls == 1);
    BOOST_TEST(nccl_fake.destroys + nccl_fake.aborts == 0);
}

BOOST_AUTO_TEST_CASE(a_communicator_joins_in_the_backends_context_and_is_destroyed_once_by_its_last_holder) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    {
        accy::nccl::communicator joined(device, some_id(), 1, 2, nccl_fakes);
        BOOST_TEST(nccl_fake.joined_rank == 1);
        BOOST_TEST(nccl_fake.joined_size == 2);
        BOOST_TEST(nccl_fake.context_at_init == device.context());
        BOOST_TEST(accy_test::fake.current == nullptr, "the caller's context (none) is back");
        BOOST_TEST(joined.rank() == 1);
        BOOST_TEST(joined.size() == 2);
        BOOST_TEST(joined.device() == &device);
        BOOST_TEST(joined.native() == made_handle);
        joined.check();
        const accy::nccl::communicator moved_to(std::move(joined));
        BOOST_TEST(joined.native() == nullptr);
        BOOST_CHECK_EXCEPTION(joined.check(), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch, {"accy::nccl::communicator was moved from"}));
        BOOST_TEST(nccl_fake.destroys == 0);
    }
    BOOST_TEST(nccl_fake.destroys == 1);
    BOOST_TEST(nccl_fake.aborts == 0);
}

BOOST_AUTO_TEST_CASE(an_asynchronous_error_aborts_the_communicator_and_every_later_check_reports_it) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    {
        accy::nccl::communicator joined(device, some_id(), 0, 2, nccl_fakes);
        nccl_fake.async_error = 6;  // ncclRemoteError
        const auto reported = fails_with(accy::errc::device_error,
                                         {"accy::nccl::communicator rank 0 of 2 on CUDA device 0: an operation failed with "
                                          "ncclRemoteError"});
        for (int check = 0; check < 2; ++check) BOOST_CHECK_EXCEPTION(joined.check(), accy::error, reported);
        BOOST_TEST(nccl_fake.aborts == 1);
        BOOST_TEST(joined.native() == nullptr);
    }
    BOOST_TEST(nccl_fake.destroys == 0, "an aborted communicator is not destroyed again");
}

BOOST_AUTO_TEST_SUITE_END()
