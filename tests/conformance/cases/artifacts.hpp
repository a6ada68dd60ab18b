// SPDX-License-Identifier: Apache-2.0
// Defines the conformance cases of artifacts: create, load and unload, and the errors of code a backend cannot load.
// Included by a test executable after it declares `accy_conformance::models` (see conformance/model.hpp).
#pragma once

#include "conformance/support.hpp"

#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/payload.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <optional>
#include <random>
#include <string>

namespace accy_conformance {

BOOST_AUTO_TEST_SUITE(conformance)

BOOST_AUTO_TEST_CASE_TEMPLATE(a_kernel_loaded_twice_from_one_artifact_outlives_the_other_ones_unload, Model, models) {
    typename Model::backend device = Model::make();
    const typename Model::backend::artifact made =
        device.create_artifact(Model::entry, Model::format, Model::entry.payload);
    const typename Model::backend::kernel first = device.load_artifact(made);
    const typename Model::backend::kernel second = device.load_artifact(made);
    device.unload_kernel(first);

    std::mt19937 engine = accy_test::fresh_engine();
    const affine_buffers<Model> run(device, engine);
    device.launch(second, affine_config(run.data.n), run.arguments(), std::nullopt);
    device.synchronize(std::nullopt);
    if constexpr (Model::computes) check_equal(run.result(device), run.data.expected());
    if constexpr (Model::records_calls) {
        BOOST_TEST(device.create_count == 1u);
        BOOST_TEST(device.load_count == 2u);
        BOOST_TEST(first != second);
        BOOST_TEST(device.destroyed(first));
        BOOST_TEST(!device.destroyed(second));
        BOOST_TEST(device.launches.back().launched == second);
    }
    device.unload_kernel(second);
    if constexpr (Model::records_calls) BOOST_TEST(device.destroyed(second));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(code_the_backend_cannot_load_is_an_invalid_artifact, Model, models) {
    typename Model::backend device = Model::make();
    // Wherever the backend finds out, at create_artifact or at load_artifact.
    const auto create_and_load = [&](const accy::payload& code) {
        device.unload_kernel(device.load_artifact(device.create_artifact(Model::entry, Model::format, code)));
    };
    const std::array<accy::payload, 2> unloadable{accy::payload{}, Model::corrupt_payload()};
    for (std::size_t i = 0; i < unloadable.size(); ++i) {
        BOOST_TEST_CONTEXT((i == 0 ? "an empty payload" : "a corrupt payload")) {
            if constexpr (Model::checks_artifacts) {
                BOOST_CHECK_EXCEPTION(create_and_load(unloadable[i]), accy::error,
                                      fails_with(accy::errc::invalid_artifact, {"'conformance_affine'"}));
            } else {
                say_instead<Model>("loads any payload, as given");
                create_and_load(unloadable[i]);
                BOOST_TEST(device.load_count == i + 1);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_format_the_backend_does_not_load_is_an_unsupported_operation, Model, models) {
    typename Model::backend device = Model::make();
    // metal_msl, which no backend loads, and a format another backend loads.
    for (const accy::format other : {accy::format::metal_msl, Model::foreign_format}) {
        BOOST_TEST_CONTEXT("format " << accy::to_string(other)) {
            if constexpr (Model::checks_artifacts) {
                BOOST_CHECK_EXCEPTION(device.create_artifact(Model::entry, other, Model::entry.payload), accy::error,
                                      fails_with(accy::errc::unsupported_operation,
                                                 {std::string(accy::to_string(other)), "'conformance_affine'"}));
            } else {
                say_instead<Model>("makes an artifact of any format, and keeps the format");
                BOOST_TEST((device.create_artifact(Model::entry, other, Model::entry.payload).format == other));
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace accy_conformance
