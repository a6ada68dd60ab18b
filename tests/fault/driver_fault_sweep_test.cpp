// SPDX-License-Identifier: Apache-2.0
// The driver fault sweep: accy's CUDA backend on a fake driver (fake_cuda.cpp, loaded as libcuda.so.1) that fails
// each of its calls in turn, one child process per failure, through loading the driver, making a backend, allocating
// and copying, loading a pool, launching cold and hot, building, updating, replaying and embedding a graph, a
// pipeline with a loop and a when on a stream and as a graph, two devices' streams, events and peer copies, and
// destroying everything. Each failure must surface as the accy::error of the public call
// that made the failed call, with the documented code and the driver's result as driver_result(), unless accy
// documents it as tolerated (a destructor's call); what the driver made must be destroyed; nothing may crash or hang.
#include "fault/fault_sweep.hpp"
#include "fault/sweep_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using accy_fault::expect;
using accy_fault::steps;
using accy_fault::sweep_pipeline;
using bytes = accy::device_buffer<std::byte, accy::cuda::backend>;

constexpr std::uint32_t rows = 64, columns = 64;
constexpr std::size_t elements = std::size_t{rows} * columns;
const sweep_pipeline::scalar_values scalars{rows, columns};

accy::cuda::backend make_backend(steps& step) {
    return step("accy::cuda::backend(0)", [] { return accy::cuda::backend(0); });
}

/// The operand's bytes: 0, 1, 2, ...
std::vector<std::uint8_t> operand_bytes() {
    std::vector<std::uint8_t> bytes(elements * 2);
    std::iota(bytes.begin(), bytes.end(), std::uint8_t{0});
    return bytes;
}

/// An operand and a result of the sweep pipeline on `device`, the operand uploaded.
struct pipeline_buffers {
    bytes operand, result;
    std::array<accy::buffer, 1> operands, results;

    pipeline_buffers(steps& step, accy::cuda::backend& device)
        : operand(step("device_buffer (operand)", [&] { return bytes(device, elements * 2); })),
          result(step("device_buffer (result)", [&] { return bytes(device, elements * 4); })),
          operands{operand.view()}, results{result.view()} {
        const std::vector<std::uint8_t> bytes = operand_bytes();
        step("backend::upload", [&] { device.upload(operand.view(), bytes.data(), bytes.size()); });
    }
};

void backend_and_adopted_context(steps& step) {
    accy::cuda::backend device = make_backend(step);
    expect(device.compute_capability() == std::pair{9, 0}, "the fake device is sm_90");
    const std::string name = step("backend::device_name", [&] { return device.device_name(); });
    expect(name == "Fake sm_90 device 0", "the device's name");
    const accy::cuda::backend adopted =
        step("accy::cuda::backend::adopt", [&] { return accy::cuda::backend::adopt(device.context()); });
    expect(adopted.ordinal() == 0 && !adopted.owns_context(), "the adopted context is device 0's, not owned");
}

void buffers_and_copies(steps& step) {
    accy::cuda::backend device = make_backend(step);
    const bytes buffer = step("device_buffer", [&] { return bytes(device, 4096); });
    const std::vector<std::uint8_t> sent = operand_bytes();
    step("backend::upload", [&] { device.upload(buffer.view(), sent.data(), 4096); });
    std::vector<std::uint8_t> got(4096);
    step("backend::download", [&] { device.download(got.data(), buffer.view(), got.size()); });
    expect(std::equal(got.begin(), got.end(), sent.begin()), "the download gives what was uploaded");
    step("backend::fill_zero", [&] { device.fill_zero(buffer.view(), std::nullopt); });
    step("backend::synchronize", [&] { device.synchronize(std::nullopt); });
    step("backend::download (zeroed)", [&] { device.download(got.data(), buffer.view(), got.size()); });
    expect(std::all_of(got.begin(), got.end(), [](std::uint8_t byte) { return byte == 0; }), "fill_zero zeroes");
}

void pool_and_scratch(steps& step) {
    accy::cuda::backend device = make_backend(step);
    const auto pool = step("load_artifacts", [&] { return accy::load_artifacts<sweep_pipeline>(device, accy::formats::cuda_ptx); });
    expect(accy::cuda::loaded_library_count() == 2, "one library per distinct payload");
    const auto scratch = step("allocate_scratch", [&] { return accy::allocate_scratch<sweep_pipeline>(device, scalars); });
    const accy::cuda::stream_owner stream = step("stream_owner", [&] { return accy::cuda::stream_owner(device); });
    const auto ordered = step("allocate_scratch (in a stream's order)", [&] {
        return accy::allocate_scratch<sweep_pipeline>(device, scalars, accy::on_stream(stream.get()));
    });
    expect(ordered.arena().byte_size == scratch.arena().byte_size, "the same arena, allocated in the stream's order");
}

/// The entry points the driver was called through since call `before`.
std::set<std::string_view> calls_since(unsigned long before) {
    std::set<std::string_view> made;
    for (unsigned long call = before; call < accy_fault::fake_driver().calls(); ++call)
        made.insert(accy_fault::fake_driver().call_name(call));
    return made;
}

void cold_launch(steps& step) {
    accy::cuda::backend device = make_backend(step);
    const pipeline_buffers buffers(step, device);
    step("launch_pipeline (cold: no pool, no scratch)", [&] {
        accy::launch_pipeline<sweep_pipeline>(device, accy::formats::cuda_ptx, buffers.operands, buffers.results, scalars);
    });
    expect(accy::cuda::loaded_library_count() == 2, "the backend keeps the kernels a cold launch loaded");
    const unsigned long before = accy_fault::fake_driver().calls();
    step("launch_pipeline (cold again)", [&] {
        accy::launch_pipeline<sweep_pipeline>(device, accy::formats::cuda_ptx, buffers.operands, buffers.results, scalars);
    });
    const std::set<std::string_view> made = calls_since(before);
    expect(made.contains("cuLaunchKernelEx") && made.contains("cuMemsetD8Async") && !made.contains("cuMemAlloc") &&
               !made.contains("cuMemAllocFromPoolAsync") && !made.contains("cuMemFree") &&
               !made.contains("cuMemFreeAsync") && !made.contains("cuLibraryLoadData") &&
               !made.contains("cuLibraryGetKernel") && !made.contains("cuFuncGetParamInfo"),
           "a second cold launch takes the kept kernels and the kept arena (zeroing its kept_zero workspace again), "
           "allocating, loading and checking nothing");
}

void hot_launch(steps& step) {
    accy::cuda::backend device = make_backend(step);
    const pipeline_buffers buffers(step, device);
    const auto pool = step("load_artifacts", [&] { return accy::load_artifacts<sweep_pipeline>(device, accy::formats::cuda_ptx); });
    const auto scratch = step("allocate_scratch", [&] { return accy::allocate_scratch<sweep_pipeline>(device, scalars); });
    const accy::cuda::stream_owner stream = step("stream_owner", [&] { return accy::cuda::stream_owner(device); });
    step("launch_pipeline (hot, default stream)", [&] {
        accy::launch_pipeline<sweep_pipeline>(device, accy::formats::cuda_ptx, buffers.operands, buffers.results, scalars,
                                              accy::use_pool(pool), accy::use_scratch(scratch));
    });
    step("launch_pipeline (hot, on a stream)", [&] {
        accy::launch_pipeline<sweep_pipeline>(device, accy::formats::cuda_ptx, buffers.operands, buffers.results, scalars,
                                              accy::use_pool(pool), accy::use_scratch(scratch), accy::on_stream(stream.get()));
    });
    const unsigned long before = accy_fault::fake_driver().calls();
    step("launch_pipeline (pool, its scratch in stream order)", [&] {
        accy::launch_pipeline<sweep_pipeline>(device, accy::formats::cuda_ptx, buffers.operands, buffers.results, scalars,
                                              accy::use_pool(pool), accy::on_stream(stream.get()));
    });
    const std::set<std::string_view> made = calls_since(before);
    // Freed by cuMemFreeAsync, or by cuMemFree where the backend's context could not be made current.
    expect(made.contains("cuMemAllocFromPoolAsync") && (made.contains("cuMemFreeAsync") || made.contains("cuMemFree")) &&
               !made.contains("cuMemAlloc") && !made.contains("cuStreamSynchronize") && !made.contains("cuCtxSynchronize"),
           "a launch from a pool without scratch allocates and frees its scratch in stream order, and waits for nothing");
    step("backend::synchronize (stream)", [&] { device.synchronize(stream.get()); });
}

/// A graph of the test's own, as a caller builds one around a pipeline_graph, and its executable once
/// instantiated; what the driver made is destroyed with it.
class caller_graph {
public:
    explicit caller_graph(accy::cuda::backend& device) : device_(device) {
        accy::cuda::detail::check(device.driver(), device.driver().graph_create(&graph_, 0), "cuGraphCreate");
    }
    caller_graph(const caller_graph&) = delete;
    caller_graph& operator=(const caller_graph&) = delete;
    ~caller_graph() {
        if (exec_ != nullptr) device_.driver().graph_exec_destroy(exec_);
        device_.driver().graph_destroy(graph_);
    }

    void instantiate() {
        const auto current = device_.enter_context();
        accy::cuda::detail::check(device_.driver(), device_.driver().graph_instantiate(&exec_, graph_, 0),
                                  "cuGraphInstantiateWithFlags");
    }
    CUgraph graph() const { return graph_; }
    CUgraphExec exec() const { return exec_; }

private:
    accy::cuda::backend& device_;
    CUgraph graph_ = nullptr;
    CUgraphExec exec_ = nullptr;
};

void graph_build_update_replay(steps& step) {
    accy::cuda::backend device = make_backend(step);
    const pipeline_buffers buffers(step, device), others(step, device);
    const auto pool = step("load_artifacts", [&] { return accy::load_artifacts<sweep_pipeline>(device, accy::formats::cuda_ptx); });
    const auto scratch = step("allocate_scratch", [&] { return accy::allocate_scratch<sweep_pipeline>(device, scalars); });
    const accy::cuda::stream_owner stream = step("stream_owner", [&] { return accy::cuda::stream_owner(device); });
    accy::cuda::pipeline_graph<sweep_pipeline> graph = step("pipeline_graph", [&] {
        return accy::cuda::pipeline_graph<sweep_pipeline>(device, pool, scratch, buffers.operands, buffers.results, scalars);
    });
    step("pipeline_graph::launch (stream)", [&] { graph.launch(stream.get()); });
    step("backend::synchronize (stream)", [&] { device.synchronize(stream.get()); });
    step("pipeline_graph::update (scalars)", [&] { graph.update(sweep_pipeline::scalar_values{rows / 2, columns}); });
    step("pipeline_graph::update (buffers and scalars)", [&] { graph.update(others.operands, others.results, scalars); });
    step("pipeline_graph::launch", [&] { graph.launch(); });
    step("backend::synchronize", [&] { device.synchronize(std::nullopt); });
    std::optional<caller_graph> caller;
    step("cuGraphCreate (the caller's graph)", [&] { caller.emplace(device); });
    const CUgraphNode embedded = step("pipeline_graph::add_to", [&] { return graph.add_to(caller->graph()); });
    step("cuGraphInstantiateWithFlags (the caller's graph)", [&] { caller->instantiate(); });
    step("pipeline_graph::update (embedded)", [&] { graph.update(sweep_pipeline::scalar_values{rows / 2, columns}); });
    step("pipeline_graph::update_embedded", [&] { graph.update_embedded(caller->exec(), embedded); });
}

/// A pipeline with a loop and a when: launched on a stream (the flags read back), and as a graph of
/// conditional nodes (condition kernels loaded, pass counters allocated), replayed and updated.
void regions_launched_and_in_a_graph(steps& step) {
    using accy_fault::looping_sweep_pipeline;
    accy::cuda::backend device = make_backend(step);
    const pipeline_buffers buffers(step, device);
    const auto pool =
        step("load_artifacts", [&] { return accy::load_artifacts<looping_sweep_pipeline>(device, accy::formats::cuda_ptx); });
    const auto scratch = step("allocate_scratch", [&] { return accy::allocate_scratch<looping_sweep_pipeline>(device, scalars); });
    const accy::cuda::stream_owner stream = step("stream_owner", [&] { return accy::cuda::stream_owner(device); });
    // The fake runs no kernel: a flag of 1 stays 1, so that the loop makes all its passes and the when runs, every run alike.
    const std::uint32_t still_moving = 1;
    step("backend::upload (the flag)", [&] { device.upload(scratch.buffers()[1], &still_moving, sizeof still_moving); });
    step("launch_pipeline (regions, on a stream)", [&] {
        accy::launch_pipeline<looping_sweep_pipeline>(device, accy::formats::cuda_ptx, buffers.operands, buffers.results,
                                                      scalars, accy::use_pool(pool), accy::use_scratch(scratch),
                                                      accy::on_stream(stream.get()));
    });
    accy::cuda::pipeline_graph<looping_sweep_pipeline> graph = step("pipeline_graph (regions)", [&] {
        return accy::cuda::pipeline_graph<looping_sweep_pipeline>(device, pool, scratch, buffers.operands, buffers.results,
                                                                  scalars);
    });
    step("pipeline_graph::launch (regions)", [&] { graph.launch(stream.get()); });
    step("backend::synchronize (stream)", [&] { device.synchronize(stream.get()); });
    step("pipeline_graph::update (regions)", [&] { graph.update(looping_sweep_pipeline::scalar_values{rows / 2, columns}); });
}

void two_devices(steps& step) {
    accy::cuda::devices set = step("devices{0, 1}", [] { return accy::cuda::devices{0, 1}; });
    expect(step("devices::enable_peer_access", [&] { return set.enable_peer_access(); }), "the fake's devices are peers");
    const bytes from = step("device_buffer (device 0)", [&] { return bytes(set[0], 4096); });
    const bytes to = step("device_buffer (device 1)", [&] { return bytes(set[1], 4096); });
    const std::vector<std::uint8_t> sent = operand_bytes();
    step("backend::upload (device 0)", [&] { set[0].upload(from.view(), sent.data(), 4096); });
    step("devices::copy", [&] { set.copy(1, to.view(), 0, from.view(), 4096); });
    step("devices::synchronize", [&] { set.synchronize(); });
    std::vector<std::uint8_t> got(4096);
    step("backend::download (device 1)", [&] { set[1].download(got.data(), to.view(), got.size()); });
    expect(std::equal(got.begin(), got.end(), sent.begin()), "device 1 holds what device 0 sent");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(driver_fault_sweep)

BOOST_AUTO_TEST_CASE(the_library_accy_loads_is_the_fake_driver) {
    BOOST_REQUIRE_NO_THROW(accy_fault::fake_driver());
    BOOST_TEST(accy_fault::fake_driver().calls() == 0u, "the test process itself never calls the driver");
}

BOOST_AUTO_TEST_CASE(every_call_of_a_backend_and_an_adopted_context_fails_in_turn) {
    accy_fault::sweep("backend and adopted context", backend_and_adopted_context);
}

BOOST_AUTO_TEST_CASE(every_call_of_buffers_and_copies_fails_in_turn) {
    accy_fault::sweep("buffers and copies", buffers_and_copies);
}

BOOST_AUTO_TEST_CASE(every_call_of_a_pool_and_its_scratch_fails_in_turn) {
    accy_fault::sweep("pool and scratch", pool_and_scratch);
}

BOOST_AUTO_TEST_CASE(every_call_of_a_cold_launch_fails_in_turn) { accy_fault::sweep("cold launch", cold_launch); }

BOOST_AUTO_TEST_CASE(every_call_of_hot_launches_fails_in_turn) { accy_fault::sweep("hot launches", hot_launch); }

BOOST_AUTO_TEST_CASE(every_call_of_a_graph_built_updated_and_replayed_fails_in_turn) {
    accy_fault::sweep("graph", graph_build_update_replay);
}

BOOST_AUTO_TEST_CASE(every_call_of_regions_launched_and_in_a_graph_fails_in_turn) {
    accy_fault::sweep("regions", regions_launched_and_in_a_graph);
}

BOOST_AUTO_TEST_CASE(every_call_of_two_devices_streams_events_and_peer_copies_fails_in_turn) {
    accy_fault::sweep("two devices", two_devices);
}

// cuFuncGetParamInfo (CUDA 12.4) and cuFuncGetParamCount (13.2) are optional: without them accy checks what PTX tells.
BOOST_AUTO_TEST_CASE(a_driver_without_each_entry_point_in_turn_is_runtime_unavailable_unless_it_is_optional) {
    accy_fault::sweep_missing_symbols("pool and scratch", pool_and_scratch, {"cuFuncGetParamInfo", "cuFuncGetParamCount"});
}

BOOST_AUTO_TEST_SUITE_END()
