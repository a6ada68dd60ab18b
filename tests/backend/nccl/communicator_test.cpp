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
#include <string>
#include <utility>
#include <vector>

namespace {

using accy_test::fails_with;

/// One collective the NCCL fakes were asked for.
struct collective_call {
    std::string name{};
    const void* from = nullptr;
    void* to = nullptr;
    std::size_t count = 0;
    accy::nccl::abi::data_type type = -1;
    accy::nccl::abi::reduction op = -1;
    int rank = -1;  ///< a broadcast's root, a send's or receive's peer
    accy::nccl::abi::communicator handle = nullptr;
    CUstream stream = nullptr;
    CUcontext context = nullptr;  ///< current when called
};

/// What the NCCL fakes were asked, and what they answer.
struct fake_nccl_state {
    accy::nccl::abi::result init_result = accy::nccl::abi::success;
    accy::nccl::abi::result async_error = accy::nccl::abi::success;
    accy::nccl::abi::result collective_result = accy::nccl::abi::success;
    int init_calls = 0, destroys = 0, aborts = 0;
    int joined_rank = -1, joined_size = -1;
    CUcontext context_at_init = nullptr;
    std::vector<collective_call> collectives{};
};
fake_nccl_state nccl_fake;
const accy::nccl::abi::communicator made_handle = reinterpret_cast<accy::nccl::abi::communicator>(std::uintptr_t{0x5000});

/// Records a collective the fakes were asked for, with the context current then, and answers it.
accy::nccl::abi::result made(collective_call call) {
    call.context = accy_test::fake.current;
    nccl_fake.collectives.push_back(call);
    return nccl_fake.collective_result;
}

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
    using accy::nccl::abi::data_type;
    using accy::nccl::abi::reduction;
    api.all_reduce = [](const void* from, void* to, std::size_t count, data_type type, reduction op, communicator handle,
                        CUstream stream) {
        return made({"ncclAllReduce", from, to, count, type, op, -1, handle, stream});
    };
    api.all_gather = [](const void* from, void* to, std::size_t count, data_type type, communicator handle, CUstream stream) {
        return made({"ncclAllGather", from, to, count, type, -1, -1, handle, stream});
    };
    api.reduce_scatter = [](const void* from, void* to, std::size_t count, data_type type, reduction op, communicator handle,
                            CUstream stream) {
        return made({"ncclReduceScatter", from, to, count, type, op, -1, handle, stream});
    };
    api.broadcast = [](const void* from, void* to, std::size_t count, data_type type, int root, communicator handle,
                       CUstream stream) {
        return made({"ncclBroadcast", from, to, count, type, -1, root, handle, stream});
    };
    api.send = [](const void* from, std::size_t count, data_type type, int peer, communicator handle, CUstream stream) {
        return made({"ncclSend", from, nullptr, count, type, -1, peer, handle, stream});
    };
    api.recv = [](void* to, std::size_t count, data_type type, int peer, communicator handle, CUstream stream) {
        return made({"ncclRecv", nullptr, to, count, type, -1, peer, handle, stream});
    };
    api.version = 22809;
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

BOOST_AUTO_TEST_CASE(each_collective_is_nccls_call_with_its_types_in_the_backends_context_on_the_stream) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    accy::nccl::communicator joined(device, some_id(), 1, 2, nccl_fakes);
    const accy::buffer from{0x100000, 4096}, to{0x200000, 8192};
    const CUstream stream = reinterpret_cast<CUstream>(std::uintptr_t{0x7000});
    joined.all_reduce(from, to, 1024, accy::dtype::f32, accy::reduction::sum, stream);
    joined.all_reduce(from, from, 2048, accy::dtype::bf16, accy::reduction::max);
    joined.all_gather(from, to, 512, accy::dtype::u64, stream);
    joined.reduce_scatter(to, from, 512, accy::dtype::i64, accy::reduction::min, stream);
    joined.broadcast(from, to, 4096, accy::dtype::u8, 0, stream);
    joined.send(from, 1000, accy::dtype::i32, 0, stream);
    joined.receive(to, 1000, accy::dtype::u32, 0, stream);
    joined.all_reduce(from, to, 4096, accy::dtype::f8_e4m3, accy::reduction::product, stream);

    const std::vector<collective_call>& made = nccl_fake.collectives;
    BOOST_TEST_REQUIRE(made.size() == 8u);
    const std::vector<std::string> names{"ncclAllReduce", "ncclAllReduce", "ncclAllGather", "ncclReduceScatter",
                                         "ncclBroadcast", "ncclSend",      "ncclRecv",      "ncclAllReduce"};
    const std::vector<int> types{7, 9, 5, 4, 1, 2, 3, 10}, ops{0, 2, -1, 3, -1, -1, -1, 1}, ranks{-1, -1, -1, -1, 0, 0, 0, -1};
    const std::vector<std::size_t> counts{1024, 2048, 512, 512, 4096, 1000, 1000, 4096};
    for (std::size_t k = 0; k < made.size(); ++k) {
        BOOST_TEST(made[k].name == names[k], "call " << k);
        BOOST_TEST(made[k].type == types[k], "call " << k);
        BOOST_TEST(made[k].op == ops[k], "call " << k);
        BOOST_TEST(made[k].rank == ranks[k], "call " << k);
        BOOST_TEST(made[k].count == counts[k], "call " << k);
        BOOST_TEST(made[k].handle == made_handle, "call " << k);
        BOOST_TEST(made[k].context == device.context(), "call " << k << " ran in the backend's context");
        BOOST_TEST(made[k].stream == (k == 1 ? nullptr : stream), "call " << k);
    }
    BOOST_TEST(made[0].from == reinterpret_cast<const void*>(from.address));
    BOOST_TEST(made[0].to == reinterpret_cast<void*>(to.address));
    BOOST_TEST(made[1].from == made[1].to, "in place");
    BOOST_TEST(accy_test::fake.current == nullptr, "the caller's context (none) is back");
}

BOOST_AUTO_TEST_CASE(a_call_this_rank_makes_wrongly_is_refused_before_nccl_is_called) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    accy::nccl::communicator joined(device, some_id(), 0, 4, nccl_fakes);
    const accy::buffer from{0x100000, 4096}, to{0x200000, 4096};
    const auto refused = [](std::string_view reason) { return fails_with(accy::errc::launch_argument_mismatch, {reason}); };
    BOOST_CHECK_EXCEPTION(joined.all_gather(from, to, 1024, accy::dtype::f32), accy::error,
                          refused("accy::nccl::communicator rank 0 of 4 on CUDA device 0: all_gather of 1024 f32 elements: its "
                                  "result holds 4096 bytes, and 4096 f32 elements take 16384"));
    BOOST_CHECK_EXCEPTION(joined.reduce_scatter(from, to, 1024, accy::dtype::f32, accy::reduction::sum), accy::error,
                          refused("its source holds 4096 bytes, and 4096 f32 elements take 16384"));
    BOOST_CHECK_EXCEPTION(joined.all_reduce(from, to, 16, accy::dtype::i16, accy::reduction::sum), accy::error,
                          refused("all_reduce of 16 i16 elements: collectives take no i16 elements"));
    BOOST_CHECK_EXCEPTION(joined.broadcast(from, to, 16, accy::dtype::f32, 4), accy::error,
                          refused("broadcast of 16 f32 elements: root rank 4 is outside the 4 ranks (0 to 3)"));
    BOOST_CHECK_EXCEPTION(joined.send(from, 16, accy::dtype::f32, -1), accy::error, refused("peer rank -1 is outside the 4 ranks"));
    BOOST_CHECK_EXCEPTION(joined.receive(accy::buffer{}, 16, accy::dtype::f32, 1), accy::error,
                          refused("receive of 16 f32 elements: its destination is a null buffer"));

    accy::nccl::library_api old_nccl = nccl_fakes;
    old_nccl.version = 22304;
    accy::nccl::communicator on_old(device, some_id(), 0, 4, old_nccl);
    BOOST_CHECK_EXCEPTION(on_old.all_reduce(from, to, 16, accy::dtype::f8_e5m2, accy::reduction::sum), accy::error,
                          fails_with(accy::errc::unsupported_operation,
                                     {"all_reduce of 16 f8_e5m2 elements: NCCL 2.23.4 takes no fp8 elements (NCCL 2.24 and later do)"}));
    BOOST_TEST(nccl_fake.collectives.empty());

    const accy::nccl::communicator moved_to(std::move(joined));
    BOOST_CHECK_EXCEPTION(joined.all_reduce(from, to, 16, accy::dtype::f32, accy::reduction::sum), accy::error,
                          refused("accy::nccl::communicator was moved from"));
}

BOOST_AUTO_TEST_CASE(nccls_failure_of_a_collective_is_a_device_error_with_its_result_and_last_error) {
    accy::cuda::backend device = accy_test::adopt_fake();
    nccl_fake = {};
    accy::nccl::communicator joined(device, some_id(), 0, 2, nccl_fakes);
    nccl_fake.collective_result = 4;  // ncclInvalidArgument
    try {
        joined.broadcast({0x100000, 64}, {0x200000, 64}, 16, accy::dtype::f32, 1);
        BOOST_FAIL("ncclBroadcast failed, yet broadcast returned");
    } catch (const accy::error& failure) {
        BOOST_CHECK(fails_with(accy::errc::device_error, {"accy::nccl::communicator rank 0 of 2 on CUDA device 0: ncclBroadcast "
                                                          "failed with ncclInvalidArgument (invalid argument): the fake says no"})(failure));
        BOOST_TEST(failure.driver_result() == 4);
    }
}

BOOST_AUTO_TEST_SUITE_END()
