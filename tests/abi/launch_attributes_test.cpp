// SPDX-License-Identifier: Apache-2.0
// Launch attributes on the backends without a GPU: clusters (a derived grid that is no multiple of
// its cluster launches no stage), cooperative launch and programmatic dependent launch, recorded
// as declared by the recording backend and accepted by the host backend; and `accy::errc` as a
// `std::error_code`.
#include "abi/abi_support.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <system_error>
#include <vector>

using namespace accy_abi;

namespace {

/// (f32* out, u32 n): out[block] = block, over one block per element.
void host_fill_index(const accy::host_block& block) {
    block.buffer_as<float>(0)[block.block_index.x] = static_cast<float>(block.block_index.x);
}

constexpr accy::parameter_list fill_parameters{parameter::buffer("out", access::write, dtype::f32),
                                               parameter::scalar("n", dtype::u32)};
constexpr accy::launch_geometry per_element{{grid_dim::ceil_div(1, 1), grid_dim::fixed(1), grid_dim::fixed(1)}, {32, 1, 1}};
constexpr accy::launch_attributes clusters_of_4{{4, 1, 1}};
constexpr accy::launch_attributes cooperative_and_waiting{{}, true, true};

inline constexpr auto attribute_kernels = accy::join_registries(
    in_both_formats({.target = "abi.clustered_fill", .parameters = fill_parameters, .geometry = per_element, .attributes = clusters_of_4},
                    "fill", &host_fill_index),
    in_both_formats({.target = "abi.waiting_fill", .parameters = fill_parameters, .geometry = per_element, .attributes = cooperative_and_waiting},
                    "fill", &host_fill_index));

struct attributes_definition : accy::definition_base<"abi.attributes", attribute_kernels> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_least<1>>>;
    using n = accy::forward<0>;
    using operands = accy::operands<>;
    using results = accy::results<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"abi.clustered_fill", 1, accy::result<0>, n>,
                                accy::stage<"abi.waiting_fill", 1, accy::result<1>, n>>;
};
using attributed = accy::pipeline<attributes_definition>;

}  // namespace

BOOST_AUTO_TEST_SUITE(abi_launch_attributes)

BOOST_AUTO_TEST_CASE(the_recording_backend_records_each_launchs_attributes) {
    recording_backend device;
    const std::array results{recorded<float>(1001, 64), recorded<float>(1002, 64)};
    accy::launch_pipeline<attributed>(device, accy::formats::cuda_ptx, no_operands, results, attributed::scalar_values{64});
    BOOST_TEST_REQUIRE(device.launches.size() == 2u);
    const accy::launch_attributes& first = device.launches[0].attributes;
    const accy::launch_attributes& second = device.launches[1].attributes;
    BOOST_TEST((first.cluster == accy::dim3{4, 1, 1}));
    BOOST_TEST(first.clustered());
    BOOST_TEST(!first.cooperative);
    BOOST_TEST(!first.waits_on_predecessor);
    BOOST_TEST(!second.clustered());
    BOOST_TEST(second.cooperative);
    BOOST_TEST(second.waits_on_predecessor);
}

BOOST_AUTO_TEST_CASE(a_derived_grid_that_is_no_multiple_of_its_cluster_launches_no_stage) {
    const std::array results{recorded<float>(1001, 66), recorded<float>(1002, 66)};
    const auto launch_66 = [&](recording_backend& device) {
        accy::launch_pipeline<attributed>(device, accy::formats::cuda_ptx, no_operands, results, attributed::scalar_values{66});
    };
    check_refused(launch_66, {"stage 0 ('abi.clustered_fill')", "grid dimension x derives 66 blocks",
                              "not a multiple of the entry's cluster of 4"});
}

BOOST_AUTO_TEST_CASE(the_host_backend_runs_entries_that_declare_attributes) {
    accy::host::backend device(2);
    const std::uint32_t n = 128;
    host_buffer first(device, n * sizeof(float)), second(device, n * sizeof(float));
    const std::array results{first.view(), second.view()};
    accy::launch_pipeline<attributed>(device, accy::formats::host, no_operands, results, attributed::scalar_values{n});
    for (const host_buffer* filled : {&first, &second}) {
        const std::vector<float> got = filled->download<float>(n);
        for (std::uint32_t i = 0; i < n; ++i) BOOST_TEST(got[i] == static_cast<float>(i));
    }
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<attributed>(device, accy::formats::host, no_operands, results,
                                                            attributed::scalar_values{n - 2}),
                          accy::error, fails_with(errc::launch_argument_mismatch, {"not a multiple of the entry's cluster of 4"}));
}

BOOST_AUTO_TEST_CASE(error_codes_are_std_error_codes_of_the_accy_category) {
    const std::error_code code = errc::out_of_memory;
    BOOST_TEST(code.category().name() == std::string_view("accy"));
    BOOST_TEST(code.message() == "out_of_memory");
    BOOST_TEST(static_cast<bool>(code));
    const accy::error failure(errc::device_error, "a kernel faulted", 700);
    BOOST_TEST((failure.error_code() == errc::device_error));
    BOOST_TEST(failure.driver_result() == 700);
    BOOST_TEST(failure.in_context({.stage = 0}).driver_result() == 700);
    BOOST_TEST(accy::error(errc::invalid_artifact, "no driver involved").driver_result() == 0);
}

BOOST_AUTO_TEST_SUITE_END()
