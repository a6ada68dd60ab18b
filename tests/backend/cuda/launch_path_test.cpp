// SPDX-License-Identifier: Apache-2.0
// GPU tests of the launch path: programmatic dependent launch on streams and in graphs, clusters,
// cooperative launches, contexts, one library per payload, PTX parameter types, NVRTC, and the
// driver's own result in errors.
#include <gpu/device.hpp>
#include <gpu/kernel_declarations.hpp>

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_gpu_test/test_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using namespace accy_gpu_test;

constexpr accy::launch_geometry over_n = accy::launch_geometry::covering(2, threads);
constexpr accy::parameter_list map_parameters{parameter::buffer("out", access::write, dtype::f32),
                                              parameter::buffer("in", access::read, dtype::f32),
                                              parameter::scalar("n", dtype::u32)};
constexpr accy::launch_attributes waits{{}, false, true};
constexpr accy::payload ptx = accy::payload::from_text(kernels::launch_path_ptx);

// Version 1: the consumer waits on the producer (PDL). Version 2 declares that the producer waits,
// which its PTX does not. Version 3 declares the consumer's n as f32, which its PTX does not take.
inline constexpr auto pdl_registry = accy::make_registry(
    accy::kernel_entry{"accy.test.produce", 1, accy::format::cuda_fatbin, "accy_test_pdl_produce", map_parameters,
                       accy::payload::from_image(kernels::launch_path_fatbin), over_n},
    accy::kernel_entry{"accy.test.produce", 1, accy::format::cuda_ptx, "accy_test_pdl_produce", map_parameters, ptx, over_n},
    accy::kernel_entry{"accy.test.consume", 1, accy::format::cuda_fatbin, "accy_test_pdl_consume", map_parameters,
                       accy::payload::from_image(kernels::launch_path_fatbin), over_n, waits},
    accy::kernel_entry{"accy.test.consume", 1, accy::format::cuda_ptx, "accy_test_pdl_consume", map_parameters, ptx,
                       over_n, waits},
    accy::kernel_entry{"accy.test.produce", 2, accy::format::cuda_ptx, "accy_test_pdl_produce", map_parameters, ptx,
                       over_n, waits},
    accy::kernel_entry{"accy.test.consume", 3, accy::format::cuda_ptx, "accy_test_pdl_consume",
                       {parameter::buffer("out", access::write, dtype::f32), parameter::buffer("in", access::read, dtype::f32),
                        parameter::scalar("n", dtype::f32)},
                       ptx, {{grid_dim::fixed(1), grid_dim::fixed(1), grid_dim::fixed(1)}, {threads, 1, 1}}});

template <std::uint32_t ProducerVersion>
struct pdl_definition : accy::definition_base<"accy.test.pdl", pdl_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"accy.test.produce", ProducerVersion, accy::intermediate<0>, accy::operand<0>, n>,
                                accy::stage<"accy.test.consume", 1, accy::result<0>, accy::intermediate<0>, n>>;
};
using pdl = accy::pipeline<pdl_definition<1>>;
using pdl_with_false_wait = accy::pipeline<pdl_definition<2>>;

struct mistyped_definition : accy::definition_base<"accy.test.mistyped", pdl_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"x", float>>;
    using operands = accy::operands<accy::shape<dtype::f32, accy::constant<256>>>;
    using results = accy::results<accy::shape<dtype::f32, accy::constant<256>>>;
    using stages = accy::stages<accy::stage<"accy.test.consume", 3, accy::result<0>, accy::operand<0>, accy::forward<0>>>;
};
using mistyped = accy::pipeline<mistyped_definition>;

/// Runs the PDL pipeline on random data, by stream launches and by graph replay, against the CPU.
template <class Format>
void check_pdl(Format format) {
    const std::uint32_t n = (1u << 20) + 3;
    const std::vector<float> input = random_values<float>(n, -8.0f, 8.0f);
    const gpu_buffer<float> in = to_device<float>(input);
    gpu_buffer<float> out(device(), n);
    const std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    const auto pool = accy::load_artifacts<pdl>(device(), format);
    const auto scratch = accy::allocate_scratch<pdl>(device(), pdl::scalar_values{n});
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    const auto check = [&](std::string_view how) {
        const std::vector<float> got = to_host<float>(out.view(), n);
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < n; ++i)
            if (got[i] != 2.0f * input[i] + 1.0f && wrong++ < 5)
                BOOST_TEST_MESSAGE(how << ": element " << i << " is " << got[i] << ", expected " << 2.0f * input[i] + 1.0f);
        BOOST_TEST(wrong == 0u, how << ": " << wrong << " of " << n << " elements differ from the CPU's");
    };
    // poison() copies on the legacy default stream, which a non-blocking stream does not wait for.
    const auto poison_out = [&] {
        poison(out.view());
        device().synchronize(std::nullopt);
    };
    for (int round = 0; round < 20; ++round) {
        poison_out();
        accy::launch_pipeline<pdl>(device(), format, operands, results, pdl::scalar_values{n}, accy::use_pool(pool),
                                   accy::use_scratch(scratch), accy::on_stream(stream.get()));
        device().synchronize(stream.get());
        check("stream launches");
    }
    accy::cuda::pipeline_graph<pdl> graph(device(), pool, scratch, operands, results, pdl::scalar_values{n});
    graph.upload(stream.get());  // the replays are the same with the graph on the device ahead of them
    for (int round = 0; round < 20; ++round) {
        poison_out();
        graph.launch(stream.get());
        device().synchronize(stream.get());
        check("graph replay");
    }
}

BOOST_AUTO_TEST_CASE(programmatic_dependent_launch_gives_the_cpus_results_on_streams_and_in_graphs) {
    check_pdl(accy::formats::cuda_fatbin);
    check_pdl(accy::formats::cuda_ptx);
}

/// The PDL pipeline's buffers for n elements on device 0.
struct pdl_buffers {
    static constexpr std::uint32_t n = 4096;
    gpu_buffer<float> in{device(), n}, out{device(), n};
    std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    accy::scratch_buffers<pdl, accy::cuda::backend> scratch = accy::allocate_scratch<pdl>(device(), pdl::scalar_values{n});
};

// Issue 34, item 2: the graph's check of the pool left out the backend, so a graph was built with another backend's pool.
BOOST_AUTO_TEST_CASE(a_graph_refuses_a_pool_loaded_on_another_backend_instance_as_a_launch_does) {
    accy::cuda::backend other(0);  // device 0 again: another instance, on the same primary context
    const auto pool = accy::load_artifacts<pdl>(other, accy::formats::cuda_fatbin);
    pdl_buffers run;
    const auto refused = fails_with(accy::errc::launch_argument_mismatch,
                                    {"the artifact pool was loaded on another backend instance; its kernels launch only on "
                                     "the backend that loaded them"});
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<pdl>(device(), accy::formats::cuda_fatbin, run.operands, run.results,
                                                     pdl::scalar_values{run.n}, accy::use_pool(pool),
                                                     accy::use_scratch(run.scratch)),
                          accy::error, refused);
    BOOST_CHECK_EXCEPTION(accy::cuda::pipeline_graph<pdl>(device(), pool, run.scratch, run.operands, run.results,
                                                          pdl::scalar_values{run.n}),
                          accy::error, refused);
}

// Issue 34, item 7: a moved-from graph launched its null executable graph: a bare CUDA_ERROR_INVALID_VALUE.
BOOST_AUTO_TEST_CASE(a_moved_from_graph_refuses_launch_and_update) {
    const auto pool = accy::load_artifacts<pdl>(device(), accy::formats::cuda_fatbin);
    pdl_buffers run;
    accy::cuda::pipeline_graph<pdl> graph(device(), pool, run.scratch, run.operands, run.results, pdl::scalar_values{run.n});
    accy::cuda::pipeline_graph<pdl> moved(std::move(graph));
    BOOST_CHECK_EXCEPTION(graph.launch(), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"pipeline_graph::launch of pipeline 'accy.test.pdl' v1: the graph was moved from"}));
    BOOST_CHECK_EXCEPTION(graph.update(pdl::scalar_values{run.n}), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"pipeline_graph::update of pipeline 'accy.test.pdl' v1: the graph was moved from"}));
    BOOST_CHECK_EXCEPTION(graph.upload(), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"pipeline_graph::upload of pipeline 'accy.test.pdl' v1: the graph was moved from"}));
    moved.update(pdl::scalar_values{run.n - 1});
    moved.launch();
    device().synchronize(std::nullopt);
}

BOOST_AUTO_TEST_CASE(ptx_without_griddepcontrol_wait_refuses_waits_on_predecessor_at_load) {
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<pdl_with_false_wait>(device(), accy::formats::cuda_ptx), accy::error,
                          fails_with(accy::errc::invalid_artifact, {"griddepcontrol.wait", "stage 0 ('accy.test.produce')"}));
}

BOOST_AUTO_TEST_CASE(ptx_parameter_types_are_checked_at_load) {
    // The driver sees 4 bytes at offset 16 either way: only the PTX's .u32 tells that n is no float.
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<mistyped>(device(), accy::formats::cuda_ptx), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"'n'", "u32"}));
}

// Clusters of 2 blocks along x; grid = n blocks of 32 threads.
inline constexpr auto cluster_registry = accy::make_registry(
    accy::kernel_entry{"accy.test.cluster_ranks", 1, accy::format::cuda_fatbin, "accy_test_cluster_ranks",
                       {parameter::buffer("ranks", access::write, dtype::u32), parameter::scalar("n", dtype::u32)},
                       accy::payload::from_image(kernels::launch_path_fatbin),
                       {{grid_dim::ceil_div(1, 1), grid_dim::fixed(1), grid_dim::fixed(1)}, {32, 1, 1}},
                       accy::launch_attributes{{2, 1, 1}}},
    accy::kernel_entry{"accy.test.grid_barrier", 1, accy::format::cuda_fatbin, "accy_test_grid_barrier",
                       {parameter::buffer("arrived", access::read_write, dtype::u32),
                        parameter::buffer("seen", access::write, dtype::u32), parameter::scalar("n", dtype::u32)},
                       accy::payload::from_image(kernels::launch_path_fatbin),
                       {{grid_dim::ceil_div(2, 1), grid_dim::fixed(1), grid_dim::fixed(1)}, {32, 1, 1}},
                       accy::launch_attributes{{}, true}});

struct cluster_definition : accy::definition_base<"accy.test.clusters", cluster_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>>;
    using n = accy::forward<0>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::u32, n>>;
    using stages = accy::stages<accy::stage<"accy.test.cluster_ranks", 1, accy::result<0>, n>>;
};
using clusters = accy::pipeline<cluster_definition>;

/// The clusters' scalar and result, written by one cooperative grid through a barrier on a counter.
struct barrier_definition : cluster_definition {
    static constexpr std::string_view target = "accy.test.barrier";
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::u32, accy::constant<1>>>>;
    using stages =
        accy::stages<accy::stage<"accy.test.grid_barrier", 1, accy::workspace<0>, accy::result<0>, n>>;
};
using barrier = accy::pipeline<barrier_definition>;

BOOST_AUTO_TEST_CASE(clusters_launch_and_a_grid_that_is_no_multiple_of_the_cluster_launches_nothing) {
    const std::uint32_t n = 64;
    gpu_buffer<std::uint32_t> ranks(device(), n);
    poison(ranks.view());
    const std::array<accy::buffer, 0> operands{};
    const std::array<accy::buffer, 1> results{ranks.view()};
    const auto pool = accy::load_artifacts<clusters>(device(), accy::formats::cuda_fatbin);
    accy::launch_pipeline<clusters>(device(), accy::formats::cuda_fatbin, operands, results, clusters::scalar_values{n},
                                    accy::use_pool(pool));
    const std::vector<std::uint32_t> got = to_host<std::uint32_t>(ranks.view(), n);
    for (std::uint32_t block = 0; block < n; ++block) BOOST_TEST(got[block] == block % 2 + 200, "block " << block);

    poison(ranks.view());
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<clusters>(device(), accy::formats::cuda_fatbin, operands, results,
                                                          clusters::scalar_values{n - 1}, accy::use_pool(pool)),
                          accy::error, fails_with(accy::errc::launch_argument_mismatch, {"not a multiple of the entry's cluster of 2"}));
    const std::vector<std::uint32_t> untouched = to_host<std::uint32_t>(ranks.view(), n);
    BOOST_TEST(untouched[0] == 0xffffffffu, "nothing launched");
}

BOOST_AUTO_TEST_CASE(a_cooperative_grid_is_resident_at_once_and_a_larger_one_is_refused_before_launch) {
    const auto pool = accy::load_artifacts<barrier>(device(), accy::formats::cuda_fatbin);
    const std::uint64_t limit = pool[0].kernel.resident_block_limit;
    BOOST_TEST_MESSAGE("resident block limit " << limit);
    BOOST_TEST_REQUIRE(limit >= 2u);
    const auto n = static_cast<std::uint32_t>(limit);
    gpu_buffer<std::uint32_t> seen(device(), n + 1);
    poison(seen.view());
    const std::array<accy::buffer, 0> operands{};
    const std::array<accy::buffer, 1> results{seen.view()};
    for (int round = 0; round < 3; ++round) {
        accy::launch_pipeline<barrier>(device(), accy::formats::cuda_fatbin, operands, results,
                                       barrier::scalar_values{n}, accy::use_pool(pool));
        const std::vector<std::uint32_t> got = to_host<std::uint32_t>(seen.view(), n);
        std::size_t wrong = 0;
        for (std::uint32_t block = 0; block < n; ++block) wrong += got[block] != n;
        BOOST_TEST(wrong == 0u, wrong << " of " << n << " blocks did not see all " << n << " at the barrier");
    }
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<barrier>(device(), accy::formats::cuda_fatbin, operands, results,
                                                         barrier::scalar_values{n + 1}, accy::use_pool(pool)),
                          accy::error, fails_with(accy::errc::launch_argument_mismatch, {"resident"}));
}

/// The context current on this thread.
CUcontext current_context() {
    CUcontext current = nullptr;
    BOOST_REQUIRE(device().driver().ctx_get_current(&current) == CUDA_SUCCESS);
    return current;
}

BOOST_AUTO_TEST_CASE(two_backends_used_in_turn_each_work_in_their_own_context_and_leave_the_callers_alone) {
    const auto& api = device().driver();
    void* create_address = nullptr;
    void* destroy_address = nullptr;
    CUdriverProcAddressQueryResult found{};
    BOOST_REQUIRE(api.get_proc_address("cuCtxCreate", &create_address, 12050, 0, &found) == CUDA_SUCCESS);
    BOOST_REQUIRE(api.get_proc_address("cuCtxDestroy", &destroy_address, 4000, 0, &found) == CUDA_SUCCESS);
    const auto create = reinterpret_cast<PFN_cuCtxCreate_v12050>(create_address);
    const auto destroy = reinterpret_cast<PFN_cuCtxDestroy_v4000>(destroy_address);
    CUcontext own = nullptr;
    BOOST_REQUIRE(create(&own, nullptr, 0, device().device()) == CUDA_SUCCESS);  // current now: pop it below
    BOOST_REQUIRE(api.ctx_set_current(nullptr) == CUDA_SUCCESS);
    {
        accy::cuda::backend adopted = accy::cuda::backend::adopt(own);
        BOOST_TEST(!adopted.owns_context());
        BOOST_TEST(adopted.context() == own);
        BOOST_TEST(adopted.context() != device().context());
        BOOST_TEST(current_context() == nullptr);

        const std::uint32_t n = 4099;
        const std::vector<float> input = random_values<float>(n, -1.0f, 1.0f);
        for (int round = 0; round < 3; ++round) {
            for (accy::cuda::backend* backend : {&device(), &adopted, &device()}) {
                BOOST_REQUIRE(api.ctx_set_current(nullptr) == CUDA_SUCCESS);
                gpu_buffer<float> in(*backend, n), out(*backend, n), middle(*backend, n);
                BOOST_TEST(current_context() == nullptr);
                for (const accy::buffer& made : {in.view(), out.view(), middle.view()}) {
                    CUcontext owner = nullptr;
                    BOOST_REQUIRE(api.pointer_get_attribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, made.address) == CUDA_SUCCESS);
                    BOOST_TEST(owner == backend->context());
                }
                backend->upload(in.view(), input.data(), n * sizeof(float));
                const std::array<accy::buffer, 1> operands{in.view()}, results{out.view()}, scratch{middle.view()};
                const auto pool = accy::load_artifacts<pdl>(*backend, accy::formats::cuda_fatbin);
                BOOST_TEST(current_context() == nullptr);
                accy::launch_pipeline<pdl>(*backend, accy::formats::cuda_fatbin, operands, results, pdl::scalar_values{n},
                                           accy::use_pool(pool), accy::use_scratch(scratch));
                backend->synchronize(std::nullopt);
                BOOST_TEST(current_context() == nullptr);
                std::vector<float> got(n);
                backend->download(got.data(), out.view(), n * sizeof(float));
                std::size_t wrong = 0;
                for (std::size_t i = 0; i < n; ++i) wrong += got[i] != 2.0f * input[i] + 1.0f;
                BOOST_TEST(wrong == 0u);
            }
        }
    }
    BOOST_TEST(destroy(own) == CUDA_SUCCESS);
}

BOOST_AUTO_TEST_CASE(one_library_per_distinct_payload_shared_by_stages_and_pools_freed_with_the_last) {
    // The fatbin's library may be loaded already: the kernels earlier cold launches loaded stay with device().
    const std::size_t before = accy::cuda::loaded_library_count();
    {
        // Two stages from one fatbin: one library.
        const auto first = accy::load_artifacts<pdl>(device(), accy::formats::cuda_fatbin);
        const std::size_t with_fatbin = accy::cuda::loaded_library_count();
        BOOST_TEST((with_fatbin == before || with_fatbin == before + 1));
        BOOST_TEST(first[0].kernel.library == first[1].kernel.library);
        const auto second = accy::load_artifacts<pdl>(device(), accy::formats::cuda_fatbin);
        BOOST_TEST(accy::cuda::loaded_library_count() == with_fatbin);
        // The same kernels from the PTX text, which no cold launch of this program loads: another payload.
        const auto third = accy::load_artifacts<pdl>(device(), accy::formats::cuda_ptx);
        BOOST_TEST(accy::cuda::loaded_library_count() == with_fatbin + 1);
        BOOST_TEST(first[0].kernel.library == second[1].kernel.library);
        BOOST_TEST(third[0].kernel.library != first[0].kernel.library);
    }
    BOOST_TEST(accy::cuda::loaded_library_count() == before);
}

// CUDA source, compiled at load by NVRTC for the device: out[i] = a * in[i] + 3.
constexpr std::string_view axpy_source = R"(
extern "C" __global__ void accy_test_nvrtc_axpy(float* out, const float* in, float a, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * in[i] + 3.0f;
}
)";
constexpr std::string_view broken_source = R"(extern "C" __global__ void accy_test_nvrtc_axpy(float* out) { out[0] = undeclared_name; })";
constexpr accy::parameter_list axpy_parameters{parameter::buffer("out", access::write, dtype::f32),
                                               parameter::buffer("in", access::read, dtype::f32),
                                               parameter::scalar("a", dtype::f32), parameter::scalar("n", dtype::u32)};
constexpr accy::launch_geometry axpy_grid = accy::launch_geometry::covering(3, threads);
inline constexpr auto source_registry = accy::make_registry(
    accy::kernel_entry{"accy.test.axpy", 1, accy::format::cuda_source, "accy_test_nvrtc_axpy", axpy_parameters,
                       accy::payload::from_text(axpy_source), axpy_grid},
    accy::kernel_entry{"accy.test.axpy", 2, accy::format::cuda_source, "accy_test_nvrtc_axpy", axpy_parameters,
                       accy::payload::from_text(broken_source), axpy_grid});

template <std::uint32_t Version>
struct axpy_definition : accy::definition_base<"accy.test.nvrtc", source_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>, accy::scalar<"a", float>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"accy.test.axpy", Version, accy::result<0>, accy::operand<0>, accy::forward<1>, n>>;
};

BOOST_AUTO_TEST_CASE(cuda_source_compiles_through_nvrtc_for_the_device_and_runs) {
    using axpy = accy::pipeline<axpy_definition<1>>;
    const std::uint32_t n = 100003;
    const float a = random_values<float>(1, 0.5f, 4.0f)[0];
    const std::vector<float> input = random_values<float>(n, -10.0f, 10.0f);
    const gpu_buffer<float> in = to_device<float>(input);
    gpu_buffer<float> out(device(), n);
    poison(out.view());
    const std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    const auto pool = accy::load_artifacts<axpy>(device(), accy::formats::cuda_source);
    accy::launch_pipeline<axpy>(device(), accy::formats::cuda_source, operands, results, axpy::scalar_values{n, a},
                                accy::use_pool(pool));
    const std::vector<float> got = to_host<float>(out.view(), n);
    std::size_t wrong = 0;
    // NVRTC contracts a * x + 3 into one fused multiply-add, as std::fma computes it.
    for (std::size_t i = 0; i < n; ++i) wrong += got[i] != std::fma(a, input[i], 3.0f);
    BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements differ from the CPU's");
}

BOOST_AUTO_TEST_CASE(cuda_source_that_does_not_compile_is_an_invalid_artifact_with_the_compile_log) {
    using broken = accy::pipeline<axpy_definition<2>>;
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<broken>(device(), accy::formats::cuda_source), accy::error,
                          fails_with(accy::errc::invalid_artifact, {"undeclared_name", "stage 0 ('accy.test.axpy')"}));
}

BOOST_AUTO_TEST_CASE(a_driver_error_carries_the_drivers_result) {
    BOOST_CHECK_EXCEPTION(gpu_buffer<std::byte>(device(), std::size_t{1} << 50), accy::error, [](const accy::error& e) {
        return code_is(accy::errc::out_of_memory)(e) && e.driver_result() == CUDA_ERROR_OUT_OF_MEMORY &&
               e.error_code() == accy::errc::out_of_memory && e.error_code().category().name() == std::string("accy");
    });
}

}  // namespace
