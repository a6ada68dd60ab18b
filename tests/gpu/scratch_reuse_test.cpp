// SPDX-License-Identifier: Apache-2.0
// Pipelines whose intermediates share the scratch arena on a GPU, against the CPU on fresh random
// data: a chain of 30 stages and pipelines drawn at random (some stages waiting on their
// predecessor, launched with programmatic dependent launch), cold, from a pool and scratch on a
// stream, and as a pipeline_graph replayed after an update; cold launches from several threads at
// once, and one with more scratch than the backend keeps.
#include <gpu/device.hpp>

#include "support/chain_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_gpu_test/scratch_reuse_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace {

using namespace accy_gpu_test;

BOOST_TEST_GLOBAL_FIXTURE(require_device);

inline constexpr auto gpu_chain_registry = [] {
    const accy::payload ptx = accy::payload::from_text(kernels::scratch_reuse_ptx);
    return accy::make_registry(accy_test::blend_kernel.entry(accy::format::cuda_ptx, "accy_test_blend", ptx),
                               accy_test::blend_waiting_kernel.entry(accy::format::cuda_ptx, "accy_test_blend_waiting", ptx));
}();

template <std::size_t Stages, std::uint32_t Seed>
struct gpu_chain_definition : accy_test::chain_definition<Seed, Stages> {
    static constexpr const auto& registry = gpu_chain_registry;
};

template <std::size_t Stages, std::uint32_t Seed>
void check_against_cpu(std::uint32_t n) {
    using pipeline = accy::pipeline<gpu_chain_definition<Stages, Seed>>;
    BOOST_TEST_CONTEXT("seed " << Seed << ", " << Stages << " stages, n " << n) {
        std::vector<float> first = random_values<float>(n, -1.0f, 1.0f), second = random_values<float>(n, -1.0f, 1.0f);
        gpu_buffer<float> a = to_device<float>(first), b = to_device<float>(second), out(device(), n);
        const std::array operands{a.view(), b.view()};
        const std::array results{out.view()};
        const std::tuple scalars{n};
        const auto check = [&] {
            const std::vector<float> expected = accy_test::chain_on_cpu<Stages, Seed>(first, second);
            BOOST_TEST(to_host<float>(out.view(), n) == expected, boost::test_tools::per_element());
            poison(out.view());
        };
        poison(out.view());
        accy::launch_pipeline<pipeline>(device(), accy::formats::cuda_ptx, operands, results, scalars);
        check();

        const auto pool = accy::load_artifacts<pipeline>(device(), accy::formats::cuda_ptx);
        const auto scratch = accy::allocate_scratch<pipeline>(device(), scalars);
        const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
        for (int round = 0; round < 3; ++round)  // back to back: a first stage that waits may start under the last
            accy::launch_pipeline<pipeline>(device(), accy::formats::cuda_ptx, operands, results, scalars, accy::use_pool(pool),
                                            accy::use_scratch(scratch), accy::on_stream(stream.get()));
        device().synchronize(stream.get());
        check();

        accy::cuda::pipeline_graph<pipeline> graph(device(), pool, scratch, operands, results, scalars);
        graph.launch(stream.get());
        device().synchronize(stream.get());
        check();
        first = random_values<float>(n, -1.0f, 1.0f);
        a.upload(std::span<const float>(first));
        graph.update(scalars);
        graph.launch(stream.get());
        graph.launch(stream.get());
        device().synchronize(stream.get());
        check();
    }
}

/// Two operands of `n` fresh random values, drawn on the test's thread (the engine is not shared safely).
struct chain_operands {
    std::vector<float> first, second;
    explicit chain_operands(std::uint32_t n) : first(random_values<float>(n, -1.0f, 1.0f)), second(random_values<float>(n, -1.0f, 1.0f)) {}
};

/// A cold launch of the 30-stage chain on `stream`: what it wrote, and the CPU's result.
struct cold_chain {
    std::vector<float> got, expected;

    cold_chain(const chain_operands& drawn, CUstream stream) {
        using pipeline = accy::pipeline<gpu_chain_definition<30, 0>>;
        const std::vector<float>& first = drawn.first;
        const std::vector<float>& second = drawn.second;
        const auto n = static_cast<std::uint32_t>(first.size());
        gpu_buffer<float> a = to_device<float>(first), b = to_device<float>(second), out(device(), n);
        poison(out.view());
        accy::launch_pipeline<pipeline>(device(), accy::formats::cuda_ptx, std::array{a.view(), b.view()}, std::array{out.view()},
                                        std::tuple{n}, accy::on_stream(stream));
        got = to_host<float>(out.view(), n);
        expected = accy_test::chain_on_cpu<30, 0>(first, second);
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(gpu_scratch_reuse)

BOOST_AUTO_TEST_CASE(cold_launches_borrow_the_kept_arena_or_allocate_their_own) {
    // Over 64 MiB of scratch (2 n floats), which the backend does not keep: the launch allocates its own.
    const cold_chain large(chain_operands((1u << 23) + 5u), nullptr);
    BOOST_TEST(large.got == large.expected, boost::test_tools::per_element());
    // Four threads launching cold at once, each on a stream of its own: one borrows the kept arena, the
    // others find it lent and allocate theirs; each launch returns with its results written.
    constexpr int threads = 4, rounds = 5;
    std::vector<std::vector<chain_operands>> drawn(threads);
    for (int t = 0; t < threads; ++t)
        for (int round = 0; round < rounds; ++round) drawn[t].emplace_back(100000u + 1000u * static_cast<std::uint32_t>(t));
    std::vector<std::vector<float>> got(threads), expected(threads);
    std::vector<std::string> failures(threads);
    std::vector<std::thread> launching;
    for (int t = 0; t < threads; ++t)
        launching.emplace_back([&, t] {
            try {
                const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
                for (int round = 0; round < rounds; ++round) {
                    cold_chain run(drawn[t][round], stream.get());
                    if (run.got != run.expected) {
                        got[t] = std::move(run.got);
                        expected[t] = std::move(run.expected);
                        return;
                    }
                }
            } catch (const std::exception& failure) {
                failures[t] = failure.what();
            }
        });
    for (std::thread& thread : launching) thread.join();
    for (int t = 0; t < threads; ++t) {
        BOOST_TEST(failures[t].empty(), "thread " << t << ": " << failures[t]);
        BOOST_TEST(got[t] == expected[t], "thread " << t << " (empty where every round matched)");
    }
}

BOOST_AUTO_TEST_CASE(chains_and_drawn_pipelines_sharing_their_arena_match_the_cpu) {
    for (const std::uint32_t n : {1u, 1000u, (1u << 20) + 3u}) {
        check_against_cpu<30, 0>(n);
        check_against_cpu<12, 1>(n);
        check_against_cpu<12, 4>(n);
        check_against_cpu<12, 5>(n);
        check_against_cpu<12, 9>(n);
    }
}

BOOST_AUTO_TEST_CASE(a_launch_from_a_pool_allocates_its_scratch_in_stream_order_from_either_pool) {
    // Three launches back to back on a non-blocking stream, each allocating and freeing its arena there:
    // from the backend's own pool, then from a pool of the test's own that keeps its memory.
    using pipeline = accy::pipeline<gpu_chain_definition<30, 0>>;
    BOOST_TEST_REQUIRE(device().has_memory_pools());
    const std::uint32_t n = (1u << 20) + 3u;
    const auto pool = accy::load_artifacts<pipeline>(device(), accy::formats::cuda_ptx);
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    CUmemPoolProps properties{};
    properties.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
    properties.location = {CU_MEM_LOCATION_TYPE_DEVICE, static_cast<int>(device().device())};
    CUmemoryPool own = nullptr;
    const accy::cuda::driver_api& api = device().driver();
    accy::cuda::detail::check(api, driver_entry<PFN_cuMemPoolCreate_v11020>("cuMemPoolCreate", 11020)(&own, &properties),
                              "cuMemPoolCreate");
    std::uint64_t keep_all = UINT64_MAX;
    accy::cuda::detail::check(api,
                              driver_entry<PFN_cuMemPoolSetAttribute_v11020>("cuMemPoolSetAttribute", 11020)(
                                  own, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep_all),
                              "cuMemPoolSetAttribute");
    for (const CUmemoryPool from : {CUmemoryPool{nullptr}, own}) {
        BOOST_TEST_CONTEXT((from == nullptr ? "the backend's pool" : "the test's pool")) {
            device().set_memory_pool(from);
            const std::vector<float> first = random_values<float>(n, -1.0f, 1.0f), second = random_values<float>(n, -1.0f, 1.0f);
            gpu_buffer<float> a = to_device<float>(first), b = to_device<float>(second), out(device(), n);
            poison(out.view());
            for (int round = 0; round < 3; ++round)
                accy::launch_pipeline<pipeline>(device(), accy::formats::cuda_ptx, std::array{a.view(), b.view()},
                                                std::array{out.view()}, std::tuple{n}, accy::use_pool(pool),
                                                accy::on_stream(stream.get()));
            device().synchronize(stream.get());
            const std::vector<float> expected = accy_test::chain_on_cpu<30, 0>(first, second);
            BOOST_TEST(to_host<float>(out.view(), n) == expected, boost::test_tools::per_element());
        }
    }
    device().set_memory_pool(nullptr);
    accy::cuda::detail::check(api, driver_entry<PFN_cuMemPoolDestroy_v11020>("cuMemPoolDestroy", 11020)(own), "cuMemPoolDestroy");
}

BOOST_AUTO_TEST_SUITE_END()
