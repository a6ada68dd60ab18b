// SPDX-License-Identifier: Apache-2.0
// Defines the conformance cases of launches: results against the reference on fresh random data, the default stream
// and a stream, waiting for a stream and for the device, a launch whose arguments disagree with the kernel and
// one whose grid or block is outside CUDA's limits.
// Included by a test executable after it declares `accy_conformance::models` (see conformance/model.hpp).
#pragma once

#include "conformance/support.hpp"

#include <accy/core/error.hpp>
#include <accy/kernel/argument.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace accy_conformance {

/// On a recording model: the launch was recorded as made, its buffers by id and its scalars by value.
template <class Model, class Record>
void check_record(const typename Model::backend& device, const Record& launched, const affine_inputs& data,
                  const accy::buffer& out, const accy::buffer& in,
                  const std::optional<typename Model::backend::stream>& on) {
    const accy::launch_config expected = affine_config(data.n);
    BOOST_TEST((launched.config.grid == expected.grid && launched.config.block == expected.block));
    BOOST_TEST(launched.arguments.size() == 5u);
    BOOST_TEST(launched.buffer_id(0) == device.id_of(out));
    BOOST_TEST(launched.buffer_id(1) == device.id_of(in));
    BOOST_TEST(launched.template value<std::uint32_t>(2) == data.n);
    BOOST_TEST(launched.template value<std::int32_t>(3) == data.factor);
    BOOST_TEST(launched.template value<std::int64_t>(4) == data.offset);
    BOOST_TEST((launched.on == on));
}

BOOST_AUTO_TEST_SUITE(conformance)

BOOST_AUTO_TEST_CASE_TEMPLATE(a_launch_on_the_default_stream_computes_the_reference_after_a_device_wait, Model,
                              models) {
    launch_setup<Model> setup;
    auto& [device, engine, run, kernel] = setup;
    const auto& [data, out, in] = run;
    device.launch(kernel.get(), affine_config(data.n), run.arguments(), std::nullopt);
    device.synchronize(std::nullopt);
    if constexpr (Model::computes) check_equal(run.result(device), data.expected());
    if constexpr (Model::records_calls) {
        say_instead<Model>("runs nothing; the launch is checked as recorded");
        check_record<Model>(device, device.launches.back(), data, out.view(), in.view(), std::nullopt);
        BOOST_TEST((device.synchronized == std::vector<std::optional<typename Model::backend::stream>>{std::nullopt}));
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_launch_on_a_stream_follows_the_fill_zero_before_it_and_a_stream_wait_covers_it, Model,
                              models) {
    launch_setup<Model> setup;  // `out` is not zeros: the fill_zero must come first
    auto& [device, engine, run, kernel] = setup;
    const auto& [data, out, in] = run;
    const auto stream = Model::make_stream(device);
    device.fill_zero(out.view(), stream.get());
    device.launch(kernel.get(), affine_config(data.n), run.arguments(), stream.get());
    device.synchronize(stream.get());
    if constexpr (Model::computes) {
        const std::vector<std::int64_t> zeros(data.n, 0);
        check_equal(run.result(device), affine_reference(zeros, data.in, data.factor, data.offset));
    }
    if constexpr (Model::records_calls) {
        say_instead<Model>("runs nothing; the launch is checked as recorded");
        BOOST_TEST(device.zeroed_ids == std::vector{device.id_of(out.view())},
                   boost::test_tools::per_element());
        check_record<Model>(device, device.launches.back(), data, out.view(), in.view(), stream.get());
        BOOST_TEST((device.synchronized == std::vector{std::optional(stream.get())}));
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_device_wait_covers_launches_on_a_stream_which_read_their_scalars_when_launched, Model,
                              models) {
    launch_setup<Model> setup;
    auto& [device, engine, run, kernel] = setup;
    const auto& [data, out, in] = run;
    const auto stream = Model::make_stream(device);
    // Four launches through one set of arguments whose scalars change after each launch returns.
    std::int32_t factor = data.factor;
    std::int64_t offset = data.offset;
    const std::array<accy::kernel_argument, 5> arguments{buffer_argument(out.view()), buffer_argument(in.view()),
                                                         value_argument(data.n), value_argument(factor),
                                                         value_argument(offset)};
    std::vector<std::int64_t> expected = data.out;
    constexpr int launches = 4;
    for (int k = 0; k < launches; ++k) {
        device.launch(kernel.get(), affine_config(data.n), arguments, stream.get());
        expected = affine_reference(expected, data.in, factor, offset);
        if constexpr (Model::records_calls) {
            BOOST_TEST(device.launches.back().template value<std::int32_t>(3) == factor);
            BOOST_TEST(device.launches.back().template value<std::int64_t>(4) == offset);
        }
        factor = -factor + 1;
        offset = offset / 2 - 3;
    }
    device.synchronize(std::nullopt);
    if constexpr (Model::computes) check_equal(run.result(device), expected);
    if constexpr (Model::records_calls) {
        say_instead<Model>("runs nothing; the launches are checked as recorded");
        BOOST_TEST(device.launch_count == std::size_t{launches});
        BOOST_TEST(!device.synchronized.back().has_value());
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_launch_whose_arguments_disagree_with_the_entry_is_an_argument_mismatch, Model, models) {
    launch_setup<Model> setup;
    auto& [device, engine, run, kernel] = setup;
    const auto& [data, out, in] = run;
    const std::array<accy::kernel_argument, 5> five = run.arguments();
    const std::array<accy::kernel_argument, 6> six{five[0], five[1], five[2], five[3], five[4], five[4]};
    for (const std::span<const accy::kernel_argument> wrong :
         {std::span<const accy::kernel_argument>(five).first(4), std::span<const accy::kernel_argument>(six)}) {
        BOOST_TEST_CONTEXT(wrong.size() << " arguments for 5 parameters") {
            if constexpr (Model::checks_arguments) {
                BOOST_CHECK_EXCEPTION(
                    device.launch(kernel.get(), affine_config(data.n), wrong, std::nullopt), accy::error,
                    fails_with(accy::errc::launch_argument_mismatch, {"5 parameters", std::to_string(wrong.size())}));
            } else {
                say_instead<Model>("launches whatever arguments it is given, as given");
                device.launch(kernel.get(), affine_config(data.n), wrong, std::nullopt);
                BOOST_TEST(device.launches.back().arguments.size() == wrong.size());
            }
        }
    }
    device.synchronize(std::nullopt);
    if constexpr (Model::computes)  // refused before anything ran
        check_equal(run.result(device), data.out);
}

// Every backend refuses these, the recording backend too (issue 34, item 9), whatever `checks_arguments` says.
BOOST_AUTO_TEST_CASE_TEMPLATE(a_grid_or_block_outside_cudas_limits_is_an_argument_mismatch, Model, models) {
    launch_setup<Model> setup;
    auto& [device, engine, run, kernel] = setup;
    const auto& [data, out, in] = run;
    const accy::launch_config fits = affine_config(data.n);
    const std::array<accy::launch_config, 5> outside{
        accy::launch_config{{0, 1, 1}, fits.block, 0}, accy::launch_config{{1, 65536, 1}, fits.block, 0},
        accy::launch_config{fits.grid, {1025, 1, 1}, 0}, accy::launch_config{fits.grid, {1, 1, 65}, 0},
        accy::launch_config{{0, 0, 0}, {4096, 1, 1}, 0}};
    for (const accy::launch_config& config : outside) {
        BOOST_TEST_CONTEXT("grid (" << config.grid.x << ", " << config.grid.y << ", " << config.grid.z << "), block ("
                                    << config.block.x << ", " << config.block.y << ", " << config.block.z << ")") {
            BOOST_CHECK_EXCEPTION(device.launch(kernel.get(), config, run.arguments(), std::nullopt), accy::error,
                                  fails_with(accy::errc::launch_argument_mismatch, {"outside CUDA's limits"}));
        }
    }
    if constexpr (Model::records_calls) BOOST_TEST(device.launches.empty());  // none recorded
    device.synchronize(std::nullopt);
    if constexpr (Model::computes)  // refused before anything ran
        check_equal(run.result(device), data.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace accy_conformance
