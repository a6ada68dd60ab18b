// Fails each backend call of each public entry point in turn, and checks that the call reports the
// injected error and destroys exactly the objects it created, and nothing the caller owns.
#include "support/seed_pipeline.hpp"

#include <accy/accy.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace {

using accy::testing::recording_backend;
using accy_test::device_scan;
using accy_test::n_5000;
using accy_test::seed_operands;
using accy_test::seed_results;
using object_ids = std::vector<recording_backend::object_id>;

enum class call_kind { allocate, create, load, launch, synchronize };
constexpr std::array all_call_kinds{call_kind::allocate, call_kind::create, call_kind::load, call_kind::launch,
                                    call_kind::synchronize};

recording_backend::fault& fault_of(recording_backend& device, call_kind kind) {
    switch (kind) {
    case call_kind::allocate: return device.allocate_fault;
    case call_kind::create: return device.create_fault;
    case call_kind::load: return device.load_fault;
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
/// `setup` makes what the caller owns (a pool, intermediates) before the fault is armed.
template <class Setup, class Call>
void sweep(std::string_view entry_point, Setup setup, Call call) {
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
}

struct nothing_owned {};

auto own_nothing = [](recording_backend&) { return nothing_owned{}; };
auto own_pool = [](recording_backend& device) { return accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx); };
auto own_intermediates = [](recording_backend& device) {
    return accy::allocate_intermediates<device_scan>(device, n_5000);
};
auto own_both = [](recording_backend& device) { return std::pair(own_pool(device), own_intermediates(device)); };

}  // namespace

BOOST_AUTO_TEST_SUITE(fault_injection)

BOOST_AUTO_TEST_CASE(allocate_intermediates_destroys_what_it_allocated) {
    sweep("allocate_intermediates", own_nothing,
          [](recording_backend& device, nothing_owned&) { accy::allocate_intermediates<device_scan>(device, n_5000); });
}

BOOST_AUTO_TEST_CASE(load_artifacts_destroys_what_it_loaded) {
    sweep("load_artifacts", own_nothing, [](recording_backend& device, nothing_owned&) {
        accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    });
}

BOOST_AUTO_TEST_CASE(cold_launch_destroys_what_it_allocated_and_loaded) {
    sweep("launch_pipeline (cold)", own_nothing, [](recording_backend& device, nothing_owned&) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, seed_operands, seed_results, n_5000);
    });
}

BOOST_AUTO_TEST_CASE(launch_with_pool_destroys_only_its_intermediates) {
    sweep("launch_pipeline (pool)", own_pool, [](recording_backend& device, auto& pool) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, seed_operands, seed_results, n_5000,
                                           accy::use_pool(pool));
    });
}

BOOST_AUTO_TEST_CASE(launch_with_intermediates_destroys_only_its_kernels) {
    sweep("launch_pipeline (intermediates)", own_intermediates, [](recording_backend& device, auto& scratch) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, seed_operands, seed_results, n_5000,
                                           accy::use_intermediates(scratch));
    });
}

BOOST_AUTO_TEST_CASE(launch_with_pool_and_intermediates_destroys_nothing) {
    sweep("launch_pipeline (pool and intermediates)", own_both, [](recording_backend& device, auto& owned) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, seed_operands, seed_results, n_5000,
                                           accy::use_pool(owned.first), accy::use_intermediates(owned.second));
    });
}

BOOST_AUTO_TEST_SUITE_END()
