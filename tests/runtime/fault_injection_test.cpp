// SPDX-License-Identifier: Apache-2.0
// Fails each backend call of each public entry point in turn, and checks that the call reports the
// injected error and destroys exactly the objects it created, and nothing the caller owns.
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using namespace accy_test;
using object_ids = std::vector<recording_backend::object_id>;

enum class call_kind { allocate, create, load, fill, launch, synchronize };
constexpr std::array all_call_kinds{call_kind::allocate, call_kind::create, call_kind::load, call_kind::fill,
                                    call_kind::launch, call_kind::synchronize};

recording_backend::fault& fault_of(recording_backend& device, call_kind kind) {
    switch (kind) {
    case call_kind::allocate: return device.allocate_fault;
    case call_kind::create: return device.create_fault;
    case call_kind::load: return device.load_fault;
    case call_kind::fill: return device.fill_fault;
    case call_kind::launch: return device.launch_fault;
    case call_kind::synchronize: break;
    }
    return device.synchronize_fault;
}

std::size_t count_of(const recording_backend& device, call_kind kind) {
    switch (kind) {
    case call_kind::allocate: return device.allocate_count;
    case call_kind::create: return device.create_count;
    case call_kind::load: return device.load_count;
    case call_kind::fill: return device.fill_count;
    case call_kind::launch: return device.launch_count;
    case call_kind::synchronize: break;
    }
    return device.synchronize_count;
}

object_ids created_since(const recording_backend& device, std::size_t allocated, std::size_t loaded) {
    object_ids ids(device.allocated_ids.begin() + static_cast<std::ptrdiff_t>(allocated), device.allocated_ids.end());
    ids.insert(ids.end(), device.loaded_ids.begin() + static_cast<std::ptrdiff_t>(loaded), device.loaded_ids.end());
    std::sort(ids.begin(), ids.end());
    return ids;
}

object_ids destroyed_since(const recording_backend& device, std::size_t destroyed) {
    object_ids ids(device.destroyed_ids.begin() + static_cast<std::ptrdiff_t>(destroyed), device.destroyed_ids.end());
    std::sort(ids.begin(), ids.end());
    return ids;
}

/// For every kind of backend call that `call` makes, fails its first, second, ... call in turn.
/// `setup` makes what the caller owns (a pool, scratch) before the fault is armed. Returns
/// how many calls of each kind a clean run made, so that a test can say which kinds it covered.
template <class Setup, class Call>
std::array<std::size_t, all_call_kinds.size()> sweep(std::string_view entry_point, Setup setup, Call call) {
    std::array<std::size_t, all_call_kinds.size()> clean_counts{};
    {
        recording_backend device;
        auto owned = setup(device);
        for (std::size_t kind = 0; kind < all_call_kinds.size(); ++kind)
            clean_counts[kind] = count_of(device, all_call_kinds[kind]);
        call(device, owned);
        for (std::size_t kind = 0; kind < all_call_kinds.size(); ++kind)
            clean_counts[kind] = count_of(device, all_call_kinds[kind]) - clean_counts[kind];
    }
    std::size_t failures_injected = 0;
    for (std::size_t kind = 0; kind < all_call_kinds.size(); ++kind) {
        for (std::size_t k = 0; k < clean_counts[kind]; ++k) {
            BOOST_TEST_CONTEXT(entry_point << ": fail call " << k << " of kind " << kind) {
                recording_backend device;
                auto owned = setup(device);
                recording_backend::fault& fault = fault_of(device, all_call_kinds[kind]);
                fault.after = count_of(device, all_call_kinds[kind]) + k;
                const std::size_t allocated = device.allocated_ids.size(), loaded = device.loaded_ids.size(),
                                  destroyed = device.destroyed_ids.size();
                std::optional<accy::errc> reported;
                try {
                    call(device, owned);
                } catch (const accy::error& failure) {
                    reported = failure.code();
                }
                BOOST_TEST((reported == std::optional(fault.code)));
                BOOST_TEST(created_since(device, allocated, loaded) == destroyed_since(device, destroyed),
                           boost::test_tools::per_element());
                ++failures_injected;
            }
        }
    }
    BOOST_TEST(failures_injected > 0u);
    return clean_counts;
}

constexpr std::size_t kind_index(call_kind kind) { return static_cast<std::size_t>(kind); }

struct nothing_owned {};

auto own_nothing = [](recording_backend&) { return nothing_owned{}; };
auto own_pool = [](recording_backend& device) { return accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx); };
auto own_scratch = [](recording_backend& device) {
    return accy::allocate_scratch<device_scan>(device, n_5000);
};
auto own_both = [](recording_backend& device) { return std::pair(own_pool(device), own_scratch(device)); };

}  // namespace

BOOST_AUTO_TEST_SUITE(fault_injection)

BOOST_AUTO_TEST_CASE(allocate_scratch_destroys_what_it_allocated) {
    sweep("allocate_scratch", own_nothing,
          [](recording_backend& device, nothing_owned&) { accy::allocate_scratch<device_scan>(device, n_5000); });
}

BOOST_AUTO_TEST_CASE(load_artifacts_destroys_what_it_loaded) {
    sweep("load_artifacts", own_nothing, [](recording_backend& device, nothing_owned&) {
        accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    });
}

BOOST_AUTO_TEST_CASE(cold_launch_destroys_what_it_allocated_and_loaded) {
    sweep("launch_pipeline (cold)", own_nothing, [](recording_backend& device, nothing_owned&) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000);
    });
}

BOOST_AUTO_TEST_CASE(launch_with_pool_destroys_only_its_scratch) {
    sweep("launch_pipeline (pool)", own_pool, [](recording_backend& device, auto& pool) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_pool(pool));
    });
}

BOOST_AUTO_TEST_CASE(launch_with_scratch_destroys_only_its_kernels) {
    sweep("launch_pipeline (scratch)", own_scratch, [](recording_backend& device, auto& scratch) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_scratch(scratch));
    });
}

BOOST_AUTO_TEST_CASE(launch_with_pool_and_scratch_destroys_nothing) {
    sweep("launch_pipeline (pool and scratch)", own_both, [](recording_backend& device, auto& owned) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_pool(owned.first), accy::use_scratch(owned.second));
    });
}

// Two stages, each with a zero_filled workspace: a fill precedes each stage's launch.
inline constexpr auto zeroing_registry = accy::make_registry(
    accy::kernel_entry{"test.count", 1, accy::format::cuda_ptx, "count",
                       {parameter::buffer("flags", access::write, dtype::u32), parameter::buffer("in", access::read, dtype::f32),
                        parameter::scalar("n", dtype::u64), parameter::buffer("counter", access::read_write, dtype::i32)},
                       accy::payload::from_text("// count"), accy::launch_geometry::fixed({4, 1, 1}, {256, 1, 1})},
    accy::kernel_entry{"test.compact", 1, accy::format::cuda_ptx, "compact",
                       {parameter::buffer("out", access::write, dtype::f32), parameter::buffer("flags", access::read, dtype::u32),
                        parameter::buffer("in", access::read, dtype::f32), parameter::scalar("n", dtype::u64),
                        parameter::buffer("ticket", access::read_write, dtype::u32)},
                       accy::payload::from_text("// compact"), accy::launch_geometry::fixed({4, 1, 1}, {256, 1, 1})});

struct zeroing_definition : accy::definition_base<"test.zeroing", zeroing_registry> {
    using n = accy::forward<0>;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<dtype::u32, n>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::i32, accy::constant<1>>>,
                                        accy::zero_filled<accy::shape<dtype::u32, accy::constant<1>>>>;
    using stages = accy::stages<
        accy::stage<"test.count", 1, accy::intermediate<0>, accy::operand<0>, n, accy::workspace<0>>,
        accy::stage<"test.compact", 1, accy::result<0>, accy::intermediate<0>, accy::operand<0>, n, accy::workspace<1>>>;
};
using zeroing = accy::pipeline<zeroing_definition>;
const std::tuple<std::uint64_t> n_1000{1000};

auto own_zeroing_scratch = [](recording_backend& device) { return accy::allocate_scratch<zeroing>(device, n_1000); };
auto own_zeroing_both = [](recording_backend& device) {
    return std::pair(accy::load_artifacts<zeroing>(device, accy::formats::cuda_ptx), own_zeroing_scratch(device));
};

BOOST_AUTO_TEST_CASE(a_failing_workspace_fill_destroys_what_the_launch_made) {
    const auto cold = sweep("launch_pipeline (zero_filled workspaces, cold)", own_nothing,
                            [](recording_backend& device, nothing_owned&) {
                                accy::launch_pipeline<zeroing>(device, accy::formats::cuda_ptx, scan_operands,
                                                               scan_results, n_1000);
                            });
    BOOST_TEST(cold[kind_index(call_kind::fill)] == 2u);
    BOOST_TEST(cold[kind_index(call_kind::allocate)] == 1u);  // the scratch arena
    const auto hot = sweep("launch_pipeline (zero_filled workspaces, pool and scratch)", own_zeroing_both,
                           [](recording_backend& device, auto& owned) {
                               accy::launch_pipeline<zeroing>(device, accy::formats::cuda_ptx, scan_operands,
                                                              scan_results, n_1000, accy::use_pool(owned.first),
                                                              accy::use_scratch(owned.second));
                           });
    BOOST_TEST(hot[kind_index(call_kind::fill)] == 2u);
    BOOST_TEST(hot[kind_index(call_kind::allocate)] == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
