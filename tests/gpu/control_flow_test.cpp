// SPDX-License-Identifier: Apache-2.0
// The looping pipeline on a GPU, against the CPU on fresh random data: launched on a stream (the
// flags read on the host) and as a pipeline_graph (a WHILE and an IF conditional node), replayed,
// updated to another bound and threshold, its bound refused before anything runs.
#include <gpu/device.hpp>

#include "support/errors.hpp"
#include "support/halving_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_gpu_test/control_flow_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace {

using namespace accy_gpu_test;
using accy_test::halving_definition;

BOOST_TEST_GLOBAL_FIXTURE(require_device);

inline constexpr auto gpu_halving_registry = [] {
    const accy::payload ptx = accy::payload::from_text(kernels::control_flow_ptx);
    return accy::make_registry(accy_test::copy_kernel.entry(accy::format::cuda_ptx, "accy_test_copy", ptx),
                               accy_test::halve_kernel.entry(accy::format::cuda_ptx, "accy_test_halve_above", ptx),
                               accy_test::any_above_kernel.entry(accy::format::cuda_ptx, "accy_test_any_above", ptx),
                               accy_test::negate_kernel.entry(accy::format::cuda_ptx, "accy_test_negate", ptx));
}();

struct gpu_halving_definition : halving_definition {
    static constexpr const auto& registry = gpu_halving_registry;
};
using halving = accy::pipeline<gpu_halving_definition>;

/// One run's input, on the device and as the CPU expects it.
struct halving_case {
    std::uint32_t n;
    std::vector<float> input;
    gpu_buffer<float> in, out;

    explicit halving_case(std::uint32_t count)
        : n(count), input(random_values<float>(count, -1000.0f, 1000.0f)), in(to_device<float>(input)), out(device(), count) {
        poison(out.view());
    }

    std::array<accy::buffer, 1> operands() const { return {in.view()}; }
    std::array<accy::buffer, 1> results() const { return {out.view()}; }

    /// Fresh values in, the result poisoned.
    void refresh() {
        input = random_values<float>(n, -1000.0f, 1000.0f);
        in.upload(std::span<const float>(input));
        poison(out.view());
    }

    void check(std::uint32_t bound, float threshold) const {
        const accy_test::halved expected = accy_test::halve_on_cpu(input, bound, threshold);
        const std::vector<float> got = to_host<float>(out.view(), n);
        BOOST_TEST(got == expected.values, boost::test_tools::per_element());
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(gpu_control_flow)

BOOST_AUTO_TEST_CASE(a_stream_launch_reads_the_flags_on_the_host) {
    const auto pool = accy::load_artifacts<halving>(device(), accy::formats::cuda_ptx);
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    for (const std::uint32_t bound : {1u, 3u, 40u}) {
        BOOST_TEST_CONTEXT("bound " << bound) {
            halving_case run(random_values<std::uint32_t>(1, 1, 5000)[0]);
            const float threshold = random_values<float>(1, 0.5f, 8.0f)[0];
            const auto scalars = halving::runtime_scalars(run.n, bound, threshold);
            accy::launch_pipeline<halving>(device(), accy::formats::cuda_ptx, run.operands(), run.results(), scalars);
            run.check(bound, threshold);
            run.refresh();
            const auto scratch = accy::allocate_scratch<halving>(device(), scalars);
            accy::launch_pipeline<halving>(device(), accy::formats::cuda_ptx, run.operands(), run.results(), scalars,
                                           accy::use_pool(pool), accy::use_scratch(scratch), accy::on_stream(stream.get()));
            device().synchronize(stream.get());
            run.check(bound, threshold);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_pipeline_graph_loops_on_the_gpu_replays_and_updates) {
    const auto pool = accy::load_artifacts<halving>(device(), accy::formats::cuda_ptx);
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    halving_case run(random_values<std::uint32_t>(1, 1, 5000)[0]);
    std::uint32_t bound = 40;
    float threshold = random_values<float>(1, 0.5f, 8.0f)[0];
    const auto scratch = accy::allocate_scratch<halving>(device(), halving::runtime_scalars(run.n, bound, threshold));
    accy::cuda::pipeline_graph<halving> graph(device(), pool, scratch, run.operands(), run.results(),
                                              halving::runtime_scalars(run.n, bound, threshold));
    const auto replay = [&] {
        device().synchronize(std::nullopt);  // the uploads first: a non-blocking stream does not wait for them
        graph.launch(stream.get());
        device().synchronize(stream.get());
    };
    replay();
    run.check(bound, threshold);
    run.refresh();
    replay();
    run.check(bound, threshold);
    // A bound that stops the loop early, then the when negates: new scalars in the condition kernels.
    for (const std::uint32_t next_bound : {2u, 1u, 17u}) {
        BOOST_TEST_CONTEXT("updated to bound " << next_bound) {
            bound = next_bound;
            threshold = random_values<float>(1, 0.5f, 8.0f)[0];
            graph.update(halving::runtime_scalars(run.n, bound, threshold));
            run.refresh();
            replay();
            run.check(bound, threshold);
        }
    }
    BOOST_CHECK_EXCEPTION(graph.update(halving::runtime_scalars(run.n, 0u, threshold)), accy::error,
                          accy_test::fails_with(accy::errc::launch_argument_mismatch, {"is 0 passes"}));
    run.refresh();
    replay();  // the failed update changed nothing
    run.check(bound, threshold);
}

BOOST_AUTO_TEST_CASE(a_looping_graph_is_no_child_graph_node) {
    const auto pool = accy::load_artifacts<halving>(device(), accy::formats::cuda_ptx);
    halving_case run(100);
    const auto scalars = halving::runtime_scalars(run.n, 5u, 1.0f);
    const auto scratch = accy::allocate_scratch<halving>(device(), scalars);
    const accy::cuda::pipeline_graph<halving> graph(device(), pool, scratch, run.operands(), run.results(), scalars);
    BOOST_CHECK_EXCEPTION(graph.add_to(graph.cuda_graph()), accy::error,
                          accy_test::fails_with(accy::errc::unsupported_operation, {"conditional nodes"}));
}

BOOST_AUTO_TEST_SUITE_END()
