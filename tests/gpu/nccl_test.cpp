// SPDX-License-Identifier: Apache-2.0
// A one-rank accy::nccl::communicator on device 0, through the NCCL that ACCY_NCCL_LIBRARY or the loader's path
// gives: each collective but send and receive on a stream, checked against the data sent (fresh random values).
// Skips (77), saying why, where there is no GPU or no NCCL.
#include <gpu/device.hpp>

#include <accy/backend/cuda.hpp>
#include <accy/backend/nccl.hpp>

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <iostream>
#include <vector>

namespace {

using namespace accy_gpu_test;

/// Global fixture: where NCCL is missing, prints why and exits with the skip code.
struct require_nccl {
    require_nccl() {
        try {
            std::cout << "NCCL " << accy::nccl::detail::version_text(accy::nccl::library().version) << std::endl;
        } catch (const accy::error& failure) {
            if (failure.code() != accy::errc::runtime_unavailable) throw;
            std::cout << "skipped: " << failure.what() << std::endl;
            std::exit(skip_exit_code);
        }
    }
};

BOOST_TEST_GLOBAL_FIXTURE(require_device);
BOOST_TEST_GLOBAL_FIXTURE(require_nccl);

}  // namespace

BOOST_AUTO_TEST_SUITE(gpu_nccl)

BOOST_AUTO_TEST_CASE(a_one_rank_communicator_runs_each_collective_on_a_stream) {
    const accy::nccl::unique_id id = accy::nccl::unique_id::create();
    accy::nccl::communicator one(device(), accy::nccl::unique_id::from_bytes(id.bytes()), 0, 1);
    BOOST_TEST(one.size() == 1);
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    const std::size_t n = (1u << 20) + 7u;
    const std::vector<float> sent = random_values<float>(n, -1.0f, 1.0f);
    gpu_buffer<float> from = to_device<float>(sent), to(device(), n);
    // With one rank each collective copies: the result must be the data sent, wherever it was poisoned.
    const auto expect_sent = [&](const char* collective) {
        device().synchronize(stream.get());
        one.check();
        BOOST_TEST_CONTEXT(collective) { BOOST_TEST(to_host<float>(to.view(), n) == sent, boost::test_tools::per_element()); }
        poison(to.view());
    };
    poison(to.view());
    one.all_reduce(from.view(), to.view(), n, accy::dtype::f32, accy::reduction::sum, stream.get());
    expect_sent("all_reduce");
    one.all_reduce(from.view(), to.view(), n, accy::dtype::f32, accy::reduction::max, stream.get());
    expect_sent("all_reduce (max)");
    one.all_gather(from.view(), to.view(), n, accy::dtype::f32, stream.get());
    expect_sent("all_gather");
    one.reduce_scatter(from.view(), to.view(), n, accy::dtype::f32, accy::reduction::sum, stream.get());
    expect_sent("reduce_scatter");
    one.broadcast(from.view(), to.view(), n, accy::dtype::f32, 0, stream.get());
    expect_sent("broadcast");
}

BOOST_AUTO_TEST_SUITE_END()
