// SPDX-License-Identifier: Apache-2.0
// Tests of accy::cuda::backend on a GPU: launches in each format, pools, scratch, streams, and load-time failures.
// What every backend promises, the CUDA backend among them, is tests/conformance.
#include <gpu/device.hpp>
#include <gpu/square_add.hpp>

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_gpu_test;

BOOST_TEST_GLOBAL_FIXTURE(require_device);

/// One run's buffers: random input, poisoned output, and the CPU's answer.
struct square_add_case {
    std::vector<float> input;
    gpu_buffer<float> in, out;
    square_add::scalar_values scalars;

    explicit square_add_case(std::uint32_t n)
        : input(random_values<float>(n, -4.0f, 4.0f)), in(to_device<float>(input)),
          out(device(), n), scalars{n} {
        poison(out.view());
    }

    std::array<accy::buffer, 1> operands() const { return {in.view()}; }
    std::array<accy::buffer, 1> results() const { return {out.view()}; }

    /// Downloads the result (after the default stream's work) and compares it with the CPU's.
    void check() const {
        const std::vector<float> got = to_host<float>(out.view(), input.size());
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < input.size(); ++i) {
            const float expected = input[i] * input[i] + input[i];
            if (!(std::abs(got[i] - expected) <= 1e-6f * std::max(1.0f, std::abs(expected)))) {
                if (wrong++ < 5) BOOST_TEST_MESSAGE("element " << i << ": got " << got[i] << ", expected " << expected);
            }
        }
        BOOST_TEST(wrong == 0u, wrong << " of " << input.size() << " elements differ from the CPU's");
    }
};

std::uint32_t random_n() { return random_values<std::uint32_t>(1, 1, 300000)[0]; }

// A backend and a pool in globals: destroyed at exit after every function-local static of the
// process, the driver and the registry of loaded libraries among them (which the process makes
// later, on first use). Their release must still find both.
std::optional<accy::cuda::backend> global_device;
std::optional<accy::artifact_pool<square_add, accy::cuda::backend>> global_pool;

/// The real driver with cuCtxSetCurrent failing on request and cuMemFree counted.
struct failing_switch {
    static inline const accy::cuda::driver_api* real = nullptr;
    static inline bool fail = false;
    static inline int frees = 0;
    static inline CUresult free_result = CUDA_ERROR_UNKNOWN;

    static accy::cuda::driver_api table() {
        real = &device().driver();
        accy::cuda::driver_api api = *real;
        api.ctx_set_current = [](CUcontext context) { return fail ? CUDA_ERROR_INVALID_CONTEXT : real->ctx_set_current(context); };
        api.mem_free = [](CUdeviceptr address) {
            ++frees;
            return free_result = real->mem_free(address);
        };
        return api;
    }
};

/// What `record()` queued on `stream`, captured in `mode` as a graph and instantiated; destroyed with it.
class captured_graph {
public:
    template <class Record>
    captured_graph(CUstream stream, CUstreamCaptureMode mode, Record record) : api_(device().driver()) {
        static const auto begin = driver_entry<PFN_cuStreamBeginCapture_v10010>("cuStreamBeginCapture", 10010);
        static const auto end = driver_entry<PFN_cuStreamEndCapture_v10000>("cuStreamEndCapture", 10000);
        const accy::cuda::context_scope current(api_, device().context());
        accy::cuda::detail::check(api_, begin(stream, mode), "cuStreamBeginCapture");
        try {
            record();
        } catch (...) {
            CUgraph abandoned = nullptr;
            end(stream, &abandoned);
            if (abandoned != nullptr) api_.graph_destroy(abandoned);
            throw;
        }
        // Fails with CUDA_ERROR_STREAM_CAPTURE_INVALIDATED where anything recorded broke the capture.
        accy::cuda::detail::check(api_, end(stream, &graph_), "cuStreamEndCapture");
        accy::cuda::detail::check(api_, api_.graph_instantiate(&exec_, graph_, 0), "cuGraphInstantiate");
    }
    captured_graph(const captured_graph&) = delete;
    captured_graph& operator=(const captured_graph&) = delete;
    ~captured_graph() {
        if (exec_ != nullptr) api_.graph_exec_destroy(exec_);
        if (graph_ != nullptr) api_.graph_destroy(graph_);
    }

    /// The nodes the capture recorded.
    std::size_t node_count() const {
        static const auto get_nodes = driver_entry<PFN_cuGraphGetNodes_v10000>("cuGraphGetNodes", 10000);
        std::size_t count = 0;
        accy::cuda::detail::check(api_, get_nodes(graph_, nullptr, &count), "cuGraphGetNodes");
        return count;
    }

    /// Replays the graph on `stream` after every earlier copy of the device (a copy from pageable
    /// memory may return before its DMA ends, and a non-blocking stream does not wait for it), and waits.
    void replay(CUstream stream) const {
        const accy::cuda::context_scope current(api_, device().context());
        accy::cuda::detail::check(api_, api_.ctx_synchronize(), "cuCtxSynchronize");
        accy::cuda::detail::check(api_, api_.graph_launch(exec_, stream), "cuGraphLaunch");
        accy::cuda::detail::check(api_, api_.stream_synchronize(stream), "cuStreamSynchronize");
    }

private:
    const accy::cuda::driver_api& api_;
    CUgraph graph_ = nullptr;
    CUgraphExec exec_ = nullptr;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(cuda_backend)

BOOST_AUTO_TEST_CASE(satisfies_the_backend_concept_and_moves_only) {
    static_assert(accy::backend<accy::cuda::backend>);
    static_assert(accy::backend_with_context<accy::cuda::backend> && accy::backend_checking_launches<accy::cuda::backend>);
    static_assert(!std::is_copy_constructible_v<accy::cuda::backend> && std::is_nothrow_move_constructible_v<accy::cuda::backend>);
    static_assert(!std::is_copy_constructible_v<accy::cuda::stream_owner> &&
                  std::is_nothrow_move_constructible_v<accy::cuda::stream_owner>);
    static_assert(accy::cuda::backend::name == "cuda");
    accy::cuda::backend second(0);
    accy::cuda::backend moved(std::move(second));
    BOOST_TEST(moved.context() == device().context());  // the same primary context
    BOOST_TEST(second.context() == nullptr);
    BOOST_CHECK_EXCEPTION(second.device_name(), accy::error, fails_with(accy::errc::launch_argument_mismatch, {"was moved from"}));
}

BOOST_AUTO_TEST_CASE(cold_launch_in_each_format) {
    for (const accy::format fmt : cuda_formats) {
        BOOST_TEST_CONTEXT("format " << accy::to_string(fmt)) {
            square_add_case run(random_n());
            accy::launch_pipeline<square_add>(device(), fmt, run.operands(), run.results(), run.scalars);
            run.check();
        }
    }
}

BOOST_AUTO_TEST_CASE(pool_and_scratch_launch_many_times) {
    const std::uint32_t max_n = 300000;
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_fatbin);
    const square_add::scalar_values largest{max_n};
    const auto scratch = accy::allocate_scratch<square_add>(device(), largest);
    for (int repeat = 0; repeat < 5; ++repeat) {
        square_add_case run(random_n());
        accy::launch_pipeline<square_add>(device(), accy::formats::cuda_fatbin, run.operands(), run.results(),
                                          run.scalars, accy::use_pool(pool), accy::use_scratch(scratch));
        device().synchronize(std::nullopt);  // with pool and scratch the launch does not wait
        run.check();
    }
}

BOOST_AUTO_TEST_CASE(a_pool_in_a_global_is_released_at_exit) {
    global_device.emplace(0);
    global_pool.emplace(accy::load_artifacts<square_add>(*global_device, accy::formats::cuda_fatbin));
    square_add_case run(random_n());
    accy::launch_pipeline<square_add>(*global_device, accy::formats::cuda_fatbin, run.operands(), run.results(), run.scalars,
                                      accy::use_pool(*global_pool));
    run.check();
    // The pool stays loaded until exit. Before the driver and the registry outlived every static, this
    // executable ended in "munmap_chunk(): invalid pointer" or a segmentation fault after its tests passed.
}

BOOST_AUTO_TEST_CASE(caller_stream) {
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    {  // cold: the call waits for its stream before freeing what it allocated
        square_add_case run(random_n());
        accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(), run.results(), run.scalars,
                                          accy::on_stream(stream.get()));
        run.check();
    }
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_ptx);
    square_add_case run(random_n());
    const auto scratch = accy::allocate_scratch<square_add>(device(), run.scalars);
    accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(), run.results(), run.scalars,
                                      accy::use_pool(pool), accy::use_scratch(scratch),
                                      accy::on_stream(stream.get()));
    device().synchronize(stream.get());
    run.check();
}

BOOST_AUTO_TEST_CASE(two_streams_at_once) {
    const accy::cuda::stream_owner first(device(), CU_STREAM_NON_BLOCKING), second(device(), CU_STREAM_NON_BLOCKING);
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_fatbin);
    square_add_case a(1u << 22), b((1u << 22) + 17);
    const auto scratch_a = accy::allocate_scratch<square_add>(device(), a.scalars);
    const auto scratch_b = accy::allocate_scratch<square_add>(device(), b.scalars);
    for (int repeat = 0; repeat < 3; ++repeat) {
        accy::launch_pipeline<square_add>(device(), accy::formats::cuda_fatbin, a.operands(), a.results(), a.scalars,
                                          accy::use_pool(pool), accy::use_scratch(scratch_a),
                                          accy::on_stream(first.get()), accy::label("stream a"));
        accy::launch_pipeline<square_add>(device(), accy::formats::cuda_fatbin, b.operands(), b.results(), b.scalars,
                                          accy::use_pool(pool), accy::use_scratch(scratch_b),
                                          accy::on_stream(second.get()), accy::label("stream b"));
    }
    device().synchronize(first.get());
    device().synchronize(second.get());
    a.check();
    b.check();
}

BOOST_AUTO_TEST_CASE(bad_ptx_is_invalid_artifact_with_the_jit_log) {
    static constexpr char broken[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                                     ".visible .entry accy_test_square() { this is not ptx; }\n";
    const std::array<accy::payload, 2> payloads{accy::payload::from_text(broken), accy::payload{}};
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<square_add>(device(), accy::formats::cuda_ptx, payloads), accy::error,
                          fails_with(accy::errc::invalid_artifact,
                                     {"CUDA_ERROR_INVALID_PTX", "JIT log:\n", "stage 0 ('accy.test.square')"}));
}

BOOST_AUTO_TEST_CASE(ptx_without_its_nul_loads) {
    // PTX read at run time into a buffer where text, not a NUL, follows it.
    const std::string_view text = kernels::test_kernels_ptx;
    std::vector<char> read(text.begin(), text.end());
    read.insert(read.end(), {'g', 'a', 'r', 'b', 'a', 'g', 'e', '\0'});
    const std::array<accy::payload, 2> payloads{accy::payload::from_text({read.data(), text.size()}), accy::payload{}};
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_ptx, payloads);
    square_add_case run(random_n());
    accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(), run.results(), run.scalars,
                                      accy::use_pool(pool));
    run.check();
}

BOOST_AUTO_TEST_CASE(a_signature_that_differs_fails_at_load) {
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<miscounted>(device(), accy::formats::cuda_ptx), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"kernel 'accy_test_square'",
                                      "takes 3 parameters: 0 at 0 (8 bytes), 1 at 8 (8 bytes), 2 at 16 (4 bytes); "
                                      "its entry declares 4: 0 'squares' at 0 (8 bytes), 1 'in' at 8 (8 bytes), "
                                      "2 'extra' at 16 (8 bytes), 3 'n' at 24 (4 bytes)"}));
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<missized>(device(), accy::formats::cuda_ptx), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"kernel 'accy_test_square'", "its entry declares 3: 0 'squares' at 0 (8 bytes), "
                                                                   "1 'in' at 8 (8 bytes), 2 'n' at 16 (8 bytes)"}));
}

BOOST_AUTO_TEST_CASE(an_unknown_entry_name_is_invalid_artifact) {
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<misnamed>(device(), accy::formats::cuda_ptx), accy::error,
                          fails_with(accy::errc::invalid_artifact, {"accy_test_no_such_kernel"}));
}

// What every backend refuses (another format, an empty payload, a launch's argument count) is tests/conformance.
BOOST_AUTO_TEST_CASE(an_artifact_made_by_hand_without_code_is_invalid_artifact) {
    // No PTX in it: refused before the driver reads anything.
    accy::cuda::artifact empty{};
    empty.format = accy::format::cuda_ptx;
    BOOST_CHECK_EXCEPTION(device().load_artifact(empty), accy::error, fails_with(accy::errc::invalid_artifact, {"is empty"}));
}

// Issue 34, item 5: the free returned before cuMemFree when the context switch failed, leaking the buffer.
BOOST_AUTO_TEST_CASE(a_free_whose_context_switch_fails_still_frees_the_memory) {
    const accy::cuda::driver_api failing = failing_switch::table();
    accy::cuda::backend adopted = accy::cuda::backend::adopt(device().context(), failing);
    const accy::buffer allocated = adopted.allocate_buffer(std::size_t{1} << 20);
    const std::size_t failed = accy::cuda::failed_free_count();
    BOOST_REQUIRE(failing_switch::real->ctx_set_current(nullptr) == CUDA_SUCCESS);  // so that the free must switch
    failing_switch::fail = true;
    adopted.free_buffer(allocated);
    failing_switch::fail = false;
    BOOST_TEST(failing_switch::frees == 1);
    BOOST_TEST(failing_switch::free_result == CUDA_SUCCESS, "cuMemFree with no context current returned "
                                                                << failing_switch::free_result);
    BOOST_TEST(accy::cuda::failed_free_count() == failed);
    CUcontext owner = nullptr;  // a freed address belongs to no allocation, so to no context
    BOOST_TEST(failing_switch::real->pointer_get_attribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, allocated.address) ==
               CUDA_ERROR_INVALID_VALUE);
}

BOOST_AUTO_TEST_CASE(a_launch_from_a_pool_with_scratch_joins_a_capture_in_every_mode) {
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_ptx);
    for (const CUstreamCaptureMode mode :
         {CU_STREAM_CAPTURE_MODE_GLOBAL, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL, CU_STREAM_CAPTURE_MODE_RELAXED}) {
        BOOST_TEST_CONTEXT("capture mode " << static_cast<int>(mode)) {
            square_add_case run(random_n());
            const auto scratch = accy::allocate_scratch<square_add>(device(), run.scalars);
            const captured_graph graph(stream.get(), mode, [&] {
                BOOST_TEST(device().capturing(stream.get()));
                accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(), run.results(),
                                                  run.scalars, accy::use_pool(pool), accy::use_scratch(scratch),
                                                  accy::on_stream(stream.get()));
            });
            BOOST_TEST(!device().capturing(stream.get()));
            BOOST_TEST(graph.node_count() == square_add::stage_count);  // a kernel node per stage, no zero fill
            graph.replay(stream.get());
            run.check();
            // A replay reads the operand anew: fresh values, a poisoned result.
            run.input = random_values<float>(run.input.size(), -4.0f, 4.0f);
            run.in.upload(std::span<const float>(run.input));
            poison(run.out.view());
            graph.replay(stream.get());
            run.check();
        }
    }
}

BOOST_AUTO_TEST_CASE(a_cold_launch_in_a_capture_is_refused_and_the_capture_stays_valid) {
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_ptx);
    // A blocking stream: while it captures, the legacy default stream counts as capturing too.
    const accy::cuda::stream_owner stream(device(), CU_STREAM_DEFAULT);
    square_add_case run(random_n());
    const auto scratch = accy::allocate_scratch<square_add>(device(), run.scalars);
    const captured_graph graph(stream.get(), CU_STREAM_CAPTURE_MODE_GLOBAL, [&] {
        accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(), run.results(), run.scalars,
                                          accy::use_pool(pool), accy::use_scratch(scratch), accy::on_stream(stream.get()));
        const std::string cold = accy_test::message_of([&] {
            accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(), run.results(),
                                              run.scalars, accy::on_stream(stream.get()));
        });
        BOOST_TEST(cold.find("unsupported_operation") != std::string::npos, cold);
        BOOST_TEST(cold.find("the stream is capturing a graph") != std::string::npos, cold);
        BOOST_CHECK_EXCEPTION(accy::launch_pipeline<square_add>(device(), accy::formats::cuda_ptx, run.operands(),
                                                                run.results(), run.scalars, accy::use_pool(pool)),
                              accy::error, code_is(accy::errc::unsupported_operation));
    });
    BOOST_TEST(graph.node_count() == square_add::stage_count);  // the refused launches recorded nothing
    graph.replay(stream.get());
    run.check();
}

/// The caller's own kernel node in `graph` after `dependency` (none when null): accy_test_square,
/// `squares[i] = in[i] * in[i]` for i < n, a kernel the caller loaded itself (here the pool's).
CUgraphNode add_square_node(CUgraph graph, CUgraphNode dependency, CUfunction square, const accy::buffer& squares,
                            const accy::buffer& in, std::uint32_t n) {
    CUdeviceptr squares_address = squares.address, in_address = in.address;
    void* parameters[] = {&squares_address, &in_address, &n};
    CUDA_KERNEL_NODE_PARAMS node{};
    node.func = square;
    node.gridDimX = (n + threads - 1) / threads;
    node.gridDimY = node.gridDimZ = 1;
    node.blockDimX = threads;
    node.blockDimY = node.blockDimZ = 1;
    node.kernelParams = parameters;
    CUgraphNode added = nullptr;
    const accy::cuda::driver_api& api = device().driver();
    accy::cuda::detail::check(api, api.graph_add_kernel_node(&added, graph, &dependency, dependency != nullptr ? 1 : 0, &node),
                              "cuGraphAddKernelNode");
    return added;
}

BOOST_AUTO_TEST_CASE(a_pipeline_graph_embedded_between_the_callers_kernels_replays_and_updates) {
    const accy::cuda::driver_api& api = device().driver();
    const accy::cuda::stream_owner stream(device(), CU_STREAM_NON_BLOCKING);
    const auto pool = accy::load_artifacts<square_add>(device(), accy::formats::cuda_ptx);
    const std::uint32_t n = std::max<std::uint32_t>(random_n(), 2);
    const std::vector<float> source = random_values<float>(n, -2.0f, 2.0f);
    const gpu_buffer<float> x = to_device<float>(source);
    square_add_case run(n);  // its operand is the caller's first kernel's output
    const gpu_buffer<float> last(device(), n);
    const auto scratch = accy::allocate_scratch<square_add>(device(), run.scalars);
    accy::cuda::pipeline_graph<square_add> stages(device(), pool, scratch, run.operands(), run.results(), run.scalars);

    // The caller's graph: in = x * x, then the pipeline (out = in * in + in), then last = out * out.
    const CUfunction square = pool[0].kernel.function;
    const accy::cuda::context_scope current(api, device().context());
    CUgraph caller = nullptr;
    accy::cuda::detail::check(api, api.graph_create(&caller, 0), "cuGraphCreate");
    CUgraphExec exec = nullptr;
    const auto release = [&] {
        if (exec != nullptr) api.graph_exec_destroy(exec);
        api.graph_destroy(caller);
    };
    try {
        const CUgraphNode first = add_square_node(caller, nullptr, square, run.in.view(), x.view(), n);
        const std::array<CUgraphNode, 1> after_first{first};
        const CUgraphNode embedded = stages.add_to(caller, after_first);
        add_square_node(caller, embedded, square, last.view(), run.out.view(), n);
        accy::cuda::detail::check(api, api.graph_instantiate(&exec, caller, 0), "cuGraphInstantiate");

        /// Replays the caller's graph and compares `last` with the CPU's for the first `computed`
        /// elements; past them the pipeline computed nothing, so `out` stays poisoned.
        const auto replay_and_check = [&](std::uint32_t computed) {
            poison(run.out.view());
            poison(last.view());
            accy::cuda::detail::check(api, api.ctx_synchronize(), "cuCtxSynchronize");
            accy::cuda::detail::check(api, api.graph_launch(exec, stream.get()), "cuGraphLaunch");
            accy::cuda::detail::check(api, api.stream_synchronize(stream.get()), "cuStreamSynchronize");
            const std::vector<float> got = to_host<float>(last.view(), n);
            const std::vector<float> out = to_host<float>(run.out.view(), n);
            std::size_t wrong = 0;
            for (std::uint32_t i = 0; i < n; ++i) {
                const float in = source[i] * source[i];
                const float pipeline = in * in + in;
                const bool right = i < computed ? std::abs(got[i] - pipeline * pipeline) <= 1e-5f * std::max(1.0f, pipeline * pipeline)
                                                : std::isnan(out[i]);
                if (!right && wrong++ < 5) BOOST_TEST_MESSAGE("element " << i << ": got " << got[i] << ", out " << out[i]);
            }
            BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements wrong, " << computed << " computed");
        };
        replay_and_check(n);
        // Fewer elements: the graph's own nodes change at once; the caller's copy after update_embedded.
        const std::uint32_t half = n / 2;
        stages.update(square_add::scalar_values{half});
        stages.update_embedded(exec, embedded);
        replay_and_check(half);
    } catch (...) {
        release();
        throw;
    }
    release();
}

BOOST_AUTO_TEST_SUITE_END()
