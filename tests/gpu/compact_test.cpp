// SPDX-License-Identifier: Apache-2.0
// Tests of the compact example's CUDA kernels against a CPU reference: every key type cold; f32 and
// i32 also with pool + scratch, and as a graph.
#include <gpu/device.hpp>

#include "common/registry.hpp"
#include "compact/compact_check.hpp"
#include "compact/compact_pipeline.hpp"
#include "compact/cuda/compact_cuda.hpp"

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <boost/mpl/list.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_gpu_test;
namespace compact = accy_examples::compact;

BOOST_TEST_GLOBAL_FIXTURE(require_device);

inline constexpr auto gpu_kernels = []<class... T>(accy_examples::element_types<T...>) {
    return accy::join_registries(compact::cuda::entries<T>()...);
}(compact::key_types{});

/// The example's compaction with a registry of its CUDA entries.
template <class T>
struct gpu_definition : compact::definition<T> {
    static constexpr const auto& registry = gpu_kernels;
};
template <class T>
using gpu_compact = accy::pipeline<gpu_definition<T>>;

/// Register tiles up to 4194305 (513 of them); staged tiles, one more than the blocks (9437185), and
/// many (1 << 26).
constexpr std::array<std::uint32_t, 9> sizes{1, 63, 64, 65, 5000, (1u << 20) + 3, 4194305, 9437185, 1u << 26};
constexpr std::uint32_t largest = 1u << 26;

/// Fresh input and a threshold that keeps some of it: integers over their whole range and a threshold
/// in the middle half of it; floating types in [-1, 1] (f16 and bf16 rounded from f32) and a threshold
/// in [-0.5, 0.5].
template <class T>
std::pair<std::vector<T>, T> random_case(std::uint32_t n) {
    if constexpr (std::is_integral_v<T>) {
        using wide = std::conditional_t<(sizeof(T) < 4), std::int32_t, T>;
        const std::vector<wide> drawn = random_values<wide>(n, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
        const wide quarter = static_cast<wide>(std::numeric_limits<T>::max() / 4 - std::numeric_limits<T>::min() / 4);
        const wide middle = static_cast<wide>(std::numeric_limits<T>::min() / 2 + std::numeric_limits<T>::max() / 2);
        return {std::vector<T>(drawn.begin(), drawn.end()),
                static_cast<T>(random_values<wide>(1, static_cast<wide>(middle - quarter), static_cast<wide>(middle + quarter))[0])};
    } else if constexpr (std::is_floating_point_v<T>) {
        return {random_values<T>(n, -1, 1), random_values<T>(1, -0.5, 0.5)[0]};
    } else {
        const std::vector<float> drawn = random_values<float>(n, -1.0f, 1.0f);
        std::vector<T> values(n);
        std::ranges::transform(drawn, values.begin(), [](float value) { return T(value); });
        return {values, T(random_values<float>(1, -0.5f, 0.5f)[0])};
    }
}

/// Uploads a fresh case of `n`, poisons the results, runs `launch(operands, results, scalars)` and
/// compares the kept elements and their count with the CPU's.
template <class T, class Launch>
void check_compact(std::uint32_t n, Launch&& launch) {
    const auto [input, threshold] = random_case<T>(n);
    const gpu_buffer<T> in = to_device<T>(input), out(device(), n);
    const gpu_buffer<std::uint32_t> count(device(), 1);
    poison(out.view());
    poison(count.view());
    const std::array<accy::buffer, 1> operands{in.view()};
    const std::array<accy::buffer, 2> results{out.view(), count.view()};
    const typename gpu_compact<T>::scalar_values scalars{n, threshold};
    launch(operands, results, scalars);
    device().synchronize(std::nullopt);

    const std::vector<T> expected = compact::kept<T>(input, threshold);
    const std::uint32_t kept_count = to_host<std::uint32_t>(count.view(), 1)[0];
    const std::vector<T> got = to_host<T>(out.view(), n);
    BOOST_TEST(compact::check<T>(expected, got, kept_count, "gpu"),
               "n = " << n << ", threshold " << static_cast<accy_examples::sum_type<T>>(threshold));
}

/// check_compact at every one of `sizes`.
template <class T, class Launch>
void check_every_size(const Launch& launch) {
    for (const std::uint32_t n : sizes) {
        BOOST_TEST_CONTEXT("n = " << n) { check_compact<T>(n, launch); }
    }
}

/// What a caller that launches many times holds: the kernels loaded, and scratch for the largest size.
template <class T>
struct loaded_once {
    const accy::artifact_pool<gpu_compact<T>, accy::cuda::backend> pool =
        accy::load_artifacts<gpu_compact<T>>(device(), accy::formats::cuda_fatbin);
    const accy::scratch_buffers<gpu_compact<T>, accy::cuda::backend> scratch =
        accy::allocate_scratch<gpu_compact<T>>(device(), typename gpu_compact<T>::scalar_values{largest, T{}});
};

using element_types = boost::mpl::list<float, std::int32_t>;
using key_types = boost::mpl::list<float, std::int32_t, accy::half, accy::bfloat16, std::int8_t, std::uint8_t, std::int16_t,
                                   std::uint16_t, double>;

}  // namespace

BOOST_AUTO_TEST_SUITE(compact_on_the_gpu)

BOOST_AUTO_TEST_CASE_TEMPLATE(cold, T, key_types) {
    check_every_size<T>([](const auto& operands, const auto& results, const auto& scalars) {
        accy::launch_pipeline<gpu_compact<T>>(device(), accy::formats::cuda_fatbin, operands, results, scalars);
    });
}

BOOST_AUTO_TEST_CASE_TEMPLATE(pool_and_scratch, T, element_types) {
    const loaded_once<T> held;
    check_every_size<T>([&](const auto& operands, const auto& results, const auto& scalars) {
        accy::launch_pipeline<gpu_compact<T>>(device(), accy::formats::cuda_fatbin, operands, results, scalars,
                                              accy::use_pool(held.pool), accy::use_scratch(held.scratch));
    });
}

// A CUDA graph made for n = 1 and the first threshold, then updated to the case's scalars.
BOOST_AUTO_TEST_CASE_TEMPLATE(graph_replay, T, element_types) {
    const loaded_once<T> held;
    check_every_size<T>([&](const auto& operands, const auto& results, const auto& scalars) {
        const typename gpu_compact<T>::scalar_values one{1u, std::get<1>(scalars)};
        accy::cuda::pipeline_graph<gpu_compact<T>> graph(device(), held.pool, held.scratch, operands, results, one);
        graph.update(scalars);
        graph.launch();
    });
}

BOOST_AUTO_TEST_SUITE_END()
