// SPDX-License-Identifier: Apache-2.0
// Tests of the scan examples' CUDA kernels against a CPU reference: f32 and i32, cold and with pool + scratch;
// the single-pass scan also f16, bf16, i8 and f64.
#include <gpu/device.hpp>

#include "common/registry.hpp"
#include "common/sum_type.hpp"
#include "common/wrapping_add.hpp"
#include "scan/cuda/scan_cuda.hpp"
#include "scan/scan_pipeline.hpp"
#include "single_pass_scan/single_pass_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <boost/mpl/list.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_gpu_test;
namespace scan = accy_examples::scan;

BOOST_TEST_GLOBAL_FIXTURE(require_device);

inline constexpr auto gpu_kernels = accy::join_registries(
    scan::cuda::entries<float>(), scan::cuda::entries<std::int32_t>(), scan::cuda::entries<float>(accy::format::cuda_ptx),
    scan::cuda::entries<std::int32_t>(accy::format::cuda_ptx));

/// The example's scan with a registry of its CUDA entries.
template <class T>
struct gpu_definition : scan::definition<T> {
    static constexpr const auto& registry = gpu_kernels;
};
template <class T>
using gpu_scan = accy::pipeline<gpu_definition<T>>;

template <class T>
using single_pass_scan = accy_examples::single_pass::pipeline<T>;

// Beside the small ones: the single-pass scan's register tiles (2^20 + 3), and its blocks working
// through staged tiles: fewer tiles than blocks (4194305: 456 for 512), two or three per block
// (9437185), about fourteen per block (2^26).
constexpr std::array<std::uint32_t, 9> sizes{1, 63, 64, 65, 5000, (1u << 20) + 3, 4194305, 9437185, 1u << 26};
constexpr std::uint32_t largest = 1u << 26;

/// Input the GPU must scan exactly: any integer (sums wrap), or f32, f64, f16 or bf16 holding small
/// integers, whose partial sums in any order are exact integers far below 2^24 in f32 (f16 and bf16
/// sum in f32: each result is then the exact sum rounded once).
template <class T>
std::vector<T> exact_input(std::uint32_t n) {
    if constexpr (std::is_integral_v<T>) {
        const std::vector<std::int32_t> drawn =
            random_values<std::int32_t>(n, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
        return std::vector<T>(drawn.begin(), drawn.end());
    } else {
        const std::vector<std::int32_t> small = random_values<std::int32_t>(n, -4, 4);
        std::vector<T> values(n);
        std::ranges::transform(small, values.begin(), [](std::int32_t value) { return T(static_cast<float>(value)); });
        return values;
    }
}

/// The elements of `buffer` from the `skipped`-th on.
template <class T>
accy::buffer past(const accy::buffer& buffer, std::uint32_t skipped) {
    return {buffer.address + skipped * sizeof(T), buffer.byte_size - skipped * sizeof(T)};
}

/// Uploads `input`, poisons the result, runs `launch(operands, results, scalars)`, and compares
/// the result with the CPU's inclusive scan: exactly, or for `approximate` f32 by relative norm.
/// Operand and result start `misalignment` elements past their allocations' (aligned) start.
template <class T, class Launch>
void check_scan(const std::vector<T>& input, Launch&& launch, bool approximate = false, std::uint32_t misalignment = 0) {
    const auto n = static_cast<std::uint32_t>(input.size());
    std::vector<T> shifted(misalignment, T{});
    shifted.insert(shifted.end(), input.begin(), input.end());
    const gpu_buffer<T> in = to_device<T>(shifted), out(device(), shifted.size());
    poison(out.view());
    const std::array<accy::buffer, 1> operands{past<T>(in.view(), misalignment)}, results{past<T>(out.view(), misalignment)};
    const std::array<std::uint32_t, 1> scalars{n};
    launch(operands, results, scalars);
    device().synchronize(std::nullopt);
    const std::vector<T> got = to_host<T>(results[0], n);

    using sum = accy_examples::sum_type<T>;
    if (approximate) {
        double running = 0, error = 0, norm = 0;
        for (std::size_t i = 0; i < n; ++i) {
            running += static_cast<sum>(input[i]);
            const double difference = static_cast<sum>(got[i]) - running;
            error += difference * difference;  // NaN (unwritten) fails below
            norm += running * running;
        }
        BOOST_TEST(std::sqrt(error / norm) < 1e-4, "relative error " << std::sqrt(error / norm) << " at n = " << n);
        return;
    }
    // The sum in sum_type<T>, exact for exact_input, each result rounded (or truncated) to T once.
    sum running{};
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) {
        running = accy_examples::wrapping_add(running, static_cast<sum>(input[i]));
        const T expected = static_cast<T>(running);
        if (std::memcmp(&got[i], &expected, sizeof(T)) != 0 && wrong++ < 5)
            BOOST_TEST_MESSAGE("n = " << n << ", element " << i << ": got " << static_cast<sum>(got[i]) << ", expected " << running);
    }
    BOOST_TEST(wrong == 0u, wrong << " of " << n << " elements differ from the CPU's scan");
}

using element_types = boost::mpl::list<float, std::int32_t>;
using single_pass_types = boost::mpl::list<float, std::int32_t, accy::half, accy::bfloat16, std::int8_t, double>;

}  // namespace

BOOST_AUTO_TEST_SUITE(scan_on_the_gpu)

BOOST_AUTO_TEST_CASE_TEMPLATE(cold, T, element_types) {
    for (const std::uint32_t n : sizes) {
        BOOST_TEST_CONTEXT("n = " << n) {
            check_scan<T>(exact_input<T>(n), [](const auto& operands, const auto& results, const auto& scalars) {
                accy::launch_pipeline<gpu_scan<T>>(device(), accy::formats::cuda_fatbin, operands, results, scalars);
            });
        }
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(pool_and_scratch, T, element_types) {
    const auto pool = accy::load_artifacts<gpu_scan<T>>(device(), accy::formats::cuda_fatbin);
    const std::array<std::uint32_t, 1> most{largest};
    const auto scratch = accy::allocate_scratch<gpu_scan<T>>(device(), most);
    for (const std::uint32_t n : sizes) {
        BOOST_TEST_CONTEXT("n = " << n) {
            check_scan<T>(exact_input<T>(n), [&](const auto& operands, const auto& results, const auto& scalars) {
                accy::launch_pipeline<gpu_scan<T>>(device(), accy::formats::cuda_fatbin, operands, results, scalars,
                                                   accy::use_pool(pool), accy::use_scratch(scratch));
            });
        }
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(from_ptx, T, element_types) {
    for (const std::uint32_t n : {65u, (1u << 20) + 3}) {
        BOOST_TEST_CONTEXT("n = " << n) {
            check_scan<T>(exact_input<T>(n), [](const auto& operands, const auto& results, const auto& scalars) {
                accy::launch_pipeline<gpu_scan<T>>(device(), accy::formats::cuda_ptx, operands, results, scalars);
            });
        }
    }
}

/// Launches `Pipeline` as a CUDA graph made for n = 1 and updated to the launch's n, so that the
/// update's new scalars and grids are what runs.
template <class Pipeline, class T>
void check_in_graph_mode() {
    const auto pool = accy::load_artifacts<Pipeline>(device(), accy::formats::cuda_fatbin);
    const std::array<std::uint32_t, 1> most{largest};
    const auto scratch = accy::allocate_scratch<Pipeline>(device(), most);
    for (const std::uint32_t n : sizes) {
        BOOST_TEST_CONTEXT("n = " << n) {
            check_scan<T>(exact_input<T>(n), [&](const auto& operands, const auto& results, const auto& scalars) {
                const std::array<std::uint32_t, 1> one{1};
                accy::cuda::pipeline_graph<Pipeline> graph(device(), pool, scratch, operands, results, one);
                graph.update(scalars);
                graph.launch();
            });
        }
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(graph_replay, T, element_types) { check_in_graph_mode<gpu_scan<T>, T>(); }

BOOST_AUTO_TEST_CASE(graph_update_checks_bounds_and_scratch_before_changing_anything) {
    const auto pool = accy::load_artifacts<gpu_scan<float>>(device(), accy::formats::cuda_fatbin);
    const std::array<std::uint32_t, 1> small{5000}, larger{5000 * 1024};
    const auto scratch = accy::allocate_scratch<gpu_scan<float>>(device(), small);
    const std::vector<float> input = exact_input<float>(5000);
    const gpu_buffer<float> in = to_device<float>(input), out(device(), input.size());
    const std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    accy::cuda::pipeline_graph<gpu_scan<float>> graph(device(), pool, scratch, operands, results, small);
    BOOST_CHECK_EXCEPTION(graph.update(larger), accy::error, [](const accy::error& failure) {
        return failure.code() == accy::errc::launch_argument_mismatch;
    });
    graph.launch();  // still the n = 5000 graph
    device().synchronize(std::nullopt);
    const std::vector<float> got = to_host<float>(out.view(), input.size());
    float running = 0;
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < input.size(); ++i) wrong += got[i] != (running += input[i]);
    BOOST_TEST(wrong == 0u);
}

/// A driver table whose cuGraphExecKernelNodeSetParams refuses its `refused_call`-th call (from 0)
/// with CUDA_ERROR_INVALID_VALUE and passes every other call to the driver.
struct node_refusing_driver {
    static inline PFN_cuGraphExecKernelNodeSetParams_v12000 real = nullptr;
    static inline int calls = 0;
    static inline int refused_call = -1;

    static CUresult CUDAAPI set_params(CUgraphExec exec, CUgraphNode node, const CUDA_KERNEL_NODE_PARAMS* params) {
        return calls++ == refused_call ? CUDA_ERROR_INVALID_VALUE : real(exec, node, params);
    }

    static accy::cuda::driver_api table() {
        accy::cuda::driver_api copy = accy::cuda::driver();
        real = copy.graph_exec_kernel_node_set_params;
        copy.graph_exec_kernel_node_set_params = &set_params;
        return copy;
    }
};

// Issue 11, item 7: before the fix, nodes set before the refused one kept the new scalars, so the
// next replay ran stage 0 for the new n and the others for the old one.
BOOST_AUTO_TEST_CASE(graph_update_is_all_or_nothing_when_the_driver_refuses_a_node) {
    static_assert(gpu_scan<float>::stage_count >= 2, "the refusal must come after a node was set");
    const accy::cuda::driver_api refusing = node_refusing_driver::table();
    accy::cuda::backend faulty = accy::cuda::backend::adopt(device().context(), refusing);
    const auto pool = accy::load_artifacts<gpu_scan<float>>(faulty, accy::formats::cuda_fatbin);
    const std::uint32_t built_n = 70000, updated_n = (1u << 20) + 3;
    const std::array<std::uint32_t, 1> built{built_n}, updated{updated_n};
    const auto scratch = accy::allocate_scratch<gpu_scan<float>>(faulty, updated);
    const std::vector<float> input = exact_input<float>(updated_n);
    const gpu_buffer<float> in = to_device<float>(input), out(device(), input.size());
    poison(out.view());
    const std::array<accy::buffer, 1> operands{in.view()}, results{out.view()};
    accy::cuda::pipeline_graph<gpu_scan<float>> graph(faulty, pool, scratch, operands, results, built);

    node_refusing_driver::calls = 0;
    node_refusing_driver::refused_call = 1;  // stage 1's node, after stage 0's was set
    BOOST_CHECK_EXCEPTION(graph.update(updated), accy::error,
                          fails_with(accy::errc::device_error, {"pipeline_graph", "stage 1 (", "cuGraphExecKernelNodeSetParams",
                                                                   "CUDA_ERROR_INVALID_VALUE"}));
    // Stage 1's node in the graph (`cuda_graph`) took the new scalars before its executable node was
    // refused, so it is set back too, and with it the executable node, to the scalars it still has.
    BOOST_TEST(node_refusing_driver::calls == 4, "stage 0 set, stage 1 refused, stages 0 and 1 set back: "
                                                     << node_refusing_driver::calls << " calls");
    node_refusing_driver::refused_call = -1;

    graph.launch();  // must still be the graph for built_n
    device().synchronize(std::nullopt);
    const std::vector<float> got = to_host<float>(out.view(), input.size());
    float running = 0;
    std::size_t wrong = 0, written_past_n = 0;
    for (std::size_t i = 0; i < built_n; ++i) wrong += got[i] != (running += input[i]);
    for (std::size_t i = built_n; i < input.size(); ++i) written_past_n += !std::isnan(got[i]);
    BOOST_TEST(wrong == 0u, wrong << " of the first " << built_n << " elements differ from the CPU's scan");
    BOOST_TEST(written_past_n == 0u, written_past_n << " elements past n = " << built_n << " were written");
}

/// Launches the single-pass scan cold, as `check_scan` calls it.
template <class T>
void launch_single_pass(const std::array<accy::buffer, 1>& operands, const std::array<accy::buffer, 1>& results,
                        const std::array<std::uint32_t, 1>& scalars) {
    accy::launch_pipeline<single_pass_scan<T>>(device(), accy::formats::cuda_fatbin, operands, results, scalars);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(single_pass_cold, T, single_pass_types) {
    for (const std::uint32_t n : sizes) BOOST_TEST_CONTEXT("n = " << n) { check_scan<T>(exact_input<T>(n), launch_single_pass<T>); }
}

// The kernel moves whole tiles as 16-byte vectors, so buffers one element off that alignment take
// its element-by-element paths: every tile, not only the last.
BOOST_AUTO_TEST_CASE_TEMPLATE(single_pass_misaligned, T, single_pass_types) {
    for (const std::uint32_t n : sizes)
        BOOST_TEST_CONTEXT("n = " << n) { check_scan<T>(exact_input<T>(n), launch_single_pass<T>, false, 1); }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(single_pass_graph_replay, T, single_pass_types) {
    check_in_graph_mode<single_pass_scan<T>, T>();
}

BOOST_AUTO_TEST_CASE(fractional_f32) {
    const auto pool = accy::load_artifacts<gpu_scan<float>>(device(), accy::formats::cuda_fatbin);
    for (const std::uint32_t n : sizes) {
        BOOST_TEST_CONTEXT("n = " << n) {
            check_scan<float>(
                random_values<float>(n, -1.0f, 1.0f),
                [&](const auto& operands, const auto& results, const auto& scalars) {
                    accy::launch_pipeline<gpu_scan<float>>(device(), accy::formats::cuda_fatbin, operands, results,
                                                           scalars, accy::use_pool(pool));
                },
                true);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
