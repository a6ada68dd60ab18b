// SPDX-License-Identifier: Apache-2.0
// A one-rank accy::nccl::communicator on device 0, through the NCCL that ACCY_NCCL_LIBRARY or the loader's path
// gives: each collective but send and receive on a stream, checked against the data sent (fresh random values),
// and a pipeline with an all_reduce stage between two kernels, cold, from a pool and as a pipeline_graph
// (the all_reduce captured between the kernel nodes), and a receive and send to itself as one group. Skips (77),
// saying why, where there is no GPU or no NCCL.
#include <gpu/device.hpp>

#include "support/collective_pipeline.hpp"

#include <accy/backend/cuda.hpp>
#include <accy/backend/nccl.hpp>
#include <accy_gpu_test/twice_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
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

inline constexpr auto gpu_registry = accy::make_registry(accy_test::collectives::twice.entry(
    accy::format::cuda_ptx, "accy_test_twice", accy::payload::from_text(kernels::twice_ptx)));

/// The step of tests/support/collective_pipeline.hpp (twice, all_reduce, twice) with the GPU's kernel.
struct gpu_step_definition : accy_test::collectives::step_definition {
    static constexpr const auto& registry = gpu_registry;
};
using gpu_step = accy::pipeline<gpu_step_definition>;

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

BOOST_AUTO_TEST_CASE(a_pipeline_with_an_all_reduce_stage_runs_on_a_one_rank_communicator) {
    accy::nccl::communicator one(device(), accy::nccl::unique_id::create(), 0, 1);
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    const std::uint32_t n = (1u << 20) + 7u;
    const std::vector<float> sent = random_values<float>(n, -1.0f, 1.0f);
    std::vector<float> expected(n);
    for (std::uint32_t i = 0; i < n; ++i) expected[i] = 2.0f * (2.0f * sent[i]);  // one rank: the sum is its own
    gpu_buffer<float> in = to_device<float>(sent), out(device(), n);
    const auto scalars = gpu_step::runtime_scalars(n);
    poison(out.view());
    accy::launch_pipeline<gpu_step>(device(), accy::formats::cuda_ptx, std::array{in.view()}, std::array{out.view()}, scalars,
                                    accy::on_stream(stream.get()), accy::use_communicator(one));
    one.check();
    BOOST_TEST_CONTEXT("cold") { BOOST_TEST(to_host<float>(out.view(), n) == expected, boost::test_tools::per_element()); }
    poison(out.view());
    const auto pool = accy::load_artifacts<gpu_step>(device(), accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<gpu_step>(device(), scalars);
    for (int round = 0; round < 3; ++round)
        accy::launch_pipeline<gpu_step>(device(), accy::formats::cuda_ptx, std::array{in.view()}, std::array{out.view()}, scalars,
                                        accy::use_pool(pool), accy::use_scratch(scratch), accy::on_stream(stream.get()),
                                        accy::use_communicator(one));
    device().synchronize(stream.get());
    one.check();
    BOOST_TEST_CONTEXT("from a pool, on a stream") {
        BOOST_TEST(to_host<float>(out.view(), n) == expected, boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(a_pipeline_graph_captures_its_all_reduce_stage_between_the_kernel_nodes) {
    accy::nccl::communicator one(device(), accy::nccl::unique_id::create(), 0, 1);
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    const std::uint32_t n = (1u << 20) + 7u;
    const auto scalars = gpu_step::runtime_scalars(n);
    const auto pool = accy::load_artifacts<gpu_step>(device(), accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<gpu_step>(device(), scalars);
    gpu_buffer<float> in(device(), n), out(device(), n), other(device(), n);
    accy::cuda::pipeline_graph<gpu_step> graph(device(), pool, scratch, std::array{in.view()}, std::array{out.view()}, scalars,
                                               accy::use_communicator(one));
    graph.upload(stream.get());
    // Fresh values before each replay: the graph reads its operand anew.
    const auto replay_and_check = [&](const accy::buffer& result, const char* what) {
        const std::vector<float> sent = random_values<float>(n, -1.0f, 1.0f);
        std::vector<float> expected(n);
        for (std::uint32_t i = 0; i < n; ++i) expected[i] = 2.0f * (2.0f * sent[i]);
        in.upload(sent);
        poison(result);  // waits, after the upload too
        graph.launch(stream.get());
        device().synchronize(stream.get());
        one.check();
        BOOST_TEST_CONTEXT(what) { BOOST_TEST(to_host<float>(result, n) == expected, boost::test_tools::per_element()); }
    };
    for (int replay = 0; replay < 3; ++replay) replay_and_check(out.view(), "a replay");
    // New results leave the all_reduce, between intermediates, as captured.
    graph.update(std::array{in.view()}, std::array{other.view()}, scalars);
    replay_and_check(other.view(), "after an update to another result");
    // Another n would change the all_reduce's count: refused, and the graph replays as before.
    BOOST_CHECK_EXCEPTION(graph.update(gpu_step::runtime_scalars(n / 2)), accy::error, [](const accy::error& failure) {
        return failure.code() == accy::errc::unsupported_operation;
    });
    replay_and_check(other.view(), "after a refused update");
}

BOOST_AUTO_TEST_CASE(a_receive_and_a_send_to_itself_run_as_one_group_on_a_stream_and_in_a_graph) {
    // Outside a group NCCL's receive would wait for a send queued after it: the group pairs them.
    using ring = accy_test::collectives::ring;
    accy::nccl::communicator one(device(), accy::nccl::unique_id::create(), 0, 1);
    const std::uint32_t n = (1u << 18) + 3u;
    const auto scalars = ring::runtime_scalars(n, 0, 0);
    gpu_buffer<float> in(device(), n), out(device(), n);
    const auto check = [&](const char* what, auto&& run) {
        const std::vector<float> sent = random_values<float>(n, -1.0f, 1.0f);
        in.upload(sent);
        poison(out.view());
        run();
        device().synchronize(std::nullopt);
        one.check();
        BOOST_TEST_CONTEXT(what) { BOOST_TEST(to_host<float>(out.view(), n) == sent, boost::test_tools::per_element()); }
    };
    check("a stream launch", [&] {
        accy::launch_pipeline<ring>(device(), accy::formats::cuda_ptx, std::array{in.view()}, std::array{out.view()}, scalars,
                                    accy::use_communicator(one));
    });
    const auto pool = accy::load_artifacts<ring>(device(), accy::formats::cuda_ptx);
    const auto scratch = accy::allocate_scratch<ring>(device(), scalars);
    accy::cuda::pipeline_graph<ring> graph(device(), pool, scratch, std::array{in.view()}, std::array{out.view()}, scalars,
                                           accy::use_communicator(one));
    check("a pipeline_graph", [&] { graph.launch(); });
    check("the pipeline_graph again", [&] { graph.launch(); });
}

BOOST_AUTO_TEST_SUITE_END()
