// SPDX-License-Identifier: Apache-2.0
// A when inside a repeat_while: regions do not nest.
// expect: accy::repeat_while<Flag, Bound, Stages...> and accy::when<Flag, Stages...> hold one or more accy::stage<...>s and nothing else
// expect: accy::diagnostic::report<accy::problem::region_holds_other_than_stages
// expect: accy::diagnostic::in_region<accy::region_kind::repeat_while, 0, 1, 4>
#include <support/halving_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using namespace accy_test;

struct definition : halving_definition {
    using stages = accy::stages<
        stage_of<copy_kernel, result<0>, operand<0>, n>,
        repeat_while<intermediate<0>, forward<1>, stage_of<halve_kernel, result<0>, threshold, n>,
                     stage_of<any_above_kernel, intermediate<0>, result<0>, threshold, n>,
                     when<intermediate<0>, stage_of<negate_kernel, result<0>, n>>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results,
                                          pipeline<definition>::runtime_scalars(1000u, 10u, 0.5f));
}
