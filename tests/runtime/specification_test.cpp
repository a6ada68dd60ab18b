// SPDX-License-Identifier: Apache-2.0
// The launch tests of accy's original specification, ported one for one to the recording backend.
// Where a run-time error of the specification has become a compile error, the case says which
// compile-fail test covers it.
#include "support/call_counts.hpp"
#include "support/errors.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_test;

const accy::dim3 grid_79{79, 1, 1};
const accy::dim3 grid_1{1, 1, 1};

struct renamed : device_scan_definition {
    static constexpr std::string_view target = "accy.kernel.test.other_pipeline";
};
struct reversioned : device_scan_definition {
    static constexpr std::uint32_t version = 9;
};

/// A cold launch of the scan fails with `code`, the error of the fault armed on `device`, and frees every
/// buffer it allocated.
void check_failing_cold_launch(recording_backend& device, errc code) {
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             scan_results, n_5000),
                          accy::error, code_is(code));
    for (const recording_backend::object_id buffer : device.allocated_ids)
        BOOST_TEST(device.destroyed(buffer), "buffer " << buffer << " is freed");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(specification)

BOOST_AUTO_TEST_CASE(launch_derives_intermediates_scalars_and_geometry_per_stage) {
    recording_backend device;
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000);

    // The two intermediates are one arena (each at a multiple of 256 bytes), not the specification's
    // two allocations: they are live together at stage 1, so they share none of it.
    check_counts(device, {.allocate = 1, .load = 3, .launch = 3, .destroy = 4});
    BOOST_TEST(device.allocated_byte_sizes[0] == 512u + 79u * 4u);
    BOOST_TEST((device.launches[0].config.grid == grid_79));
    BOOST_TEST((device.launches[1].config.grid == grid_1));
    BOOST_TEST((device.launches[2].config.grid == grid_79));
    BOOST_TEST((device.launches[0].config.block == accy::dim3{64, 1, 1}));
    BOOST_TEST((device.launches[1].config.block == accy::dim3{96, 1, 1}));
    BOOST_TEST(device.launches[0].config.shared_bytes == 0u);
    // Each kernel's scalar is its last parameter: n (block_scan, add_base), count (sums_scan).
    BOOST_TEST(device.launches[0].arguments.size() == 4u);
    BOOST_TEST(device.launches[0].value<std::uint32_t>(3) == 5000u);
    BOOST_TEST(device.launches[1].value<std::uint32_t>(2) == 79u);
    BOOST_TEST(device.launches[2].value<std::uint32_t>(2) == 5000u);
    // block_scan binds (result 0, operand 0, intermediate 0); add_base (result 0, intermediate 1).
    const recording_backend::object_id arena = device.allocated_ids[0];
    BOOST_TEST(device.launches[0].buffer_ids() == (std::vector<recording_backend::object_id>{1002, 1001, arena}),
               boost::test_tools::per_element());
    BOOST_TEST(device.launches[0].value<std::uint64_t>(2) == device.allocated_addresses[0]);
    BOOST_TEST(device.launches.back().buffer_ids().size() == 2u);
    BOOST_TEST(device.launches.back().buffer_ids()[0] == 1002u);
    BOOST_TEST(device.launches.back().buffer_ids()[1] == arena);
    BOOST_TEST(device.launches.back().value<std::uint64_t>(1) == device.allocated_addresses[0] + 512u);
    BOOST_TEST(device.launches.back().buffer_id(2) == 0u);  // n, not a buffer
    BOOST_TEST(device.destroyed(arena));
}

BOOST_AUTO_TEST_CASE(launch_rejects_binding_count_mismatches) {
    // Counts in fixed-size containers are compile errors (compile_fail/launch_operands_count.cpp,
    // launch_results_count.cpp), and runtime scalars are a tuple whose count and types are checked
    // at compile time (launch_scalars_count.cpp, launch_scalar_type.cpp); counts in run-time sized
    // containers of buffers are checked as in the specification.
    recording_backend device;
    const std::span<const accy::buffer> no_buffers;
    const std::vector<accy::buffer> two_results{scan_results[0], recording_backend::buffer_for(1003, 20000)};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, no_buffers,
                                                             scan_results, n_5000),
                          accy::error, code_is(errc::launch_argument_mismatch));
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             no_buffers, n_5000),
                          accy::error, code_is(errc::launch_argument_mismatch));
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands,
                                                             two_results, n_5000),
                          accy::error, code_is(errc::launch_argument_mismatch));
    check_counts(device, {.allocate = 0, .launch = 0});
}

BOOST_AUTO_TEST_CASE(launch_rejects_runtime_scalar_bounds_before_allocation) {
    recording_backend device;
    const std::tuple<std::uint32_t> n_5001{5001};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<bounded_scan>(device, accy::formats::cuda_ptx,
                                                                         scan_operands, scan_results, n_5001),
                          accy::error, code_is(errc::launch_argument_mismatch));
    check_counts(device, {.allocate = 0, .launch = 0});
    BOOST_CHECK_EXCEPTION(accy::allocate_scratch<bounded_scan>(device, n_5001), accy::error,
                          code_is(errc::launch_argument_mismatch));
    BOOST_TEST(device.allocate_count == 0u);
}

BOOST_AUTO_TEST_CASE(launch_refuses_unresolvable_stages_before_any_launch) {
    // A registry missing a stage's entry in every format no longer compiles
    // (compile_fail/stage_without_entry.cpp), nor does a compile-time format that lacks one
    // (compile_fail/no_entry_for_format_launch.cpp, no_entry_for_format_load.cpp). A format chosen
    // at run time that the registry lacks is refused before anything is allocated, loaded or launched.
    recording_backend device;
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<device_scan>(device, accy::format::cuda_cubin, scan_operands,
                                                             scan_results, n_5000),
                          accy::error, code_is(errc::unsupported_operation));
    check_counts(device, {.allocate = 0, .launch = 0, .destroy = 0});
}

BOOST_AUTO_TEST_CASE(launch_releases_intermediates_after_partial_allocation_failure) {
    // The intermediates are one arena: its allocation failing, nothing else was made, and nothing is
    // loaded; a failure after it (the next case) frees it.
    recording_backend device;
    device.allocate_fault.after = 0;
    check_failing_cold_launch(device, errc::out_of_memory);
    check_counts(device, {.allocate = 0, .load = 0, .destroy = 0});
}

BOOST_AUTO_TEST_CASE(launch_releases_loaded_artifacts_after_staged_load_failure) {
    recording_backend device;
    device.load_fault.after = 1;
    check_failing_cold_launch(device, errc::runtime_unavailable);
    check_counts(device, {.allocate = 1, .load = 1, .launch = 1, .destroy = 2});
}

BOOST_AUTO_TEST_CASE(launch_reuses_provided_intermediates_without_allocating) {
    recording_backend device;
    const auto provided = accy::allocate_scratch<device_scan>(device, n_5000);
    BOOST_TEST(device.allocate_count == 1u);  // one arena
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::use_scratch(provided));
    check_counts(device, {.allocate = 1, .launch = 3});
    accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                       accy::use_scratch(provided));
    check_counts(device, {.allocate = 1, .launch = 6});
}

BOOST_AUTO_TEST_CASE(launch_rejects_undersized_or_miscounted_provided_intermediates) {
    recording_backend device;
    const auto launch_with = [&](std::span<const accy::buffer> provided) {
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_scratch(provided));
    };
    const auto scratch = [](recording_backend::object_id id) { return recording_backend::buffer_for(id, 20000); };
    const std::array miscounted{scratch(2001)};
    BOOST_CHECK_EXCEPTION(launch_with(miscounted), accy::error, code_is(errc::launch_argument_mismatch));
    std::array undersized{scratch(2001), scratch(2002)};
    undersized[1].byte_size = 4;
    BOOST_CHECK_EXCEPTION(launch_with(undersized), accy::error, code_is(errc::launch_argument_mismatch));
    const std::array duplicate{scratch(2001), scratch(2001)};
    BOOST_CHECK_EXCEPTION(launch_with(duplicate), accy::error, code_is(errc::launch_argument_mismatch));
    const std::array operand_alias{scan_operands[0], scratch(2002)};
    BOOST_CHECK_EXCEPTION(launch_with(operand_alias), accy::error, code_is(errc::launch_argument_mismatch));
    const std::array result_alias{scratch(2001), scan_results[0]};
    BOOST_CHECK_EXCEPTION(launch_with(result_alias), accy::error, code_is(errc::launch_argument_mismatch));
    BOOST_TEST(device.launch_count == 0u);
}

BOOST_AUTO_TEST_CASE(launch_launches_from_a_loaded_artifact_pool_without_driver_round_trips) {
    recording_backend device;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    check_counts(device, {.create = 3, .load = 3});
    const auto provided = accy::allocate_scratch<device_scan>(device, n_5000);
    for (int round = 0; round < 3; ++round)
        accy::launch_pipeline<device_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                           accy::use_scratch(provided), accy::use_pool(pool));
    // With a pool and scratch the caller waits.
    check_counts(device, {.create = 3, .load = 3, .launch = 9, .synchronize = 0});
}

BOOST_AUTO_TEST_CASE(artifact_pool_deinit_destroys_loaded_artifacts) {
    recording_backend device;
    std::optional pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    check_counts(device, {.load = 3, .destroy = 0});
    pool.reset();
    BOOST_TEST(device.destroy_count == 3u);
    BOOST_TEST((device.last_destroyed_id() == std::optional<recording_backend::object_id>(3)));
    BOOST_TEST(device.synchronize_count == 0u);  // destroying a pool waits for nothing
}

BOOST_AUTO_TEST_CASE(stage_artifacts_carry_their_entrys_parameter_count) {
    recording_backend device;
    const auto pool = accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx);
    const std::array<std::size_t, 3> parameter_counts{4, 3, 3};
    for (std::size_t stage = 0; stage < device_scan::stage_count; ++stage) {
        const accy::kernel_entry& entry = *device_scan::entry(stage, accy::format::cuda_ptx);
        BOOST_TEST(pool[stage].artifact.parameter_count == parameter_counts[stage]);
        BOOST_TEST(pool[stage].artifact.parameter_count == entry.parameters.size());
        BOOST_TEST(device_scan::parameters(stage).size() == parameter_counts[stage]);
        BOOST_TEST(pool[stage].artifact.entry_name == entry.entry_name);
        BOOST_TEST((pool[stage].artifact.format == accy::format::cuda_ptx));
    }
}

BOOST_AUTO_TEST_CASE(artifact_pool_cleans_loaded_artifacts_after_staged_load_failure) {
    recording_backend device;
    device.load_fault.after = 1;
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<device_scan>(device, accy::formats::cuda_ptx), accy::error,
                          code_is(errc::runtime_unavailable));
    check_counts(device, {.load = 1, .destroy = 1});
    BOOST_TEST((device.last_destroyed_id() == std::optional<recording_backend::object_id>(1)));
}

BOOST_AUTO_TEST_CASE(launch_rejects_mismatched_artifact_pools_before_any_launch) {
    // Pools are typed on their pipeline: a renamed or reversioned pipeline is another type, and
    // passing its pool is a compile error (compile_fail/launch_pool_of_other_pipeline.cpp).
    using pool_type = accy::artifact_pool<device_scan, recording_backend>;
    static_assert(!std::is_same_v<pool_type, accy::artifact_pool<accy::pipeline<renamed>, recording_backend>>);
    static_assert(!std::is_same_v<pool_type, accy::artifact_pool<accy::pipeline<reversioned>, recording_backend>>);
    static_assert(accy::pipeline<reversioned>::version == 9);
    // What a launch accepts is a pool of its own pipeline, whose kernels it launches.
    using renamed_scan = accy::pipeline<renamed>;
    recording_backend device;
    const auto own_pool = accy::load_artifacts<renamed_scan>(device, accy::formats::cuda_ptx);
    accy::launch_pipeline<renamed_scan>(device, accy::formats::cuda_ptx, scan_operands, scan_results, n_5000,
                                        accy::use_pool(own_pool));
    BOOST_TEST(device.launch_count == 3u);
    for (std::size_t stage = 0; stage < renamed_scan::stage_count; ++stage)
        BOOST_TEST(device.launches[stage].launched == own_pool[stage].kernel);
}

BOOST_AUTO_TEST_CASE(launch_rejects_artifact_pool_format_mismatches_before_any_launch) {
    recording_backend device;
    const auto pool = accy::load_artifacts<dual_format_scan>(device, accy::formats::cuda_ptx);
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<dual_format_scan>(device, accy::formats::metal_msl, scan_operands,
                                                                  scan_results, n_5000, accy::use_pool(pool)),
                          accy::error, code_is(errc::launch_argument_mismatch));
    check_counts(device, {.allocate = 0, .launch = 0});
}

BOOST_AUTO_TEST_SUITE_END()
