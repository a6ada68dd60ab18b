// SPDX-License-Identifier: Apache-2.0
// Defines the conformance case of a whole pipeline on a backend: `accy::launch_pipeline` launches every stage in order
// on the given stream or the default one, and a call that loaded its own kernels waits for that stream or the device.
// Included by a test executable after it declares `accy_conformance::models` (see conformance/model.hpp).
#pragma once

#include "conformance/support.hpp"

#include <accy/accy.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace accy_conformance {

/// Two stages of the suite's kernel on one result: result = result + 2 × (operand × factor + offset).
template <class Model>
struct affine_twice_definition {
    static constexpr std::string_view target = "conformance.affine_twice";
    static constexpr std::uint32_t version = 1;
    static constexpr auto registry = accy::make_registry(Model::entry);
    using n = accy::forward<0>;
    using factor = accy::forward<1>;
    using offset = accy::forward<2>;
    using runtime_scalars =
        accy::runtime_scalars<accy::scalar<"n", std::uint32_t>, accy::scalar<"factor", std::int32_t>,
                              accy::scalar<"offset", std::int64_t>>;
    using operands = accy::operands<accy::shape<dtype::i32, n>>;
    using results = accy::results<accy::shape<dtype::i64, n>>;
    using stage = accy::stage<"conformance.affine", 1, accy::result<0>, accy::operand<0>, n, factor, offset>;
    using stages = accy::stages<stage, stage>;
};

template <class Model>
using affine_twice = accy::pipeline<affine_twice_definition<Model>>;

BOOST_AUTO_TEST_SUITE(conformance)

BOOST_AUTO_TEST_CASE_TEMPLATE(a_cold_pipeline_launch_runs_its_stages_on_the_stream_given_and_waits_for_it, Model,
                              models) {
    using pipeline = affine_twice<Model>;
    using stream_type = typename Model::backend::stream;
    typename Model::backend device = Model::make();
    const auto stream = Model::make_stream(device);
    std::mt19937 engine = accy_test::fresh_engine();
    for (const std::optional<stream_type> on : {std::optional<stream_type>{}, std::optional(stream.get())}) {
        BOOST_TEST_CONTEXT((on ? "on a stream" : "on the default stream")) {
            const affine_buffers<Model> run(device, engine);
            const auto& [data, out, in] = run;
            const typename pipeline::scalar_values scalars{data.n, data.factor, data.offset};
            const std::array operands{in.view()};
            const std::array results{out.view()};
            const accy::static_format<Model::format> format;
            // The call loads its own kernels: it waits for the stream (or the device) before it unloads them.
            if (on)
                accy::launch_pipeline<pipeline>(device, format, operands, results, scalars, accy::on_stream(*on));
            else
                accy::launch_pipeline<pipeline>(device, format, operands, results, scalars);
            if constexpr (Model::computes) {
                const std::vector<std::int64_t> once = data.expected();
                check_equal(run.result(device), affine_reference(once, data.in, data.factor, data.offset));
            }
            if constexpr (Model::records_calls) {
                say_instead<Model>("runs nothing; the launches and the wait are checked as recorded");
                BOOST_TEST_REQUIRE(device.launches.size() >= 2u);
                for (auto launched = device.launches.end() - 2; launched != device.launches.end(); ++launched)
                    check_record<Model>(device, *launched, data, out.view(), in.view(), on);
                BOOST_TEST((device.launches.end()[-2].launched < device.launches.end()[-1].launched));  // stage 0 first
                BOOST_TEST((device.synchronized.back() == on));
                BOOST_TEST(device.live_objects() == 2u);  // `out` and `in`; the call's kernels are unloaded
            }
        }
    }
    if constexpr (Model::records_calls) {
        BOOST_TEST(device.launch_count == 4u);
        BOOST_TEST(device.synchronize_count == 2u);
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace accy_conformance
